import { expect } from 'vitest';
import type { ImportResult } from '../../../shared/importacao.schemas.js';
import { importColumns } from '../../../shared/importacao.schemas.js';
import { dataOf } from '../../test/records-fixtures.js';
import { multipartFile } from '../../test/image-fixtures.js';
import type { TestApp } from '../../test/test-app.js';

/** The template's headers, in its order, joined by `separator`. */
export function headerLine(separator = ';'): string {
  return importColumns.map((column) => column.header).join(separator);
}

/** A row by column key, in the template's order ('' for a column left out). */
export function csvRow(values: Record<string, string>, separator = ';'): string {
  return importColumns
    .map((column) => {
      const value = values[column.key] ?? '';
      return /["\n;,]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    })
    .join(separator);
}

export function csvOf(rows: Record<string, string>[], separator = ';'): Buffer {
  return Buffer.from(
    [headerLine(separator), ...rows.map((row) => csvRow(row, separator))].join('\r\n'),
    'utf8',
  );
}

/** `POST /api/importacao/alunos` with the file in the field `arquivo`; the raw response. */
export function upload(
  t: TestApp,
  cookie: string,
  bytes: Buffer,
  options: { simular?: boolean; name?: string; type?: string } = {},
) {
  const name = options.name ?? 'alunos.csv';
  const body = multipartFile(bytes, name, options.type ?? 'text/csv', 'arquivo');
  return t.app.inject({
    method: 'POST',
    url: `/api/importacao/alunos${options.simular ? '?simular=1' : ''}`,
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** The upload's result; the test fails here unless it answered 200. */
export async function imported(
  t: TestApp,
  cookie: string,
  bytes: Buffer,
  options: { simular?: boolean; name?: string; type?: string } = {},
): Promise<ImportResult> {
  const response = await upload(t, cookie, bytes, options);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ImportResult>(response);
}

/** A CSV of any headers (a school's own spreadsheet): the header line and the rows, ';'-separated. */
export function sheetOf(headers: string[], rows: string[][]): Buffer {
  const cell = (value: string) => (/["\n;,]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return Buffer.from([headers, ...rows].map((row) => row.map(cell).join(';')).join('\r\n'), 'utf8');
}

/** A multipart body: the file in `arquivo` and, when given, the other text fields (e.g. `mapeamento`). */
function multipartWith(bytes: Buffer, name: string, type: string, fields: Record<string, string>) {
  const boundary = '----escola' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([field, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([...parts, head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface UploadOptions {
  simular?: boolean;
  name?: string;
  mapeamento?: Record<string, string> | string;
  progresso?: string;
}

/** `POST /api/importacao/{kind}` (or `{kind}/colunas`) with the file and the optional mapping. */
export function uploadTo(
  t: TestApp,
  cookie: string,
  path: string,
  bytes: Buffer,
  options: UploadOptions = {},
) {
  const fields: Record<string, string> = {};
  if (options.mapeamento !== undefined)
    fields.mapeamento =
      typeof options.mapeamento === 'string' ? options.mapeamento : JSON.stringify(options.mapeamento);
  const body = multipartWith(bytes, options.name ?? 'planilha.csv', 'text/csv', fields);
  const query = new URLSearchParams();
  if (options.simular) query.set('simular', '1');
  if (options.progresso) query.set('progresso', options.progresso);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return t.app.inject({
    method: 'POST',
    url: `/api/importacao/${path}${search}`,
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** The import's result; the test fails here unless it answered 200. */
export async function importedTo(
  t: TestApp,
  cookie: string,
  path: string,
  bytes: Buffer,
  options: UploadOptions = {},
): Promise<ImportResult> {
  const response = await uploadTo(t, cookie, path, bytes, options);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ImportResult>(response);
}
