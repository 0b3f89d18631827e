import ExcelJS from 'exceljs';

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
