import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw, createInflateRaw } from 'node:zlib';

/**
 * Zip archives as .xlsx workbooks use them: reading one with a bound on what it may unpack to, and
 * writing one entry by entry, a large entry streamed through deflate.
 */

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END64 = 0x06064b50;
const END64_LOCATOR = 0x07064b50;
const DESCRIPTOR = 0x08074b50;
const ZIP64_EXTRA = 0x0001;
const MAX32 = 0xffffffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** The bytes are no zip archive this reader can open (damaged, encrypted, or an unknown method). */
export class ZipUnreadable extends Error {
  constructor(message = 'The archive could not be read.') {
    super(message);
    this.name = 'ZipUnreadable';
  }
}

/** The entries unpack to more than the reader may hold; `inflated` is what it had unpacked when it stopped. */
export class ZipTooLarge extends Error {
  constructor(
    readonly inflated: number,
    readonly limit: number,
  ) {
    super(`The archive unpacks to more than ${limit} bytes.`);
    this.name = 'ZipTooLarge';
  }
}

interface DirectoryEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  localOffset: number;
}

function endOfDirectory(zip: Buffer): { entries: number; offset: number } {
  // The end record sits in the last 64 KB + 22 bytes (its comment is at most 64 KB).
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), zip.length - 22);
  if (end < 0 || end < zip.length - 65_557 || zip.readUInt32LE(end) !== END) throw new ZipUnreadable();
  let entries = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || offset === MAX32) {
    const locator = end - 20;
    if (locator < 0 || zip.readUInt32LE(locator) !== END64_LOCATOR) throw new ZipUnreadable();
    const at = Number(zip.readBigUInt64LE(locator + 8));
    if (at + 56 > zip.length || zip.readUInt32LE(at) !== END64) throw new ZipUnreadable();
    entries = Number(zip.readBigUInt64LE(at + 32));
    offset = Number(zip.readBigUInt64LE(at + 48));
  }
  return { entries, offset };
}

/** Sizes and offsets too large for 32 bits are in the entry's zip64 extra field, in this order. */
function zip64Values(extra: Buffer, wanted: { size: boolean; compressed: boolean; offset: boolean }) {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw new ZipUnreadable();
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      const size = wanted.size ? next() : undefined;
      const compressed = wanted.compressed ? next() : undefined;
      const offset = wanted.offset ? next() : undefined;
      return { size, compressed, offset };
    }
    at += 4 + length;
  }
  throw new ZipUnreadable();
}

function directory(zip: Buffer): DirectoryEntry[] {
  const { entries, offset } = endOfDirectory(zip);
  const list: DirectoryEntry[] = [];
  let at = offset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new ZipUnreadable();
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    let compressedSize = zip.readUInt32LE(at + 20);
    let localOffset = zip.readUInt32LE(at + 42);
    const size = zip.readUInt32LE(at + 24);
    if (compressedSize === MAX32 || localOffset === MAX32 || size === MAX32) {
      const extra = zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      const big = zip64Values(extra, {
        size: size === MAX32,
        compressed: compressedSize === MAX32,
        offset: localOffset === MAX32,
      });
      compressedSize = big.compressed ?? compressedSize;
      localOffset = big.offset ?? localOffset;
    }
    list.push({
      // Names are UTF-8 when flagged so, else code page 437: a workbook's part names are ASCII either way.
      name: nameBytes.toString(flags & FLAG_UTF8 ? 'utf8' : 'latin1'),
      flags,
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize,
      localOffset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return list;
}

/** The compressed bytes of an entry, found through its local header. */
function rawData(zip: Buffer, entry: DirectoryEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new ZipUnreadable();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw new ZipUnreadable();
  return zip.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates one entry, counting the bytes as they come out of zlib: what the archive claims about
 * sizes is not believed. Stops as soon as the count passes `budget`.
 */
async function inflate(data: Buffer, budget: number, counted: (bytes: number) => void): Promise<Buffer> {
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  const chunks: Buffer[] = [];
  let size = 0;
  inflater.end(data);
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      size += chunk.length;
      counted(chunk.length);
      if (size > budget) throw new ZipTooLarge(0, 0);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ZipTooLarge) throw error;
    throw new ZipUnreadable();
  } finally {
    inflater.destroy();
  }
  return Buffer.concat(chunks, size);
}

/**
 * Every file in the archive, unpacked, as long as all of them together unpack to at most `limit`
 * bytes. The count is of the bytes actually inflated, so an archive whose directory understates
 * its sizes is stopped at the limit, never unpacked whole. Each entry's checksum is verified.
 */
export async function unzip(zip: Buffer, limit: number): Promise<ZipEntry[]> {
  if (zip.length < 22) throw new ZipUnreadable();
  const entries: ZipEntry[] = [];
  let inflated = 0;
  for (const entry of directory(zip)) {
    if (entry.name.endsWith('/')) continue;
    if (entry.flags & FLAG_ENCRYPTED) throw new ZipUnreadable();
    const raw = rawData(zip, entry);
    let data: Buffer;
    if (entry.method === STORED) {
      inflated += raw.length;
      if (inflated > limit) throw new ZipTooLarge(inflated, limit);
      data = raw;
    } else if (entry.method === DEFLATED) {
      try {
        data = await inflate(raw, limit - inflated, (bytes) => {
          inflated += bytes;
        });
      } catch (error) {
        if (error instanceof ZipTooLarge) throw new ZipTooLarge(inflated, limit);
        throw error;
      }
    } else {
      throw new ZipUnreadable();
    }
    if (crc32(data) !== entry.crc) throw new ZipUnreadable();
    entries.push({ name: entry.name, data });
  }
  return entries;
}

interface WrittenEntry {
  name: Buffer;
  method: number;
  flags: number;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
}

function localHeader(entry: Omit<WrittenEntry, 'offset'>): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt32LE(0, 10); // time and date: 1980-01-01, as no reader needs them
  header.writeUInt16LE(0x21, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: WrittenEntry): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(entry.flags, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt32LE(0, 12);
  header.writeUInt16LE(0x21, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endRecord(entries: WrittenEntry[], directoryStart: number, directorySize: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryStart, 16);
  return end;
}

function tooBig(...values: number[]): boolean {
  return values.some((value) => value >= MAX32);
}

/** An archive of the entries, stored as they are (no compression): cheap to write and to read back. */
export function storedZip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const written: WrittenEntry[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const entry = {
      name: Buffer.from(name, 'utf8'),
      method: STORED,
      flags: FLAG_UTF8,
      crc: crc32(data),
      size: data.length,
      compressedSize: data.length,
      offset,
    };
    if (tooBig(offset, data.length)) throw new RangeError('The archive is too large to write.');
    const header = localHeader(entry);
    parts.push(header, data);
    written.push(entry);
    offset += header.length + data.length;
  }
  const central = written.map(centralHeader);
  const size = central.reduce((sum, part) => sum + part.length, 0);
  return Buffer.concat([...parts, ...central, endRecord(written, offset, size)]);
}

/** A file of the archive being written: its bytes at once, or a stream of them deflated as they come. */
export interface ZipSource {
  name: string;
  content: Buffer | AsyncIterable<Buffer>;
}

async function* deflated(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  sums: { crc: number; size: number; compressedSize: number },
): AsyncGenerator<Buffer> {
  async function* measured() {
    for await (const chunk of source) {
      sums.crc = crc32(chunk, sums.crc);
      sums.size += chunk.length;
      yield chunk;
    }
  }
  const deflater = createDeflateRaw();
  // A failure of the source (an export stopped midway) destroys the deflater with it, which ends
  // the loop below with that error; a reader that stops early destroys the source in turn.
  const piped = pipeline(Readable.from(measured()), deflater);
  piped.catch(() => {});
  for await (const chunk of deflater as AsyncIterable<Buffer>) {
    sums.compressedSize += chunk.length;
    yield chunk;
  }
  await piped;
}

async function* archive(sources: ZipSource[]): AsyncGenerator<Buffer> {
  const written: WrittenEntry[] = [];
  let offset = 0;
  for (const source of sources) {
    const name = Buffer.from(source.name, 'utf8');
    // Sizes and checksum follow the data (a data descriptor): the data is written as it is deflated.
    const entry = {
      name,
      method: DEFLATED,
      flags: FLAG_UTF8 | FLAG_DESCRIPTOR,
      crc: 0,
      size: 0,
      compressedSize: 0,
    };
    const header = localHeader(entry);
    yield header;
    const sums = { crc: 0, size: 0, compressedSize: 0 };
    const content = Buffer.isBuffer(source.content) ? [source.content] : source.content;
    for await (const chunk of deflated(content, sums)) yield chunk;
    if (tooBig(offset, sums.size, sums.compressedSize)) {
      throw new RangeError('The workbook is too large for one file (more than 4 GB).');
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DESCRIPTOR, 0);
    descriptor.writeUInt32LE(sums.crc, 4);
    descriptor.writeUInt32LE(sums.compressedSize, 8);
    descriptor.writeUInt32LE(sums.size, 12);
    yield descriptor;
    written.push({ ...entry, ...sums, offset });
    offset += header.length + sums.compressedSize + descriptor.length;
  }
  const central = written.map(centralHeader);
  for (const part of central) yield part;
  const size = central.reduce((sum, part) => sum + part.length, 0);
  if (tooBig(offset)) throw new RangeError('The workbook is too large for one file (more than 4 GB).');
  yield endRecord(written, offset, size);
}

/** Writes a zip archive of the sources to `file`, streaming: a large entry never sits in memory whole. */
export async function writeZip(file: string, sources: ZipSource[]): Promise<void> {
  await pipeline(Readable.from(archive(sources)), createWriteStream(file));
}
