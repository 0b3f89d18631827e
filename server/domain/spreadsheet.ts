import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import ExcelJS from 'exceljs';

export type CellValue = string | number | null;

export interface SheetColumn {
  header: string;
  width?: number;
}

/**
 * A text that a spreadsheet program would read as a formula (or a DDE call) is written with a
 * leading apostrophe, so opening an export never runs what a visitor typed into a form.
 */
export function neutralise(value: CellValue): CellValue {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Writes an .xlsx row by row to disk (exceljs' streaming writer), so a million rows never sit in
 * memory. The file appears under its name only when complete.
 */
export async function writeSheet(
  file: string,
  sheetName: string,
  columns: SheetColumn[],
  rows: AsyncIterable<CellValue[]>,
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.part`;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: partial,
    useSharedStrings: false,
    useStyles: true,
  });
  try {
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 20 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const row of rows) sheet.addRow(row.map(neutralise)).commit();
    sheet.commit();
    await workbook.commit();
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
