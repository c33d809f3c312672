import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit.js';
import { students } from '../../db/schema/students.js';
import { BACKUP_KEY_FORMAT_MESSAGE } from '../../../shared/settings.schemas.js';
import { signedIn, TEST_PASSWORD, setupTestApp } from '../../test/test-app.js';
import { writeAutomaticBackup } from './backup-automatic.service.js';
import { AppError } from '../../lib/errors.js';
import { SecretBoxError, secretBox } from '../../lib/secret-box.js';
import {
  EncryptingWriter,
  FOREIGN_ENCRYPTED_MESSAGE,
  WRONG_KEY_MESSAGE,
  backupCipherKeyOf,
  decryptBackup,
} from './backup-crypto.js';
import { keyIdOf } from './backup-format.js';
import { ORIGIN_CONFIRMATION_MESSAGE } from './backup-restore.service.js';
import { createBackup } from './backup-tables.service.js';
import { downloadBackup, restoreBackup, type RestoreOptions } from './backup.test-setup.js';

/**
 * The server died and the school has only a downloaded backup (ADR 0104): the key is shown on the
 * screen to keep apart from the backups, and a restore elsewhere accepts it.
 */
const t = setupTestApp();

const STUDENT = 'Aluna da Outra Máquina';

const restore = (cookie: string, content: string, options: RestoreOptions = {}) =>
  restoreBackup(t, cookie, content, options);

/**
 * A whole backup made by another installation (its key `key`): signed and encrypted there — under `key`
 * itself as before ADR 0109, or under the key its screen shows now (`backupCipherKeyOf(key)`).
 */
async function foreignBackup(key: Buffer, cipherKey = key): Promise<string> {
  await t.database.db
    .insert(students)
    .values({ nome: STUDENT, dataNascimento: '2015-03-04', matricula: '2026-0777' });
  const content = JSON.stringify(await createBackup(t.database.db, key));
  await t.database.db.delete(students);
  const chunks: string[] = [];
  const handle = { write: async (text: string) => (chunks.push(text), { bytesWritten: text.length }) };
  const writer = new EncryptingWriter(handle as never, cipherKey, new Date().toISOString());
  await writer.finish(content);
  return chunks.join('');
}

/** The key as printed on the screen: 16 groups of 4, separated by spaces (and a dash, typed). */
const printed = (key: Buffer) =>
  key.toString('hex').toUpperCase().match(/.{4}/g)!.join(' ').replace(' ', ' - ');

const countStudents = async () => (await t.database.db.select().from(students)).length;

describe('the backup key on the screen (ADR 0104)', () => {
  it('shows the key to who may download backups, not cached, and audits every view', async () => {
    const { user, cookie } = await signedIn(t, 'administrador');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/configuracoes/backup/chave',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // The backups' key derived from the installation's (ADR 0109), never the installation's own.
    const shown = backupCipherKeyOf(t.app.ctx.backupKey);
    expect(response.json().data).toEqual({ chave: shown.toString('hex'), chave_id: keyIdOf(shown) });
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ver_chave_backup'), eq(auditLog.actorId, user.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      entity: 'backup',
      details: { chave_id: keyIdOf(shown) },
    });
    // The key itself is never written in the audit log.
    expect(JSON.stringify(audited[0])).not.toContain(shown.toString('hex'));
    expect(JSON.stringify(audited[0])).not.toContain(t.app.ctx.backupKey.toString('hex'));
  });

  it('is refused without the permission (and to nobody signed in), with nothing audited', async () => {
    const { cookie } = await signedIn(t, 'professor');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/configuracoes/backup/chave',
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(t.app.ctx.backupKey.toString('hex'));
    expect(refused.body).not.toContain(backupCipherKeyOf(t.app.ctx.backupKey).toString('hex'));
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/configuracoes/backup/chave' });
    expect(anonymous.statusCode).toBe(401);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'ver_chave_backup'));
    expect(audited).toHaveLength(0);
  });
});

describe("restoring another installation's encrypted backup with its key (ADR 0104)", () => {
  it('with the right key (as printed) the file is read and treated as a foreign backup: dry run, confirmation', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const otherKey = randomBytes(32);
    const file = await foreignBackup(otherKey);
    const withoutKey = await restore(cookie, file, { dryRun: true });
    expect(withoutKey.statusCode).toBe(400);
    expect(withoutKey.json().message).toBe(FOREIGN_ENCRYPTED_MESSAGE);
    expect(withoutKey.json().details).toEqual([{ path: 'chave_backup', message: FOREIGN_ENCRYPTED_MESSAGE }]);

    const dryRun = await restore(cookie, file, { dryRun: true, key: printed(otherKey) });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect(dryRun.json().data.origem).toMatchObject({
      situacao: 'outra_instalacao',
      confirmacao_necessaria: true,
    });
    expect(dryRun.json().data.origem.administradores.length).toBeGreaterThan(0);
    expect(await countStudents()).toBe(0);

    const unconfirmed = await restore(cookie, file, { key: otherKey.toString('hex') });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toBe(ORIGIN_CONFIRMATION_MESSAGE);
    expect(await countStudents()).toBe(0);

    const restored = await restore(cookie, file, { key: otherKey.toString('hex'), confirm: true });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await t.database.db.select().from(students)).map((row) => row.nome)).toEqual([STUDENT]);
  });

  it('a wrong key is refused with a clear 400 on the key field, even confirmed, changing nothing', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const file = await foreignBackup(randomBytes(32));
    for (const options of [{ dryRun: true }, { confirm: true }]) {
      const response = await restore(cookie, file, { ...options, key: randomBytes(32).toString('hex') });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: WRONG_KEY_MESSAGE,
        details: [{ path: 'chave_backup', message: WRONG_KEY_MESSAGE }],
      });
    }
    expect(await countStudents()).toBe(0);
  });

  it('a malformed key is a 400 with the format message, before the file is read', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const file = await foreignBackup(randomBytes(32));
    for (const key of ['abc', 'z'.repeat(64), '0'.repeat(63), '0'.repeat(65)]) {
      const response = await restore(cookie, file, { dryRun: true, key });
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toMatchObject({
        message: BACKUP_KEY_FORMAT_MESSAGE,
        details: [{ path: 'chave_backup', message: BACKUP_KEY_FORMAT_MESSAGE }],
      });
    }
  });

  it("this installation's own backup restores as before when a key is sent along", async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/configuracoes/backup',
      headers: { cookie },
      payload: { senha: TEST_PASSWORD },
    });
    const dryRun = await restore(cookie, download.body, {
      dryRun: true,
      key: randomBytes(32).toString('hex'),
    });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect(dryRun.json().data.origem).toMatchObject({
      situacao: 'esta_instalacao',
      confirmacao_necessaria: false,
    });
  });

  it('an automatic backup from another installation (a shared BACKUP_DIR) restores with its key too', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const otherKey = randomBytes(32);
    const file = await foreignBackup(otherKey);
    const { nome } = await writeAutomaticBackup(t.app.ctx, 'diario');
    writeFileSync(path.join(t.app.ctx.config.backupDir, nome), file);
    const analyse = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/configuracoes/backups/${nome}/restore?dryRun=true`,
        headers: { cookie },
        payload: { senha: TEST_PASSWORD, ...body },
      });
    expect((await analyse({})).json().message).toBe(FOREIGN_ENCRYPTED_MESSAGE);
    expect((await analyse({ chave_backup: randomBytes(32).toString('hex') })).json().message).toBe(
      WRONG_KEY_MESSAGE,
    );
    expect((await analyse({ chave_backup: 'xyz' })).statusCode).toBe(400);
    const dryRun = await analyse({ chave_backup: printed(otherKey) });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect(dryRun.json().data.origem).toMatchObject({
      situacao: 'outra_instalacao',
      confirmacao_necessaria: true,
    });
  });
});

describe('the key on the screen opens the backups and nothing else (security review, ADR 0109)', () => {
  async function shownKey(): Promise<Buffer> {
    const { cookie } = await signedIn(t, 'administrador');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/configuracoes/backup/chave',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return Buffer.from(response.json<{ data: { chave: string } }>().data.chave, 'hex');
  }

  it("does not open the secrets sealed with the installation's key (the bank's and the A1 certificate's)", async () => {
    // The PSP's client secret and private key and the NFS-e certificate travel sealed in every backup:
    // the key shown to whoever holds backup.manage, with any backup, opened them in clear.
    const shown = await shownKey();
    for (const uso of ['pix-provedor', 'fiscal']) {
      const sealed = secretBox(t.app.ctx.backupKey, uso).seal('-----BEGIN PRIVATE KEY-----', 'chave_privada');
      expect(() => secretBox(shown, uso).open(sealed, 'chave_privada'), uso).toThrow(SecretBoxError);
    }
    // Nor does it sign a backup as this installation's (a restore would skip the origin's confirmation).
    expect(keyIdOf(shown)).not.toBe(keyIdOf(t.app.ctx.backupKey));
  });

  it('opens a backup downloaded here on another installation, as printed', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const download = await downloadBackup(t, cookie);
    const shown = await shownKey();
    const elsewhere = decryptBackup(
      JSON.parse(download.body) as Record<string, unknown>,
      randomBytes(32),
      () => new AppError('VALIDATION', 'not an encrypted backup'),
      shown,
    );
    expect((JSON.parse(elsewhere) as { versao_formato: number }).versao_formato).toBe(2);
  });

  it("another installation's backup opens with its newly shown key or with its key printed before", async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const otherKey = randomBytes(32);
    const file = await foreignBackup(otherKey, backupCipherKeyOf(otherKey));
    for (const key of [backupCipherKeyOf(otherKey), otherKey]) {
      const dryRun = await restore(cookie, file, { dryRun: true, key: printed(key) });
      expect(dryRun.statusCode, dryRun.body).toBe(200);
      expect(dryRun.json().data.origem).toMatchObject({ situacao: 'outra_instalacao' });
    }
  });
});
