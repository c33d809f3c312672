import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { students } from '../../db/schema/students.js';
import { signedIn, setupTestApp } from '../../test/test-app.js';
import { writeAutomaticBackup } from './backup-automatic.service.js';
import {
  EncryptingWriter,
  FOREIGN_ENCRYPTED_MESSAGE,
  TAMPERED_MESSAGE,
  backupCipherKeyOf,
  type EncryptedBackup,
} from './backup-crypto.js';
import { keyIdOf, type BackupFile } from './backup-format.js';
import { ORIGIN_CONFIRMATION_MESSAGE } from './backup-restore.service.js';
import { createBackup } from './backup-tables.service.js';
import { decryptedContent, downloadBackup, restoreBackup } from './backup.test-setup.js';

/**
 * Attacker review 2026-12-06 (ADR 0101, 0104): a backup carried the whole database in clear — password
 * hashes, CPFs, children's records. Now it is encrypted under the installation's key.
 */
const t = setupTestApp();

const CPF = '52998224725';
const STUDENT = 'Aluna Cifrada Teixeira';

async function seedStudent() {
  await t.database.db
    .insert(students)
    .values({ nome: STUDENT, dataNascimento: '2015-03-04', matricula: '2026-0042', cpf: CPF });
}

const restore = (
  cookie: string,
  content: string | Buffer,
  options: { dryRun?: boolean; confirm?: boolean } = {},
) => restoreBackup(t, cookie, content, options);

/** What must never be readable in a backup file. */
function expectNoPlaintext(raw: Buffer, adminEmail: string) {
  for (const secret of [CPF, STUDENT, adminEmail, '$argon2', 'password_hash', '"registros"']) {
    expect(raw.includes(secret), secret).toBe(false);
  }
}

/** `content` encrypted under `key` (another installation's, say) in two segments. */
async function writtenUnder(key: Buffer, content: string): Promise<string> {
  const chunks: string[] = [];
  const handle = { write: async (text: string) => (chunks.push(text), { bytesWritten: text.length }) };
  const writer = new EncryptingWriter(handle as never, key, new Date().toISOString());
  const middle = Math.floor(content.length / 2);
  await writer.write(content.slice(0, middle));
  await writer.finish(content.slice(middle));
  return chunks.join('');
}

const countStudents = async () => (await t.database.db.select().from(students)).length;

describe('backups are encrypted (ADR 0104)', () => {
  it('a downloaded backup shows no personal data, no password hash and no table content', async () => {
    await seedStudent();
    const { user, cookie } = await signedIn(t, 'administrador');
    const response = await downloadBackup(t, cookie);
    expectNoPlaintext(response.rawPayload, user.email);
    const envelope = JSON.parse(response.body) as EncryptedBackup;
    expect(envelope).toMatchObject({
      formato: 'sistema-escolar-backup',
      versao_formato: 3,
      cifra: 'aes-256-gcm',
      // The backups' key (ADR 0109), the one Configurações → Backup shows: not the installation's.
      chave_id: keyIdOf(backupCipherKeyOf(t.app.ctx.backupKey)),
    });
    expect(Object.keys(envelope)).not.toContain('dados');
    // Inside: the signed content of before, with the data.
    const file = JSON.parse(decryptedContent(t, response.body)) as BackupFile;
    expect(file.versao_formato).toBe(2);
    expect(file.dados.students!.registros).toEqual([expect.objectContaining({ nome: STUDENT, cpf: CPF })]);
    expect(String(file.dados.users!.registros[0]!.password_hash)).toMatch(/^\$argon2/);
  });

  it('the automatic backup is encrypted too, and two files of the same data differ (a key per file)', async () => {
    await seedStudent();
    const { user } = await signedIn(t, 'administrador');
    const first = await writeAutomaticBackup(t.app.ctx, 'diario');
    const second = await writeAutomaticBackup(t.app.ctx, 'antes-limpeza');
    const read = (name: string) => readFileSync(path.join(t.app.ctx.config.backupDir, name));
    expectNoPlaintext(read(first.nome), user.email);
    const [a, b] = [first.nome, second.nome].map(
      (name) => JSON.parse(read(name).toString()) as EncryptedBackup,
    );
    expect(a!.sal).not.toBe(b!.sal);
    expect(a!.segmentos[0]).not.toBe(b!.segmentos[0]);
  });

  it('round trip: the encrypted download restores here without confirmation', async () => {
    await seedStudent();
    const { cookie } = await signedIn(t, 'administrador');
    const raw = (await downloadBackup(t, cookie)).body;
    await t.database.db.delete(students);
    const dryRun = await restore(cookie, raw, { dryRun: true });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect(dryRun.json().data.origem).toMatchObject({
      situacao: 'esta_instalacao',
      confirmacao_necessaria: false,
    });
    const restored = await restore(cookie, raw);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await t.database.db.select().from(students))[0]).toMatchObject({ nome: STUDENT, cpf: CPF });
  });

  it('refuses a changed, cut, reordered or relabelled file, changing nothing', async () => {
    await seedStudent();
    const { cookie } = await signedIn(t, 'administrador');
    const raw = (await downloadBackup(t, cookie)).body;
    const content = decryptedContent(t, raw);
    const envelope = JSON.parse(await writtenUnder(t.app.ctx.backupKey, content)) as EncryptedBackup;
    expect(envelope.segmentos).toHaveLength(2);
    expect((await restore(cookie, JSON.stringify(envelope), { dryRun: true })).statusCode).toBe(200);
    const [first, last] = envelope.segmentos as [string, string];
    const flipped = Buffer.from(first, 'base64');
    flipped[Math.floor(flipped.length / 2)]! ^= 1;
    const forgeries: EncryptedBackup[] = [
      { ...envelope, segmentos: [flipped.toString('base64'), last] },
      { ...envelope, criado_em: '2020-01-01T00:00:00.000Z' },
      { ...envelope, sal: randomBytes(32).toString('base64') },
      { ...envelope, segmentos: [first] },
      { ...envelope, segmentos: [last, first] },
      { ...envelope, segmentos: [first, last, first] },
      { ...envelope, segmentos: [] },
    ];
    await t.database.db.delete(students);
    for (const forged of forgeries) {
      for (const options of [{}, { confirm: true }, { dryRun: true }]) {
        const response = await restore(cookie, JSON.stringify(forged), options);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(
          forged.segmentos.length === 0 ? /não é um backup/ : new RegExp(TAMPERED_MESSAGE.slice(0, 30)),
        );
      }
    }
    expect(await countStudents()).toBe(0);
  });

  it('a backup encrypted by another installation is refused with a clear message, even confirmed', async () => {
    await seedStudent();
    const { cookie } = await signedIn(t, 'administrador');
    const content = decryptedContent(t, (await downloadBackup(t, cookie)).body);
    const foreign = await writtenUnder(randomBytes(32), content);
    await t.database.db.delete(students);
    for (const options of [{}, { confirm: true }, { dryRun: true }]) {
      const response = await restore(cookie, foreign, options);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(FOREIGN_ENCRYPTED_MESSAGE);
    }
    expect(await countStudents()).toBe(0);
  });

  it("still restores this installation's older backups (signed, not encrypted) as its own", async () => {
    await seedStudent();
    const { cookie } = await signedIn(t, 'administrador');
    const older = JSON.stringify(await createBackup(t.database.db, t.app.ctx.backupKey));
    expect(older).toContain(CPF);
    await t.database.db.delete(students);
    const dryRun = await restore(cookie, older, { dryRun: true });
    expect(dryRun.json().data.origem).toMatchObject({
      situacao: 'esta_instalacao',
      confirmacao_necessaria: false,
    });
    const restored = await restore(cookie, older);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await countStudents()).toBe(1);
    // Another installation's older file still asks for the confirmation, as before.
    const foreign = JSON.stringify(await createBackup(t.database.db, randomBytes(32)));
    const refused = await restore(cookie, foreign);
    expect(refused.json().message).toBe(ORIGIN_CONFIRMATION_MESSAGE);
  });
});
