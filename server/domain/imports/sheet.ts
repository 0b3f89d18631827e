import ExcelJS from 'exceljs';
import { storedZip, unzip, type ZipEntry, ZipTooLarge, ZipUnreadable } from '../zip';

/** One data row of a sheet: its row number as the spreadsheet shows it, and its cells by column header. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

/** The sheet could not be read as a workbook with a header row; the message says what to fix. */
export class SheetError extends Error {
  constructor(
    message: string,
    /** For a workbook refused as too large: the bytes inflated before the count stopped. */
    readonly inflated?: number,
  ) {
    super(message);
    this.name = 'SheetError';
  }
}

/** A cell longer than this is cut: no column of any provider needs more. */
const MAX_CELL = 20_000;

/** The header text as providers name columns: trimmed, single spaces, lower case. */
export function headerKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * OOXML writes what XML cannot hold as `_xHHHH_` (Excel and SheetJS write a carriage return as
 * `_x000D_`), and a literal `_x` that looks like one with its underscore escaped (`_x005F_`).
 * exceljs undoes only some of these (in shared strings, upper-case hex), so before it reads a sheet
 * every escape is handed over under a private mark, and cellText undoes each exactly once.
 */
const MARK = '\uf8ff';
const ESCAPE = /_x([0-9A-Fa-f]{4})_/g;
const MARKED = new RegExp(`${MARK}x([0-9A-Fa-f]{4})${MARK}`, 'g');

/**
 * The XML of a part with each `_xHHHH_` escape written with the mark in place of both underscores
 * (so no underscore is left for exceljs to pair with the text after it), and the mark itself escaped.
 */
function markEscapes(xml: string): string {
  return xml.replaceAll(MARK, `${MARK}xF8FF${MARK}`).replace(ESCAPE, `${MARK}x$1${MARK}`);
}

/** Text as it was written: escapes undone, and Windows (or old Mac) line breaks as plain line breaks. */
function plainText(text: string): string {
  return text
    .replace(MARKED, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\r\n?/g, '\n');
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
    if (Array.isArray(cell.richText)) return cellText(cell.richText.map((part) => part.text).join(''));
    if ('result' in cell) return cellText(cell.result);
    if (cell.text !== undefined) return cellText(cell.text);
    return '';
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return plainText(String(value)).slice(0, MAX_CELL).trim();
}

const NO_SHEET = 'The workbook has no sheet with a header row to import.';

/** The first worksheet's header row (as column keys) and its data rows. */
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

/**
 * The most a workbook may unpack to, counted as its parts are inflated: far above a sheet of
 * 1,000 rows (a full one is a few megabytes), far below what a small zip bomb unpacks to.
 */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

const UNREADABLE = 'The file could not be read as an Excel workbook (.xlsx).';
export const TOO_LARGE = 'The workbook is too large once unpacked: split it into smaller files.';

/** The parts whose text holds cell values: worksheets and the shared strings. */
const TEXT_PART = /^xl\/(worksheets\/[^/]+|sharedStrings)\.xml$/i;

/**
 * The workbook's parts, unpacked with at most MAX_UNPACKED_BYTES inflated (whatever the zip's
 * directory claims), and packed again, uncompressed, for exceljs: it reads only what was counted.
 */
async function boundedWorkbook(bytes: Buffer): Promise<Buffer> {
  let entries: ZipEntry[];
  try {
    entries = await unzip(bytes, MAX_UNPACKED_BYTES);
  } catch (error) {
    if (error instanceof ZipTooLarge) throw new SheetError(TOO_LARGE, error.inflated);
    if (error instanceof ZipUnreadable) throw new SheetError(UNREADABLE);
    throw error;
  }
  return storedZip(
    entries.map((entry) =>
      TEXT_PART.test(entry.name)
        ? { name: entry.name, data: Buffer.from(markEscapes(entry.data.toString('utf8')), 'utf8') }
        : entry,
    ),
  );
}

/**
 * Reads the first worksheet of an .xlsx held in memory: the header row, then each data row with
 * its cells under their headers; blank rows are skipped. The whole workbook is read at once: an
 * upload is at most 5 MB, and its parts are inflated with a count of the bytes that come out,
 * stopped at MAX_UNPACKED_BYTES. exceljs' streaming reader was tried first and now and then missed
 * the worksheet, or rows of it, in workbooks whose parts come in another order, so it is not used.
 * More than `maxRows` data rows, or a file that is no workbook, throws SheetError.
 */
export async function readSheet(bytes: Buffer, maxRows: number): Promise<Sheet> {
  const workbook = await boundedWorkbook(bytes);
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(workbook as unknown as ArrayBuffer);
  } catch {
    throw new SheetError(UNREADABLE);
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
  return { headers: (headers as string[]).filter(Boolean), rows };
}
