import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** One data row of a sheet: its row number as the spreadsheet shows it, and its cells by column header. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

/** The sheet could not be read as a workbook with a header row; the message says what to fix. */
export class SheetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SheetError';
  }
}

/** A cell longer than this is cut: no column of any provider needs more. */
const MAX_CELL = 20_000;

const READ_OPTIONS = {
  sharedStrings: 'cache',
  hyperlinks: 'ignore',
  // Dates are numbers with a date style: the styles tell them apart.
  styles: 'cache',
  worksheets: 'emit',
  entries: 'emit',
} as const;

/** The header text as providers name columns: trimmed, single spaces, lower case. */
export function headerKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What a cell shows, as text: rich text joined, a formula's result, a date as YYYY-MM-DD (with the time when it has one). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
  }
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.error) return '';
    return '';
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value).slice(0, MAX_CELL).trim();
}

type Source = string | Buffer;

function streamOf(source: Source): Readable {
  return typeof source === 'string' ? createReadStream(source) : Readable.from(source);
}

interface RowReader {
  number: number;
  values: unknown[];
}

/**
 * Reads the first worksheet of an .xlsx as a stream (exceljs' streaming reader): the header row,
 * then each data row with its cells under their headers. Blank rows are skipped. More than
 * `maxRows` data rows, or a file that is no workbook, throws SheetError.
 */
export async function* readSheet(
  source: Source,
  options: { maxRows: number; onHeaders?: (headers: string[]) => void },
): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(streamOf(source), READ_OPTIONS);
  // exceljs reads a worksheet as it arrives once the shared strings and relationships have, and then
  // reads the workbook part's sheet list and properties, which writers may put last (exceljs does):
  // without these empty stand-ins it fails on such a file. The workbook part replaces them.
  Object.assign(reader, { model: { sheets: [] }, properties: {} });
  let sawSheet = false;
  let headers: string[] | null = null;
  let count = 0;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const raw of sheet as AsyncIterable<RowReader>) {
        const values = Array.isArray(raw.values) ? raw.values : [];
        const texts = values.map(cellText);
        if (texts.every((text) => text === '')) continue;
        if (!headers) {
          headers = texts.map((text) => headerKey(text));
          options.onHeaders?.(headers.filter(Boolean));
          continue;
        }
        count += 1;
        if (count > options.maxRows) {
          throw new SheetError(
            `The sheet has more than ${options.maxRows} rows: split it into smaller files.`,
          );
        }
        const cells: Record<string, string> = {};
        headers.forEach((header, index) => {
          if (header && texts[index]) cells[header] = texts[index]!;
        });
        yield { row: raw.number, cells };
      }
      // Only the first sheet is imported.
      break;
    }
  } catch (error) {
    if (error instanceof SheetError) throw error;
    throw new SheetError('The file could not be read as an Excel workbook (.xlsx).');
  }
  if (!sawSheet || !headers) throw new SheetError(NO_SHEET);
}

const NO_SHEET = 'The workbook has no sheet with a header row to import.';

/**
 * The rows of the first worksheet, read from the whole workbook in memory (an upload is at most
 * 5 MB and unpacks to at most MAX_UNPACKED_BYTES). Used when the streaming reader found no
 * worksheet in a file that has one: exceljs' streaming reader now and then misses the worksheet
 * of a workbook whose parts it reads out of order.
 */
export async function readSheetWhole(bytes: Buffer, maxRows: number): Promise<SheetRow[]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('The file could not be read as an Excel workbook (.xlsx).');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new SheetError(NO_SHEET);
  let headers: string[] | null = null;
  const rows: SheetRow[] = [];
  sheet.eachRow((row) => {
    const texts = (Array.isArray(row.values) ? row.values : []).map(cellText);
    if (texts.every((text) => text === '')) return;
    if (!headers) {
      headers = texts.map(headerKey);
      return;
    }
    const cells: Record<string, string> = {};
    headers.forEach((header, index) => {
      if (header && texts[index]) cells[header] = texts[index]!;
    });
    rows.push({ row: row.number, cells });
  });
  if (!headers) throw new SheetError(NO_SHEET);
  if (rows.length > maxRows) {
    throw new SheetError(`The sheet has more than ${maxRows} rows: split it into smaller files.`);
  }
  return rows;
}

/** Whether a SheetError says that no worksheet with headers was found. */
export const isNoSheet = (error: unknown) => error instanceof SheetError && error.message === NO_SHEET;

/** The header row, and whether any data row follows (the upload checks both before anything is queued). */
export async function readHeaders(source: Source): Promise<{ headers: string[]; hasRows: boolean }> {
  let headers: string[] = [];
  const rows = readSheet(source, {
    maxRows: Number.MAX_SAFE_INTEGER,
    onHeaders: (found) => {
      headers = found;
    },
  });
  try {
    const first = await rows.next();
    return { headers, hasRows: !first.done };
  } finally {
    await rows.return(undefined);
  }
}

/** The most a workbook may unpack to: far above any sheet of MAX rows, far below a zip bomb. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

/**
 * What the zip's central directory says its entries unpack to, or null when it has none that can
 * be read. Checked before exceljs inflates anything, so a small upload cannot unpack to gigabytes.
 */
export function unpackedSize(zip: Buffer): number | null {
  // The end-of-central-directory record sits in the last 64 KB + 22 bytes.
  const from = Math.max(0, zip.length - 65_557);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), zip.length - 22);
  if (end < from || end < 0) return null;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return null;
    total += zip.readUInt32LE(at + 24);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}
