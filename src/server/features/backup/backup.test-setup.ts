/** What the backup tests share: the download as the administrator asks for it in Configurações → Backup. */
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
