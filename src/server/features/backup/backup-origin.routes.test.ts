import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AuditEntry, RestorePlan } from '../../../shared/settings.schemas.js';
import { createTestApp, loginAs, signedIn, type TestApp, setupTestApp } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { hashPassword } from '../auth/passwords.js';
import { users } from '../../db/schema/users.js';
import { computeChecksum, keyIdOf, sealBackup, type BackupFile } from './backup-format.js';
import { BACKUP_KEY_FILE } from './backup-key.js';
import { FOREIGN_ENCRYPTED_MESSAGE } from './backup-crypto.js';
import { ORIGIN_CONFIRMATION_MESSAGE } from './backup-restore.service.js';
import { decryptedContent, downloadBackup, restoreBackup } from './backup.test-setup.js';

/**
 * Finding: a backup with a planted administrator and a back-dated audit entry restored as genuine, and
 * the planted account signed in. Backups are now signed by the installation (ADR 0008).
 */
const t = setupTestApp();

function restore(
  app: TestApp,
  cookie: string,
  file: BackupFile | string,
  options: { dryRun?: boolean; confirm?: boolean } = {},
) {
  return restoreBackup(app, cookie, typeof file === 'string' ? file : JSON.stringify(file), options);
}

/** The content of a downloaded backup (the file is encrypted: ADR 0104). */
async function download(app: TestApp, cookie: string): Promise<BackupFile> {
  const response = await downloadBackup(app, cookie);
  return JSON.parse(decryptedContent(app, response.body)) as BackupFile;
}

const INTRUDER = { email: 'intruso@invasor.test', senha: 'Senha-Do-Invasor-77' };

/** What an attacker does with a downloaded backup: plants an administrator and a back-dated entry. */
async function tamper(file: BackupFile): Promise<BackupFile> {
  const forged = structuredClone(file);
  const users = forged.dados.users!;
  users.registros.push({
    ...users.registros[0]!,
    id: randomUUID(),
    nome: 'Suporte Técnico',
    email: INTRUDER.email,
    nivel: 'administrador',
    status: 'ativo',
    primeiro_login: false,
    password_hash: await hashPassword(INTRUDER.senha),
  });
  forged.tabelas.users = users.registros.length;
  const audit = forged.dados.audit_log!;
  audit.registros.push({
    ...audit.registros[0]!,
    id: 987_654,
    at: '2020-02-03T12:00:00+00:00',
    actor_nome: 'Diretora',
    action: 'criar_usuario',
    entity: 'usuario',
    entity_id: null,
    details: { email: INTRUDER.email, motivo: 'suporte autorizado' },
    origem: 'local',
  });
  forged.tabelas.audit_log = audit.registros.length;
  // The checksum is a plain SHA-256: anyone can recompute it.
  forged.checksum = computeChecksum(forged);
  return forged;
}

const countRestoreSafetyBackups = (app: TestApp) => {
  const folder = path.join(app.app.ctx.config.dataDir, 'backups');
  return existsSync(folder)
    ? readdirSync(folder).filter((name) => name.startsWith('antes-restauracao')).length
    : 0;
};

describe('backup signing', () => {
  it('keeps the installation key in DATA_DIR, 64 hex characters, readable by the server only', () => {
    const file = path.join(t.app.ctx.config.dataDir, BACKUP_KEY_FILE);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex').equals(t.app.ctx.backupKey)).toBe(true);
  });

  it('refuses a file that claims this installation but was changed after signing', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const forged = await tamper(await download(t, cookie));
    const before = await t.database.db.select().from(users);
    for (const options of [{}, { confirm: true }, { dryRun: true }]) {
      const response = await restore(t, cookie, forged, options);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/assinatura do backup não confere/);
    }
    expect(await t.database.db.select().from(users)).toEqual(before);
  });

  it('restores an unsigned file with a planted admin only after confirmation, lists the admins, and keeps its audit entries marked as imported', async () => {
    const { user: admin, cookie } = await signedIn(t, 'administrador');
    const forged = await tamper(await download(t, cookie));
    delete forged.assinatura;
    delete forged.chave_id;
    const before = await t.database.db.select().from(users);

    // Without confirmation: refused, nothing changed, not even a safety backup written.
    const refused = await restore(t, cookie, forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { path: 'confirmar_origem', message: ORIGIN_CONFIRMATION_MESSAGE },
    ]);
    expect(await t.database.db.select().from(users)).toEqual(before);
    expect(countRestoreSafetyBackups(t)).toBe(0);

    // The dry run says where the file comes from and who will administer the school afterwards.
    const dryRun = await restore(t, cookie, forged, { dryRun: true });
    expect(dryRun.statusCode).toBe(200);
    const plan = dryRun.json().data as RestorePlan;
    expect(plan.origem.situacao).toBe('sem_assinatura');
    expect(plan.origem.confirmacao_necessaria).toBe(true);
    expect(plan.origem.administradores).toEqual([
      { nome: 'Suporte Técnico', email: INTRUDER.email, status: 'ativo', novo: true },
      { nome: admin.nome, email: admin.email, status: 'ativo', novo: false },
    ]);
    expect(plan.auditoria_importada).toBe(1);
    expect(await t.database.db.select().from(users)).toEqual(before);

    // Confirmed: restored, and the planted history is there only as imported history.
    const restored = await restore(t, cookie, forged, { confirm: true });
    expect(restored.statusCode).toBe(200);
    const [planted] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, 987_654));
    expect(planted).toMatchObject({ action: 'criar_usuario', origem: 'backup_externo' });
    const native = await t.database.db.select().from(auditLog).where(eq(auditLog.origem, 'local'));
    expect(native.some((row) => row.id === 987_654)).toBe(false);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/auditoria?acao=criar_usuario',
      headers: { cookie },
    });
    const entries = listed.json().data.items as AuditEntry[];
    expect(entries.find((entry) => entry.id === 987_654)?.origem).toBe('backup_externo');
    const [record] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'restaurar_backup'));
    expect(record).toMatchObject({ origem: 'local' });
    expect(record!.details).toMatchObject({
      origem: 'sem_assinatura',
      auditoria_importada: 1,
      administradores: expect.arrayContaining([INTRUDER.email]) as unknown,
    });
  });

  it('treats a file signed by another installation like an unsigned one', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const other = randomBytes(32);
    const foreign = sealBackup(await tamper(await download(t, cookie)), other);
    const dryRun = await restore(t, cookie, foreign, { dryRun: true });
    expect(dryRun.json().data.origem).toMatchObject({
      situacao: 'outra_instalacao',
      confirmacao_necessaria: true,
    });
    expect((await restore(t, cookie, foreign)).statusCode).toBe(400);
    expect((await restore(t, cookie, foreign, { confirm: true })).statusCode).toBe(200);
    expect(await loginAs(t.app, INTRUDER.email, INTRUDER.senha)).toMatch(/^sid=/);
  });

  it("restores this installation's own file without confirmation; entries it brings back are marked as from a backup", async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const file = await download(t, cookie);
    const dryRun = await restore(t, cookie, file, { dryRun: true });
    expect(dryRun.json().data.origem).toMatchObject({
      situacao: 'esta_instalacao',
      confirmacao_necessaria: false,
    });
    expect(dryRun.json().data.auditoria_importada).toBe(0);
    // As after a move to a new database: an entry of the file is missing here.
    const [first] = file.dados.audit_log!.registros;
    await t.database.db.execute(sql`delete from audit_log where id = ${Number(first!.id)}`);
    const restored = await restore(t, cookie, file);
    expect(restored.statusCode).toBe(200);
    const [back] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, Number(first!.id)));
    expect(back?.origem).toBe('backup');
  });
});

describe('BACKUP_KEY shared between installations', () => {
  // Opens two more databases: slow on a busy machine, hence the longer limit.
  it(
    'signs with the configured key (no key file) and each installation accepts the other one’s files',
    { timeout: 180_000 },
    async () => {
      const key = randomBytes(32).toString('hex');
      const a = await createTestApp({ backupKey: key });
      const b = await createTestApp({ backupKey: key });
      try {
        expect(existsSync(path.join(a.app.ctx.config.dataDir, BACKUP_KEY_FILE))).toBe(false);
        const cookieA = (await signedIn(a, 'administrador')).cookie;
        const fromA = await download(a, cookieA);
        expect(fromA.chave_id).toBe(keyIdOf(Buffer.from(key, 'hex')));
        const cookieB = (await signedIn(b, 'administrador')).cookie;
        const dryRun = await restore(b, cookieB, fromA, { dryRun: true });
        expect(dryRun.json().data.origem.situacao).toBe('esta_instalacao');
        // The encrypted file itself: B reads it, as its own.
        const encrypted = (await downloadBackup(a, cookieA)).body;
        const encryptedDryRun = await restore(b, cookieB, encrypted, { dryRun: true });
        expect(encryptedDryRun.json().data.origem.situacao).toBe('esta_instalacao');
        // The one at t (its own key file) does not know it: the content is another installation's, and
        // the encrypted file cannot even be read there.
        const cookieT = (await signedIn(t, 'administrador')).cookie;
        expect((await restore(t, cookieT, fromA, { dryRun: true })).json().data.origem.situacao).toBe(
          'outra_instalacao',
        );
        const unreadable = await restore(t, cookieT, encrypted, { dryRun: true, confirm: true });
        expect(unreadable.statusCode).toBe(400);
        expect(unreadable.json().message).toBe(FOREIGN_ENCRYPTED_MESSAGE);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
