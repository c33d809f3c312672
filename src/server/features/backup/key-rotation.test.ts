import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit.js';
import { fiscalConfig } from '../../db/schema/fiscal.js';
import { pixProvedor } from '../../db/schema/pix-provedor.js';
import { SecretBoxError, secretBox } from '../../lib/secret-box.js';
import { setupTestApp } from '../../test/test-app.js';
import { webhookSegredoOf } from '../pix/index.js';
import { backupCipherKeyOf } from './backup-crypto.js';
import { keyIdOf } from './backup-format.js';
import { BACKUP_KEY_FILE, InterruptedRotationError, loadBackupKey, NEXT_KEY_FILE } from './backup-key.js';
import {
  assertNoOtherSessions,
  KeyRotationError,
  rotateInstallationKey,
  writeNextKey,
} from './key-rotation.js';

/**
 * The installation key's rotation (ADR 0118): a key that leaked opens none of the secrets kept from then
 * on, and a run stopped halfway is finished by running it again.
 */
const t = setupTestApp();

const CERTIFICADO = 'MIIK-o-pfx-da-escola';
const SENHA = 'senha-do-a1';
const CLIENT_SECRET = 'segredo-do-psp';

function keyFileOf(): Buffer {
  return Buffer.from(
    readFileSync(path.join(t.app.ctx.config.dataDir, BACKUP_KEY_FILE), 'utf8').trim(),
    'hex',
  );
}

/** The school's sealed secrets, as the settings screens leave them, under `key`. */
async function sealSecrets(key: Buffer) {
  const segredo = await webhookSegredoOf({ db: t.app.ctx.db, backupKey: key });
  await t.app.ctx.db.update(pixProvedor).set({
    clientSecretCifrado: secretBox(key, 'pix-provedor').seal(CLIENT_SECRET, 'pix_provedor.client_secret'),
  });
  const fiscal = secretBox(key, 'fiscal');
  await t.app.ctx.db.insert(fiscalConfig).values({
    id: 1,
    certificadoCifrado: fiscal.seal(CERTIFICADO, 'fiscal_config.certificado'),
    senhaCertificadoCifrada: fiscal.seal(SENHA, 'fiscal_config.senha_certificado'),
  });
  return segredo;
}

async function sealedRows() {
  const [pix] = await t.app.ctx.db.select().from(pixProvedor);
  const [fiscal] = await t.app.ctx.db.select().from(fiscalConfig);
  return { pix: pix!, fiscal: fiscal! };
}

async function expectSealedUnder(key: Buffer, segredo: string) {
  const { pix, fiscal } = await sealedRows();
  expect(await webhookSegredoOf({ db: t.app.ctx.db, backupKey: key })).toBe(segredo);
  expect(secretBox(key, 'pix-provedor').open(pix.clientSecretCifrado!, 'pix_provedor.client_secret')).toBe(
    CLIENT_SECRET,
  );
  const box = secretBox(key, 'fiscal');
  expect(box.open(fiscal.certificadoCifrado!, 'fiscal_config.certificado')).toBe(CERTIFICADO);
  expect(box.open(fiscal.senhaCertificadoCifrada!, 'fiscal_config.senha_certificado')).toBe(SENHA);
}

describe('trocar a chave da instalação (DATA_DIR/backup.key)', () => {
  it('seals every secret again with a new key that replaces the old one, which opens none of them', async () => {
    const old = keyFileOf();
    const segredo = await sealSecrets(old);

    const outcome = await rotateInstallationKey(t.app.ctx.db, t.app.ctx.config, undefined);

    const next = keyFileOf();
    expect(next.equals(old)).toBe(false);
    expect(outcome.keys.next.equals(next)).toBe(true);
    expect(existsSync(path.join(t.app.ctx.config.dataDir, NEXT_KEY_FILE))).toBe(false);
    expect(outcome.pix).toEqual({ resealed: 2, unreadable: 0 });
    expect(outcome.fiscal).toEqual({ resealed: 2, unreadable: 0 });
    await expectSealedUnder(next, segredo);
    const { fiscal } = await sealedRows();
    expect(() =>
      secretBox(old, 'fiscal').open(fiscal.certificadoCifrado!, 'fiscal_config.certificado'),
    ).toThrow(SecretBoxError);
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'trocar_chave_instalacao'));
    expect(entry?.details).toMatchObject({
      chave_backup_anterior_id: keyIdOf(backupCipherKeyOf(old)),
      chave_backup_nova_id: keyIdOf(backupCipherKeyOf(next)),
      segredos_recifrados: 4,
    });
  });

  it('a run stopped after the new key was kept stops the server, and running it again finishes', async () => {
    const old = keyFileOf();
    const segredo = await sealSecrets(old);
    const next = writeNextKey(t.app.ctx.config.dataDir);
    expect(() => loadBackupKey(t.app.ctx.config)).toThrow(InterruptedRotationError);

    await rotateInstallationKey(t.app.ctx.db, t.app.ctx.config, undefined);

    expect(keyFileOf().equals(next)).toBe(true);
    expect(loadBackupKey(t.app.ctx.config).equals(next)).toBe(true);
    await expectSealedUnder(next, segredo);
  });

  it('a value another installation sealed (a restored backup) is counted and left as it was', async () => {
    const foreign = secretBox(randomBytes(32), 'fiscal').seal(CERTIFICADO, 'fiscal_config.certificado');
    await t.app.ctx.db.insert(fiscalConfig).values({ id: 1, certificadoCifrado: foreign });

    const outcome = await rotateInstallationKey(t.app.ctx.db, t.app.ctx.config, undefined);

    expect(outcome.fiscal).toEqual({ resealed: 0, unreadable: 1 });
    expect((await sealedRows()).fiscal.certificadoCifrado).toBe(foreign);
  });
});

describe('trocar a chave da instalação (BACKUP_KEY)', () => {
  it('asks for the new key in NOVA_BACKUP_KEY, then seals with it and leaves DATA_DIR alone', async () => {
    const old = randomBytes(32);
    const config = { dataDir: t.app.ctx.config.dataDir, backupKey: old.toString('hex') };
    const segredo = await sealSecrets(old);
    const fileBefore = keyFileOf();
    await expect(rotateInstallationKey(t.app.ctx.db, config, undefined)).rejects.toThrow(/NOVA_BACKUP_KEY/);
    await expect(rotateInstallationKey(t.app.ctx.db, config, old.toString('hex'))).rejects.toThrow(
      KeyRotationError,
    );

    const next = randomBytes(32);
    await rotateInstallationKey(t.app.ctx.db, config, next.toString('hex'));

    await expectSealedUnder(next, segredo);
    expect(keyFileOf().equals(fileBefore)).toBe(true);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('trocar a chave com o PGlite', () => {
  it('needs no check of other sessions: the lock on DATA_DIR keeps a running server out', async () => {
    await expect(assertNoOtherSessions(t.database)).resolves.toBeUndefined();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('trocar a chave com o PostgreSQL', () => {
  it('refuses while another process is connected (a server of the school still running)', async () => {
    // The test app itself keeps a listening connection open, as a running server does.
    await expect(assertNoOtherSessions(t.database)).rejects.toThrow(/pare todos os servidores/);
  });
});

it('a next key file that is not a key is refused with the file named, and nothing is sealed again', async () => {
  const old = keyFileOf();
  await sealSecrets(old);
  const file = path.join(t.app.ctx.config.dataDir, NEXT_KEY_FILE);
  writeFileSync(file, 'não é chave\n');
  try {
    await expect(rotateInstallationKey(t.app.ctx.db, t.app.ctx.config, undefined)).rejects.toThrow(
      /backup\.key\.nova/,
    );
    expect(keyFileOf().equals(old)).toBe(true);
  } finally {
    rmSync(file);
  }
});
