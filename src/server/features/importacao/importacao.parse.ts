import type ExcelJS from 'exceljs';
import type { ImportColumn } from '../../../shared/importacao.schemas.js';
import {
  fieldsOfHeaders,
  headerKey,
  importColumnsOf,
  importNouns,
  type ImportKind,
} from '../../../shared/importacao.kinds.js';
import { IMPORT_LIMITS, XLSX_DAMAGED } from '../../../shared/importacao.schemas.js';
import { formatCount } from '../../../shared/format.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { assertXlsxUnpacksWithinLimit } from './importacao.zip.js';

/** One data row of the spreadsheet: its line (the header is line 1) and its cells by column key. */
export interface SheetRow<K extends string = string> {
  linha: number;
  values: Partial<Record<K, string>>;
}

interface SheetRecord {
  linha: number;
  cells: string[];
}

/** A file's records: its header (the first non-blank one) and every record after it. */
export interface SheetTable {
  header: SheetRecord;
  records: SheetRecord[];
}

const WRONG_TYPE = 'Envie uma planilha CSV ou XLSX (o modelo está em "Baixar modelo").';

/** Records of a CSV text (RFC 4180: quoted fields with "" and line breaks inside quotes). */
export function parseCsv(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** ';' as a pt-BR Excel saves, ',' as others do, or a tab: whichever the header line has most of. */
export function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\r|\n|$/));
  const counts = [';', ',', '\t'].map((separator) => ({
    separator,
    count: header.split(separator).length - 1,
  }));
  return counts.sort((a, b) => b.count - a.count)[0]!.count > 0 ? counts[0]!.separator : ';';
}

/**
 * Windows-1252's bytes 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ; the five it leaves
 * undefined stay as they are, as WHATWG's decoder has them). Node 20's `TextDecoder('windows-1252')` decodes
 * these as Latin-1's control characters: "D’Ávila" typed in Excel came out "DÁvila", and "Maternal II –
 * Manhã" matched no class.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Buffer): string {
  return bytes
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

/** UTF-8 (with or without BOM), else Windows-1252 — what Excel pt-BR writes as 'CSV (separado por vírgulas)'. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return typeof value.text === 'string' ? value.text : '';
    return '';
  }
  return String(value);
}

async function xlsxRecords(bytes: Buffer): Promise<{ linha: number; cells: string[] }[]> {
  // A zip bomb is refused before exceljs unpacks it on the event loop (importacao.zip.ts).
  assertXlsxUnpacksWithinLimit(bytes);
  // Loaded on first use, as the exports do (an idle server need not hold exceljs).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(XLSX_DAMAGED);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const records: { linha: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    records.push({
      linha: number,
      cells: Array.from({ length: cells.length }, (_, index) => cells[index] ?? ''),
    });
  });
  return records;
}

function isXlsx(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes.readUInt32BE(0) === 0x504b0304;
}

/** Binary files other than XLSX: a NUL byte in the first KiB is no CSV (an old .xls, a PDF, an image). */
function isBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes(0);
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** The file as records: refuses (4xx, in Portuguese) an empty file and a file that is no CSV or XLSX. */
export async function readTable(bytes: Buffer): Promise<SheetTable> {
  if (bytes.length === 0) throw badRequest('O arquivo está vazio.');
  let records: SheetRecord[];
  if (isXlsx(bytes)) records = await xlsxRecords(bytes);
  else if (isBinary(bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', WRONG_TYPE);
  else {
    const text = decodeText(bytes).replace(/^\uFEFF/, '');
    records = parseCsv(text, separatorOf(text)).map((cells, index) => ({ linha: index + 1, cells }));
  }
  const header = records.find((record) => !isBlank(record.cells));
  if (!header) throw badRequest('O arquivo está vazio.');
  return { header, records: records.filter((record) => record.linha > header.linha) };
}

/** The file's column names as its header writes them (blank headers left out). */
export function fileColumns(table: SheetTable): string[] {
  return table.header.cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
}

/** Each header cell's field by the template's headers and their other names (null: not read). */
function keysByHeader(table: SheetTable, columns: readonly ImportColumn<string>[]): (string | null)[] {
  const keys = fieldsOfHeaders(columns, table.header.cells);
  const seen = new Set<string>();
  for (const [index, key] of keys.entries()) {
    if (key === null) continue;
    if (seen.has(key))
      throw badRequest(`A coluna "${table.header.cells[index]!.trim()}" aparece duas vezes no cabeçalho.`);
    seen.add(key);
  }
  const missing = columns.filter((column) => column.required && !seen.has(column.key));
  if (missing.length > 0) {
    const names = missing.map((column) => `"${column.header}"`).join(', ');
    throw badRequest(
      missing.length === 1
        ? `Falta a coluna obrigatória ${names} na primeira linha da planilha.`
        : `Faltam as colunas obrigatórias ${names} na primeira linha da planilha.`,
    );
  }
  return keys;
}

/** Each header cell's field by the person's mapping (already checked by its schema): the named columns. */
function keysByMapping(table: SheetTable, mapping: Record<string, string>): (string | null)[] {
  const keys: (string | null)[] = table.header.cells.map(() => null);
  for (const [campo, coluna] of Object.entries(mapping)) {
    const cells = table.header.cells.map((cell) => cell.trim());
    let index = cells.indexOf(coluna);
    if (index < 0) index = cells.findIndex((cell) => headerKey(cell) === headerKey(coluna) && cell !== '');
    if (index < 0) throw badRequest(`A coluna "${coluna}" não está na primeira linha da planilha.`);
    keys[index] = campo;
  }
  return keys;
}

/**
 * The file's data rows by field: by the template's headers, or by `mapping` ({ campo: coluna }) when
 * the person chose one. Refuses a header without a required column (named), a column twice, a file
 * with no data row and more rows than the limit.
 */
export function sheetRows(
  table: SheetTable,
  kind: ImportKind,
  mapping: Record<string, string> | null = null,
): SheetRow[] {
  const keys = mapping ? keysByMapping(table, mapping) : keysByHeader(table, importColumnsOf[kind]);
  const noun = importNouns[kind];
  const rows: SheetRow[] = [];
  for (const record of table.records) {
    if (isBlank(record.cells)) continue;
    const values: Record<string, string> = {};
    keys.forEach((key, index) => {
      const value = record.cells[index]?.trim();
      if (key && value) values[key] = value;
    });
    rows.push({ linha: record.linha, values });
  }
  if (rows.length === 0) throw badRequest(`A planilha só tem o cabeçalho: ${noun.nenhum} para importar.`);
  if (rows.length > IMPORT_LIMITS.maxRows)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A planilha tem ${formatCount(rows.length, 'linha', 'linhas')}; importe no máximo ${formatCount(IMPORT_LIMITS.maxRows, noun.singular, noun.plural)} por vez.`,
    );
  return rows;
}
