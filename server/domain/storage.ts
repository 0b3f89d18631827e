import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { encodeStoredName } from '@/shared/storedName';
import { IMAGE_MIME, type ImageFormat, sniffImage } from './media/imageHeader';

/** What a file is: an image the library takes, a PDF, a workbook, or plain text (CSV). */
export type FileKind = ImageFormat | 'pdf' | 'xlsx' | 'csv';

const startsWith = (buffer: Buffer, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((b, i) => buffer[offset + i] === b);

/**
 * What a file really is, judged by its bytes, never by its name or declared type. Images first:
 * an SVG is text too, and must not pass for CSV.
 */
export function sniff(buffer: Buffer): FileKind | null {
  const image = sniffImage(buffer);
  if (image) return image;
  if (startsWith(buffer, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04]) && buffer.includes('[Content_Types].xml')) return 'xlsx';
  if (buffer.length > 0 && !buffer.includes(0) && isUtf8(buffer)) return 'csv';
  return null;
}

function isUtf8(buffer: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}

export const IMAGE_KINDS: FileKind[] = ['png', 'jpeg', 'gif', 'webp'];

export const CONTENT_TYPES: Record<FileKind, string> = {
  ...IMAGE_MIME,
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const EXTENSIONS: Record<FileKind, string> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  avif: 'avif',
  svg: 'svg',
  pdf: 'pdf',
  xlsx: 'xlsx',
  csv: 'csv',
};

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Where stored bytes live, by key (`media/<sha256>` for the library's originals). Keys are made by
 * the server, never by a client: lower-case letters, digits, `_`, `-`, `.` and `/` between parts.
 * Every implementation answers the same public URL for a key, `/storage/<key>`, which the API
 * serves from whichever store is configured, so several API processes can share one bucket.
 */
export interface BlobStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key, or null when nothing is stored there. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream, for large files; null when nothing is stored there. */
  stream?(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the key; removing a key that is not there is no error. */
  delete(key: string): Promise<void>;
  /** The public path the key is served under. */
  url(key: string): string;
}

/** What a key may look like: server-made parts, no `..`, no hidden names. */
const KEY = /^[a-z0-9_-]+(?:\/[a-zA-Z0-9_-][a-zA-Z0-9_.-]*)+$/;
export const isStorageKey = (key: string): boolean => KEY.test(key) && !key.split('/').includes('..');

export function assertKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
}

export const storageUrl = (key: string): string => `/storage/${key}`;

export interface Storage extends BlobStore {
  /** The local data directory: the blobs of the local store, and the files of the upload handles. */
  root: string;
  /** Which implementation holds the blobs. */
  kind: 'local' | 's3';
  /**
   * Stores the bytes under a server-made name that carries `uploadedAs` (src/shared/storedName.ts);
   * answers the public path under /storage.
   */
  save(folder: string, kind: FileKind, bytes: Buffer, uploadedAs?: string): Promise<string>;
}

/** Blobs as files under a directory (the default). */
export function createLocalBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.part`);
      // Written aside then renamed, so a half-written file is never served.
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    async get(key) {
      return readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
    },
    async stream(key) {
      const file = fileOf(key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? createReadStream(file) : null;
    },
    async exists(key) {
      const found = await stat(fileOf(key)).catch(() => null);
      return Boolean(found?.isFile());
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    url: storageUrl,
  };
}

/**
 * The storage of this process: blobs in the local data directory, or in the S3-compatible bucket
 * `blobs` names (server/domain/s3Storage.ts, chosen by S3_* in the environment).
 */
export function createStorage(root: string, blobs?: BlobStore): Storage {
  const store = blobs ?? createLocalBlobStore(root);
  return {
    ...store,
    root,
    kind: blobs ? 's3' : 'local',
    async save(folder, kind, bytes, uploadedAs) {
      const dir = join(root, folder);
      await mkdir(dir, { recursive: true });
      const carried = uploadedAs ? encodeStoredName(uploadedAs) : '';
      const name = `${randomBytes(16).toString('hex')}${carried ? `_${carried}` : ''}.${EXTENSIONS[kind]}`;
      const temp = join(dir, `.${name}.part`);
      // Written aside then renamed, so a half-written file is never served.
      await writeFile(temp, bytes);
      await rename(temp, join(dir, name));
      return `/storage/${folder}/${name}`;
    },
  };
}

/**
 * What a shown name may not hold, each becoming `_`: control and invisible formatting characters
 * (a right-to-left override makes `photo\u202Egnp.exe` read as `photoexe.png`), and what file
 * systems give a meaning to (`\ / : * ? " < > |`), so the name can also name a downloaded file.
 * Letters, marks and digits of every script, punctuation and symbols stay; so do the joiners that
 * Persian and Indic words and emoji sequences are written with.
 */
const NOT_IN_NAME = /[^\p{L}\p{M}\p{N}\p{P}\p{S} \u200C\u200D]|[\\/:*?"<>|]/gu;
const NAME_MAX = 200;

/**
 * A readable name to show for an upload: the client's name without any path, in composed form
 * (macOS sends `S` + combining caron where a search types `Š`), with odd spaces made plain.
 */
export function displayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const shown = base
    .normalize('NFC')
    .replace(/\p{Zs}/gu, ' ')
    .replace(NOT_IN_NAME, '_')
    .trim();
  // Cut by characters, never through one written as two UTF-16 units.
  return Array.from(shown).slice(0, NAME_MAX).join('') || 'file';
}

/**
 * Whether a path that files/upload answered names a file it really stored: under the storage
 * root, not a folder (`/storage/avatar/..`), nor a hidden part-written file. Forms carry such
 * paths, so a path that was typed in, never uploaded, or since removed is refused.
 */
export async function isStoredFile(storage: Storage, path: string): Promise<boolean> {
  if (!path.startsWith('/storage/')) return false;
  const root = resolve(storage.root);
  const file = resolve(root, path.slice('/storage/'.length));
  const inside = relative(root, file);
  if (!inside || inside.startsWith(`..${sep}`) || inside === '..' || basename(file).startsWith('.')) {
    return false;
  }
  const found = await stat(file).catch(() => null);
  return Boolean(found?.isFile());
}
