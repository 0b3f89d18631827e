import { constants, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import XLSX from 'xlsx';

export type SheetCell = string | number | boolean | Date | null;

/** An .xlsx made by exceljs, as a spreadsheet program saves one: a header row, then the rows. */
export async function workbook(
  headers: string[],
  rows: SheetCell[][],
  sheetName = 'Import',
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The rows of a workbook's first sheet as text, header row first. */
export async function sheetRows(bytes: Buffer, sheet = 1): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[sheet - 1]!.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return rows;
}

export const PAGE_HEADERS = [
  'Name',
  'Brand',
  'Parent',
  'Meta title',
  'Meta description',
  'Published',
  'Published at',
  'Allow children',
  'Content',
];

/** A workbook's first sheet as SheetJS reads it: each cell's type (t), value (v), format (z) and shown text (w). */
export function sheetJsCells(bytes: Buffer): XLSX.WorkSheet {
  const book = XLSX.read(bytes, { type: 'buffer', cellNF: true });
  return book.Sheets[book.SheetNames[0]!]!;
}

/** One part of an .xlsx, as text. */
function part(bytes: Buffer, name: string): string {
  const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
  const entry = XLSX.CFB.find(zip, `/${name}`);
  if (!entry) throw new Error(`no ${name} in the workbook`);
  return Buffer.from(entry.content as Uint8Array).toString('utf8');
}

/** Whether a cell of the first sheet has Excel's quote-prefix format ("text, never a formula"). */
export function quotePrefixed(bytes: Buffer, ref: string): boolean {
  const cell = new RegExp(`<c r="${ref}"([^>]*)>`).exec(part(bytes, 'xl/worksheets/sheet1.xml'));
  if (!cell) throw new Error(`no cell ${ref}`);
  const style = Number(/\bs="(\d+)"/.exec(cell[1]!)?.[1] ?? 0);
  const cellXfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(part(bytes, 'xl/styles.xml'))?.[1] ?? '';
  const formats = cellXfs.match(/<xf\b[^>]*>/g) ?? [];
  return /\bquotePrefix="(1|true)"/.test(formats[style] ?? '');
}

/** A workbook written by SheetJS, as another program (or a script) would save one. */
export function sheetJsWorkbook(headers: string[], rows: SheetCell[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([headers, ...rows]), 'Import');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

interface RawEntry {
  name: string;
  /** The entry's bytes as stored: deflated (method 8) or as they are (method 0). */
  stored: Buffer;
  method: 0 | 8;
  crc: number;
  /** What the headers say the entry unpacks to: the truth, or not. */
  claimedSize: number;
}

/** A zip archive whose headers say exactly what they are given, lies included. */
export function zipOf(entries: RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.claimedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.stored.length, 20);
    header.writeUInt32LE(entry.claimedSize, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.stored);
    central.push(header, name);
    offset += local.length + name.length + entry.stored.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of the smallest workbook Excel opens, but its sheet. */
const WORKBOOK_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Import" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};

/**
 * A workbook whose sheet has a Name header, then `megabytes` MB of blank space (valid XML between
 * rows), deflated a megabyte at a time so that building even a gigabyte costs nothing: a deflated
 * megabyte of spaces is about 1 kB, and blocks flushed whole can be repeated. The headers claim
 * the sheet unpacks to `claimedSize` bytes (16 kB unless told).
 */
export function paddedWorkbook(megabytes: number, claimedSize = 16 * 1024): Buffer {
  const head = `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>`;
  const tail = '</sheetData></worksheet>';
  const flushed = (text: string | Buffer) => deflateRawSync(text, { finishFlush: constants.Z_FULL_FLUSH });
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  const spaces = flushed(megabyte);
  const stored = Buffer.concat([
    flushed(head),
    ...Array.from({ length: megabytes }, () => spaces),
    deflateRawSync(tail),
  ]);
  let crc = crc32(head);
  for (let i = 0; i < megabytes; i++) crc = crc32(megabyte, crc);
  crc = crc32(tail, crc);
  const deflated = (name: string, text: string): RawEntry => {
    const bytes = Buffer.from(text);
    return { name, stored: deflateRawSync(bytes), method: 8, crc: crc32(bytes), claimedSize: bytes.length };
  };
  return zipOf([
    ...Object.entries(WORKBOOK_PARTS).map(([name, text]) => deflated(name, text)),
    { name: 'xl/worksheets/sheet1.xml', stored, method: 8, crc, claimedSize },
  ]);
}
