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
