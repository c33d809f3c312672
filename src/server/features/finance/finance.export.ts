import ExcelJS from 'exceljs';
import { centavosToDecimal } from '../../../shared/money.js';

/** A column of an export: money columns hold centavos and come out as reais. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
  money?: boolean;
}

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

function csvCell(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** CSV as Excel in Brazil opens it: UTF-8 with BOM, `;` separators, decimal comma. */
export function toCsv<T>(columns: ExportColumn<T>[], rows: T[]): Buffer {
  const lines = [columns.map((column) => csvCell(column.header)).join(';')];
  for (const row of rows) {
    lines.push(
      columns
        .map((column) => {
          const value = column.value(row);
          if (value === null) return '';
          if (column.money && typeof value === 'number') return centavosToDecimal(value).replace('.', ',');
          // Neutralise spreadsheet formulas in text cells (CSV injection).
          const text = String(value);
          return csvCell(/^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text);
        })
        .join(';'),
    );
  }
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function toXlsx<T>(sheetName: string, columns: ExportColumn<T>[], rows: T[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sistema Escolar';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 2),
    ...(column.money ? { style: { numFmt: '"R$" #,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((column) => {
        const value = column.value(row);
        return column.money && typeof value === 'number' ? value / 100 : value;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function exportRows<T>(
  format: 'csv' | 'xlsx',
  baseName: string,
  columns: ExportColumn<T>[],
  rows: T[],
): Promise<ExportFile> {
  if (format === 'csv') {
    return {
      body: toCsv(columns, rows),
      contentType: 'text/csv; charset=utf-8',
      fileName: `${baseName}.csv`,
    };
  }
  return {
    body: await toXlsx(baseName, columns, rows),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${baseName}.xlsx`,
  };
}
