import { DAY_MS } from '../../../shared/calendar.js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUserRow, signedIn, TEST_PASSWORD, setupTestApp } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { users } from '../../db/schema/users.js';
import { defaultAcademicSettings } from '../../../shared/academic-settings.schemas.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { yearClosures } from '../../db/schema/grades.js';
import { settings } from '../../db/schema/settings.js';
import { keyIdOf, sealBackup, type BackupFile } from './backup-format.js';
import { backupsToDelete } from './backup-automatic.service.js';
import { decryptedContent, downloadBackup } from './backup.test-setup.js';
import type { AutomaticBackup } from '../../../shared/settings.schemas.js';

const t = setupTestApp();
beforeAll(async () => {
  // A table another feature might add: bytea, arrays, bigint, numeric, json, a self reference and
  // an identity column, so the generic dump and restore are exercised on every type we rely on.
  await t.database.db.execute(sql`
    create table if not exists zz_probe (
      id integer generated always as identity primary key,
      parent_id integer references zz_probe(id),
      owner_id uuid references users(id) on delete set null,
      blob bytea,
      tags text[],
      big bigint,
      amount numeric(12, 2),
      meta jsonb,
      at timestamptz default now()
    )`);
});

/** The users rows of `id` (none once a restore dropped it). */
const usersWithId = (id: string) =>
  t.database.db
    .select()
    .from(users)
    .where(sql`${users.id} = ${id}`);

function multipart(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const boundary = '----escola' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/json\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The downloaded file (`raw`, encrypted: ADR 0104) and its content (`plain`, `file`). */
async function download(
  cookie: string,
): Promise<{ file: BackupFile; raw: string; plain: string; name: string }> {
  const response = await downloadBackup(t, cookie);
  const name = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))![1]!;
  const plain = decryptedContent(t, response.body);
  return { file: JSON.parse(plain) as BackupFile, raw: response.body, plain, name };
}

async function restore(cookie: string, content: string | Buffer, query = '', senha = TEST_PASSWORD) {
  const body = multipart({ senha }, { name: 'backup.json', content });
  return t.app.inject({
    method: 'POST',
    url: `/api/configuracoes/restore${query}`,
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function seedProbe(ownerId: string) {
  await t.database.db.execute(sql`
    insert into zz_probe (parent_id, owner_id, blob, tags, big, amount, meta)
    values (null, ${ownerId}, '\\x00ff10'::bytea, array['a','b"c'], 9007199254740993, 1234.56, '{"x":[1,2]}'::jsonb)`);
  await t.database.db.execute(sql`
    insert into zz_probe (parent_id, owner_id, blob, tags, big, amount, meta)
    values (1, null, null, '{}', -1, 0.01, 'null'::jsonb)`);
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const withoutAudit = (file: BackupFile) =>
  Object.fromEntries(Object.entries(file.dados).filter(([name]) => name !== 'audit_log'));

describe('backup', () => {
  it('asks for the password again and names the file backup-YYYY-MM-DD.json', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/configuracoes/backup',
      headers: { cookie },
      payload: { senha: 'errada' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('senha');
    const { file, name } = await download(cookie);
    expect(name).toMatch(/^backup-\d{4}-\d{2}-\d{2}\.json$/);
    expect(file).toMatchObject({ formato: 'sistema-escolar-backup', versao_formato: 2, versao_app: '0.1.0' });
    expect(file.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(file.assinatura).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(file.chave_id).toBe(keyIdOf(t.app.ctx.backupKey));
    expect(Object.keys(file.dados)).toEqual(
      expect.arrayContaining(['users', 'settings', 'audit_log', 'zz_probe']),
    );
    expect(Object.keys(file.dados)).not.toContain('sessions');
    expect(file.tabelas.users).toBe(1);
    expect(JSON.stringify(file)).not.toContain('token_hash');
  });

  it('round trip: backup → restore → backup gives the same data, every type intact', async () => {
    const { user: admin, cookie } = await signedIn(t, 'administrador');
    await seedProbe(admin.id);
    await t.app.inject({
      method: 'PUT',
      url: '/api/configuracoes/escola',
      headers: { cookie },
      payload: { nome: 'Colégio Round Trip', cnpj: '11.222.333/0001-81' },
    });
    const first = await download(cookie);
    expect(first.file.dados.zz_probe!.registros[0]).toMatchObject({
      blob: 'AP8Q',
      big: '9007199254740993',
      amount: '1234.56',
      tags: ['a', 'b"c'],
    });

    const extra = await createUserRow(t.database, 'professor');
    const restored = await restore(cookie, first.raw);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toBe('Backup restaurado com sucesso');
    const gone = await usersWithId(extra.id);
    expect(gone).toHaveLength(0);

    // The administrator is still signed in (sessions of users that exist survive).
    const second = await download(cookie);
    expect(withoutAudit(second.file)).toEqual(withoutAudit(first.file));
    // The audit log is append-only: the backup's entries are all there, plus the restore itself.
    const ids = new Set(second.file.dados.audit_log!.registros.map((row) => row.id));
    for (const row of first.file.dados.audit_log!.registros) expect(ids.has(row.id)).toBe(true);
    const actions = second.file.dados.audit_log!.registros.map((row) => row.action);
    expect(actions).toContain('restaurar_backup');

    // Identity and serial sequences continue after the restored rows.
    await t.database.db.execute(sql`insert into zz_probe (big) values (5)`);
    const [row] = rowsOf(await t.database.db.execute(sql`select max(id) as id from zz_probe`)) as {
      id: number;
    }[];
    expect(row!.id).toBe(3);
    const [last] = await t.database.db
      .select()
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(last!.action).toBe('criar_backup');

    // A safety backup was written before the restore.
    expect(
      readdirSync(path.join(t.app.ctx.config.dataDir, 'backups')).some((name) =>
        name.startsWith('antes-restauracao-'),
      ),
    ).toBe(true);
  });

  it('dry run says what it would do and changes nothing', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const { raw } = await download(cookie);
    const extra = await createUserRow(t.database, 'professor');
    const response = await restore(cookie, raw, '?dryRun=true');
    expect(response.statusCode).toBe(200);
    const plan = response.json().data;
    expect(plan.backup.tabelas.users).toBe(1);
    expect(plan.atual.users).toBe(2);
    expect(plan.substituidas).toContain('users');
    expect(plan.preservadas).toEqual(expect.arrayContaining(['audit_log', 'sessions']));
    expect(await usersWithId(extra.id)).toHaveLength(1);
  });

  it('refuses non-backups, tampered files, newer formats and a wrong password, changing nothing', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const { file, raw, plain } = await download(cookie);
    const before = await t.database.db.select().from(users);

    const notJson = await restore(cookie, 'isto não é json');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('O arquivo não é um backup do Sistema Escolar.');
    expect((await restore(cookie, JSON.stringify({ hello: 'world' }))).json().message).toBe(
      'O arquivo não é um backup do Sistema Escolar.',
    );

    const tampered = JSON.parse(plain) as BackupFile;
    tampered.dados.users!.registros[0]!.nome = 'Invasor';
    const badChecksum = await restore(cookie, JSON.stringify(tampered));
    expect(badChecksum.statusCode).toBe(400);
    expect(badChecksum.json().message).toMatch(/soma de verificação/);

    const newer = sealBackup({ ...file, versao_formato: 99 }, t.app.ctx.backupKey);
    expect((await restore(cookie, JSON.stringify(newer))).json().message).toMatch(/versão mais nova/);

    const unknownTable = sealBackup(
      {
        ...file,
        dados: { ...file.dados, nada: { colunas: [], registros: [] } },
        tabelas: { ...file.tabelas, nada: 0 },
      },
      t.app.ctx.backupKey,
    );
    expect((await restore(cookie, JSON.stringify(unknownTable))).json().message).toMatch(/não conhece/);

    expect((await restore(cookie, raw, '', 'errada')).statusCode).toBe(400);
    expect(await t.database.db.select().from(users)).toEqual(before);
  });

  it('is atomic: a file that fails half-way changes nothing', async () => {
    const { user: admin, cookie } = await signedIn(t, 'administrador');
    await seedProbe(admin.id);
    const { file } = await download(cookie);
    const extra = await createUserRow(t.database, 'professor');
    // users is restored first (zz_probe references it); a bad zz_probe row fails after users was replaced.
    const broken = structuredClone(file);
    broken.dados.zz_probe!.registros.push({
      ...broken.dados.zz_probe!.registros[0]!,
      id: 99,
      parent_id: 12345,
    });
    broken.tabelas.zz_probe = broken.dados.zz_probe!.registros.length;
    const response = await restore(cookie, JSON.stringify(sealBackup(broken, t.app.ctx.backupKey)));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/zz_probe.*Nada foi alterado/);
    expect(await usersWithId(extra.id)).toHaveLength(1);
    const [count] = rowsOf(await t.database.db.execute(sql`select count(*)::int as n from zz_probe`)) as {
      n: number;
    }[];
    expect(count!.n).toBe(2);
  });

  it('carries the rules a closed year keeps; a file from before them restores that year with the restored settings', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const values = (media_aprovacao: number) => ({ ...defaultAcademicSettings, media_aprovacao });
    await t.database.db.insert(settings).values({ key: 'academico', value: values(7) });
    const [year] = await t.database.db
      .insert(schoolYears)
      .values({ ano: 2025, inicio: '2025-02-03', fim: '2025-12-12' })
      .returning();
    await t.database.db.insert(yearClosures).values({ anoLetivoId: year!.id, regras: values(5) });
    const keptRules = async () =>
      (await t.database.db.select({ regras: yearClosures.regras }).from(yearClosures))[0]?.regras;

    // The column is picked up like any other: in the file and back from it.
    const { file, raw } = await download(cookie);
    expect(file.dados.year_closures!.colunas).toContain('regras');
    expect(file.dados.year_closures!.registros[0]!.regras).toEqual(values(5));
    await t.database.db.update(yearClosures).set({ regras: values(9) });
    expect((await restore(cookie, raw)).statusCode).toBe(200);
    expect(await keptRules()).toEqual(values(5));

    // A file made before the column existed: the closed year keeps the settings restored with it.
    const older = structuredClone(file);
    const closures = older.dados.year_closures!;
    closures.colunas = closures.colunas.filter((column) => column !== 'regras');
    for (const row of closures.registros) delete row.regras;
    const response = await restore(cookie, JSON.stringify(sealBackup(older, t.app.ctx.backupKey)));
    expect(response.statusCode, response.body).toBe(200);
    expect(await keptRules()).toEqual(values(7));
  });

  it('lists the automatic backups and restores one', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const { raw } = await download(cookie);
    await restore(cookie, raw);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/configuracoes/backups',
      headers: { cookie },
    });
    const items = list.json().data as AutomaticBackup[];
    expect(items.length).toBeGreaterThan(0);
    const name = items[0]!.nome;
    /** A backup action, confirmed with the administrator's password. */
    const withPassword = (url: string) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload: { senha: TEST_PASSWORD } });
    const fetched = await withPassword(`/api/configuracoes/backups/${name}/download`);
    expect(fetched.statusCode).toBe(200);
    expect(JSON.parse(fetched.body).formato).toBe('sistema-escolar-backup');
    const again = await withPassword(`/api/configuracoes/backups/${name}/restore`);
    expect(again.statusCode).toBe(200);
    const traversal = await withPassword(`/api/configuracoes/backups/..%2Fpgdata/download`);
    expect(traversal.statusCode).toBe(400);
  });
});

describe('retention', () => {
  it('keeps 7 daily, 4 weekly and 12 monthly backups', () => {
    const items: AutomaticBackup[] = [];
    const start = Date.UTC(2026, 0, 1, 15);
    for (let day = 0; day < 400; day++) {
      const at = new Date(start + day * DAY_MS).toISOString();
      items.push({
        nome: `diario-${at.replace(/[:.]/g, '-')}.json`,
        tipo: 'diario',
        criado_em: at,
        tamanho: 1,
      });
    }
    const deleted = new Set(backupsToDelete(items));
    const kept = items.filter((item) => !deleted.has(item.nome));
    // 7 days + up to 4 weeks + up to 12 months, overlapping.
    expect(kept.length).toBeGreaterThanOrEqual(12);
    expect(kept.length).toBeLessThanOrEqual(23);
    expect(kept.map((item) => item.criado_em)).toContain(items.at(-1)!.criado_em);
    const months = new Set(kept.map((item) => item.criado_em.slice(0, 7)));
    expect(months.size).toBe(12);
  });
});

describe('wipe', () => {
  it('needs the school name and password, backs up first, keeps admin, settings and audit', async () => {
    const { user: admin, cookie } = await signedIn(t, 'administrador');
    await t.app.inject({
      method: 'PUT',
      url: '/api/configuracoes/escola',
      headers: { cookie },
      payload: { nome: 'Colégio Limpo' },
    });
    const teacher = await signedIn(t, 'professor');
    await seedProbe(teacher.user.id);
    await t.database.db.execute(
      sql`create table if not exists content_probe (id int primary key, editor_id uuid references users(id))`,
    );
    await t.database.db.execute(
      sql`insert into content_probe values (1, ${teacher.user.id}) on conflict do nothing`,
    );

    /** Clearing the system, confirmed by typing the school's name and the password. */
    const clear = (confirmacao: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/configuracoes/limpar',
        headers: { cookie },
        payload: { confirmacao, senha: TEST_PASSWORD },
      });
    const wrongName = await clear('Outra Escola');
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().details[0].path).toBe('confirmacao');

    const response = await clear('colégio limpo');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ usuarios_removidos: 1 });
    expect(response.json().data.tabelas).toContain('zz_probe');

    const remaining = await t.database.db.select().from(users);
    expect(remaining.map((row) => row.id)).toEqual([admin.id]);
    const [probe] = rowsOf(await t.database.db.execute(sql`select count(*)::int as n from zz_probe`)) as {
      n: number;
    }[];
    expect(probe!.n).toBe(0);
    const [content] = rowsOf(
      await t.database.db.execute(sql`select count(*)::int as n from content_probe`),
    ) as { n: number }[];
    expect(content!.n).toBe(1);
    const [editor] = rowsOf(await t.database.db.execute(sql`select editor_id from content_probe`)) as {
      editor_id: string | null;
    }[];
    expect(editor!.editor_id).toBeNull();
    const school = await t.app.inject({
      method: 'GET',
      url: '/api/configuracoes/escola',
      headers: { cookie },
    });
    expect(school.json().data.nome).toBe('Colégio Limpo');
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['login', 'atualizar', 'limpar_dados']),
    );
    expect(
      readdirSync(path.join(t.app.ctx.config.dataDir, 'backups')).some((name) =>
        name.startsWith('antes-limpeza-'),
      ),
    ).toBe(true);
    await t.database.db.execute(sql`drop table content_probe`);
  });
});
