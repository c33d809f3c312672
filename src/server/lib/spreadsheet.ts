import { centavosToDecimal } from '../../shared/money.js';

/**
 * Every export of the app (students, finance, audit, reports) is written here: CSV in the dialect Excel
 * opens directly in Brazil, and typed XLSX.
 */

/** A column of an export. Money columns hold centavos and come out as reais. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  money?: boolean;
  /** An ISO date (AAAA-MM-DD): dd/mm/aaaa in the CSV, a real date cell in the XLSX. */
  date?: boolean;
  /** A percentage 0–100: a percent cell in the XLSX (87,5 %), the number in the CSV. */
  percent?: boolean;
  /** A number always written with this many decimals ('8,0' in the CSV, format 0.0 in the XLSX): grades. */
  decimals?: number;
  /** Column width in characters in the XLSX (defaults to the header's). */
  width?: number;
}

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * A text cell a spreadsheet would run as a formula (= + - @, or a leading tab/CR that hides one) gets an
 * apostrophe in front (OWASP 'CSV injection'). XLSX cells are typed, so a string there is never a formula.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Quoted when it holds a separator any reader may use — `;` (pt-BR Excel), `,` (Excel in other locales,
 * LibreOffice and Sheets when told so) or a tab — a quote or a line break. Unquoted, `Apto 1,=HYPERLINK(…)`
 * opened with commas put a live formula in a cell of its own, past the first character's guard.
 */
function csvCell(text: string): string {
  return /[";,\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A text cell of a pt-BR CSV: a formula neutralised, then quoted as its characters need. */
export function csvText(text: string): string {
  return csvCell(neutraliseFormula(text));
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const formatIsoDate = (value: string) => value.split('-').reverse().join('/');

function xlsxValue<T>(column: ExportColumn<T>, row: T): string | number | Date | null {
  const value = column.value(row) ?? null;
  if (typeof value === 'number') {
    if (column.money) return value / 100;
    if (column.percent) return value / 100;
    return value;
  }
  if (column.date && typeof value === 'string' && isoDate.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, day));
  }
  return value;
}

const numberFormatOf = <T>(column: ExportColumn<T>) =>
  column.money
    ? '"R$" #,##0.00'
    : column.percent
      ? '0.0%'
      : column.date
        ? 'dd/mm/yyyy'
        : column.decimals !== undefined
          ? `0.${'0'.repeat(column.decimals)}`
          : undefined;

function csvValue<T>(column: ExportColumn<T>, row: T): string {
  const value = column.value(row);
  if (value === null || value === undefined) return '';
  if (column.date && typeof value === 'string' && isoDate.test(value)) return formatIsoDate(value);
  if (typeof value === 'number') {
    const decimal = column.money
      ? centavosToDecimal(value)
      : column.decimals !== undefined
        ? value.toFixed(column.decimals)
        : String(value);
    return decimal.replace('.', ',');
  }
  return csvText(value);
}

/**
 * UTF-8 with a BOM, `;` separators, CRLF and the decimal comma: what Excel in pt-BR opens directly. The
 * headers are guarded like the cells: some are data (a subject's name heads its column in the mapa de notas).
 */
export function toCsv<T>(columns: ExportColumn<T>[], rows: Iterable<T>): string {
  const lines = [columns.map((column) => csvText(column.header)).join(';')];
  for (const row of rows) lines.push(columns.map((column) => csvValue(column, row)).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Numbers stay numbers (money with the R$ format), so the sheet can sum them. */
export async function toXlsx<T>(
  sheetName: string,
  columns: ExportColumn<T>[],
  rows: Iterable<T>,
): Promise<Buffer> {
  // Loaded on first export (~18 MB of modules an idle server need not hold).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sistema Escolar';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((column) => {
    const numFmt = numberFormatOf(column);
    return {
      header: column.header,
      width: column.width ?? Math.max(12, column.header.length + 2),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((column) => xlsxValue(column, row)));
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
      body: Buffer.from(toCsv(columns, rows), 'utf8'),
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
