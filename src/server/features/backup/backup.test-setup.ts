/**
 * What the backup tests share: the download and the restore as the administrator asks for them in
 * Configurações → Backup.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { TEST_PASSWORD, type TestApp } from '../../test/test-app.js';
import { decryptBackup } from './backup-crypto.js';

/**
 * Downloads a backup through `POST /api/configuracoes/backup` as `cookie` (who confirms with the test
 * password); the test fails here unless it is served. Returns the answer.
 */
export async function downloadBackup(t: TestApp, cookie: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/configuracoes/backup',
    headers: { cookie },
    payload: { senha: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response;
}

/** The content (format 2, signed JSON) of an encrypted backup file this installation wrote (ADR 0104). */
export function decryptedContent(t: TestApp, raw: string): string {
  return decryptBackup(JSON.parse(raw) as Record<string, unknown>, t.app.ctx.backupKey, () => {
    throw new AppError('VALIDATION', 'not an encrypted backup');
  });
}

/** A restore's upload as the Backup tab sends it: the form's fields, then the file `backup.json`. */
export function backupUpload(fields: Record<string, string>, content: string | Buffer) {
  const boundary = '----escola' + randomUUID();
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const payload = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.json"\r\nContent-Type: application/json\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** What the Backup tab sends beside a restore's file: a dry run, the origin confirmed, the old server's key. */
export interface RestoreOptions {
  dryRun?: boolean;
  confirm?: boolean;
  key?: string;
}

/**
 * Uploads `content` to `POST /api/configuracoes/restore` as `cookie` (who confirms with the test password),
 * with `options` as the Backup tab sends them. Returns the answer.
 */
export function restoreBackup(
  t: TestApp,
  cookie: string,
  content: string | Buffer,
  options: RestoreOptions = {},
) {
  const fields: Record<string, string> = { senha: TEST_PASSWORD };
  if (options.confirm) fields.confirmar_origem = 'true';
  if (options.key !== undefined) fields.chave_backup = options.key;
  const body = backupUpload(fields, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/configuracoes/restore${options.dryRun ? '?dryRun=true' : ''}`,
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}
