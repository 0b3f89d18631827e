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

const NO_SHEET = 'The workbook has no sheet with a header row to import.';

/** The first worksheet's header row (as column keys) and its data rows. */
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

/**
 * Reads the first worksheet of an .xlsx held in memory: the header row, then each data row with
 * its cells under their headers; blank rows are skipped. The whole workbook is read at once: an
 * upload is at most 5 MB and unpacks to at most MAX_UNPACKED_BYTES (checked before this runs).
 * exceljs' streaming reader was tried first and now and then missed the worksheet, or rows of it,
 * in workbooks whose parts come in another order, so it is not used. More than `maxRows` data rows,
 * or a file that is no workbook, throws SheetError.
 */
export async function readSheet(bytes: Buffer, maxRows: number): Promise<Sheet> {
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
  return { headers: (headers as string[]).filter(Boolean), rows };
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
