import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ukWallClock } from './ukTime';
import { writeZip } from './zip';

export type CellValue = string | number | Date | null;

export interface SheetColumn {
  header: string;
  width?: number;
}

/** The cell formats of styles.xml, by their index in cellXfs. */
const STYLE = { header: 1, quoted: 2, date: 3 } as const;

/** How dates show: day first, as the UK writes them, in UK time. */
const DATE_FORMAT = 'dd/mm/yyyy hh:mm';

/**
 * Text a spreadsheet program would take for a formula (or a DDE call) when the cell is edited or
 * the file converted. Such a cell keeps its text as it is and gets the quote-prefix format, Excel's
 * own mark for "text, never a formula", which also shows no apostrophe.
 */
const FORMULA_LIKE = /^[=+\-@\t\r]/;

const ESCAPED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold are what this finds
  /_x[0-9A-Fa-f]{4}_|[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\ufffe\uffff]|[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text as an OOXML string holds it: XML's own escapes, and `_xHHHH_` for what XML cannot carry
 * (a carriage return, control characters). A literal `_x000D_` in the text gets its underscore
 * escaped (`_x005F_`), so a reader gives back exactly the text written.
 */
export function ooxmlText(text: string): string {
  return text.replace(ESCAPED, (match) => {
    if (match.length > 1) return `_x005F${match}`;
    const entity = ENTITIES[match];
    if (entity) return entity;
    return `_x${match.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
  });
}

/** Excel's serial number of a date: days since 1899-12-30, the time of day as a fraction, in UK time. */
export function excelSerial(date: Date): number {
  return ukWallClock(date.getTime()) / 86_400_000 + 25_569;
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function textCell(ref: string, text: string, style: number): string {
  const space = /^\s|\s$|\n|\t/.test(text) ? ' xml:space="preserve"' : '';
  const s = style ? ` s="${style}"` : '';
  return `<c r="${ref}" t="inlineStr"${s}><is><t${space}>${ooxmlText(text)}</t></is></c>`;
}

function cellXml(ref: string, value: CellValue): string {
  if (value === null || value === '') return '';
  if (typeof value === 'string') return textCell(ref, value, FORMULA_LIKE.test(value) ? STYLE.quoted : 0);
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (Number.isNaN(value.getTime())) return '';
  return `<c r="${ref}" s="${STYLE.date}"><v>${excelSerial(value)}</v></c>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
  `<numFmts count="1"><numFmt numFmtId="164" formatCode="${DATE_FORMAT}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

function workbookXml(sheetName: string): string {
  // A sheet name is at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise).
  const name = sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    `<sheets><sheet name="${ooxmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

/** Rows gathered into one piece of XML before they go to deflate: fewer, larger writes. */
const PIECE = 64 * 1024;

async function* sheetXml(columns: SheetColumn[], rows: AsyncIterable<CellValue[]>): AsyncGenerator<Buffer> {
  const names: string[] = [];
  const name = (index: number) => {
    names[index] ??= columnName(index);
    return names[index]!;
  };
  const cols = columns
    .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width ?? 20}" customWidth="1"/>`)
    .join('');
  const header = columns.map((column, i) => textCell(`${name(i)}1`, column.header, STYLE.header)).join('');
  let piece =
    `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    `${cols ? `<cols>${cols}</cols>` : ''}<sheetData><row r="1">${header}</row>`;
  let number = 1;
  for await (const row of rows) {
    number++;
    piece += `<row r="${number}">`;
    for (let i = 0; i < row.length; i++) piece += cellXml(`${name(i)}${number}`, row[i] ?? null);
    piece += '</row>';
    if (piece.length >= PIECE) {
      yield Buffer.from(piece, 'utf8');
      piece = '';
    }
  }
  yield Buffer.from(`${piece}</sheetData></worksheet>`, 'utf8');
}

/**
 * Writes an .xlsx row by row to disk, streamed through deflate, so a million rows never sit in
 * memory. Text is written as text (formula-like text marked so), numbers as numbers and dates as
 * date cells in UK time. The file appears under its name only when complete.
 */
export async function writeSheet(
  file: string,
  sheetName: string,
  columns: SheetColumn[],
  rows: AsyncIterable<CellValue[]>,
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.part`;
  try {
    await writeZip(partial, [
      { name: '[Content_Types].xml', content: Buffer.from(CONTENT_TYPES) },
      { name: '_rels/.rels', content: Buffer.from(ROOT_RELS) },
      { name: 'xl/workbook.xml', content: Buffer.from(workbookXml(sheetName)) },
      { name: 'xl/_rels/workbook.xml.rels', content: Buffer.from(WORKBOOK_RELS) },
      { name: 'xl/styles.xml', content: Buffer.from(STYLES) },
      { name: 'xl/worksheets/sheet1.xml', content: sheetXml(columns, rows) },
    ]);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
