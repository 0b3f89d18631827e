import ExcelJS from 'exceljs';
import type { ImportProvider } from './provider';

/**
 * A workbook to start an import from: the provider's headers and example rows on the first sheet
 * (the one an import reads), and what each column takes on a second.
 */
export async function sampleWorkbook(provider: ImportProvider): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(provider.label);
  sheet.columns = provider.columns.map((column) => ({ header: column.header, width: 24 }));
  sheet.getRow(1).font = { bold: true };
  for (const example of provider.sample) {
    sheet.addRow(provider.columns.map((column) => example[column.header] ?? ''));
  }
  const help = workbook.addWorksheet('Columns');
  help.columns = [
    { header: 'Column', width: 24 },
    { header: 'Required', width: 10 },
    { header: 'What it takes', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of provider.columns) {
    help.addRow([column.header, column.required ? 'Yes' : 'No', column.description]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
