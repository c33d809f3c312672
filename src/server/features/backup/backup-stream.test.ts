import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signedIn, TEST_PASSWORD, setupTestApp } from '../../test/test-app.js';
import { originOf, sealBackup, type BackupFile } from './backup-format.js';
import { BACKUP_PAGE_ROWS } from './backup-stream.js';
import { decryptedContent, downloadBackup } from './backup.test-setup.js';
import { createBackup } from './backup-tables.service.js';
import { writeAutomaticBackup } from './backup-automatic.service.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const t = setupTestApp();

const ROWS = BACKUP_PAGE_ROWS * 2 + 345;

/** A table of more rows than a page, with jsonb the database prints with spaces. */
async function seedProbe() {
  await t.database.db.execute(sql`
    create table if not exists zz_stream_probe (id integer primary key, meta jsonb, amount numeric(12, 2))`);
  await t.database.db.execute(sql`truncate zz_stream_probe`);
  await t.database.db.execute(
    sql.raw(`
    insert into zz_stream_probe (id, meta, amount)
    select n, jsonb_build_object('n', n, 'nome', 'Aluna ' || n, 'l', jsonb_build_array(n, 'ç')), n / 100.0
    from generate_series(1, ${String(ROWS)}) n`),
  );
}

const download = (cookie: string) => downloadBackup(t, cookie);

/** The file as the in-memory backup serialized it: the body re-sealed and stringified. */
function reserialized(file: BackupFile): string {
  const body: Partial<BackupFile> = { ...file };
  delete body.checksum;
  delete body.chave_id;
  delete body.assinatura;
  return JSON.stringify(sealBackup(body as BackupFile, t.app.ctx.backupKey));
}

describe('backup written as it is read (issue 38)', () => {
  it('streams the download with its size announced, byte for byte the format of the in-memory backup', async () => {
    await seedProbe();
    const { cookie } = await signedIn(t, 'administrador');
    const queries = await t.queriesOf(() => download(cookie));
    const response = await download(cookie);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    // The file is encrypted (ADR 0104); its content is what the in-memory backup gives.
    const raw = decryptedContent(t, response.body);
    const file = JSON.parse(raw) as BackupFile;
    expect(raw).toBe(reserialized(file));
    expect(originOf(file, t.app.ctx.backupKey)).toBe('esta_instalacao');
    const probe = file.dados.zz_stream_probe!;
    expect(file.tabelas.zz_stream_probe).toBe(ROWS);
    expect(probe.registros).toHaveLength(ROWS);
    expect(probe.registros.map((row) => row.id)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(probe.registros[1]).toEqual({
      id: 2,
      meta: { l: [2, 'ç'], n: 2, nome: 'Aluna 2' },
      amount: '0.02',
    });
    // The same data as the whole-school-in-memory backup (the audit log has grown since: left out).
    const memory = await createBackup(t.database.db, t.app.ctx.backupKey);
    const withoutAudit = (dados: BackupFile['dados']) =>
      Object.fromEntries(Object.entries(dados).filter(([name]) => name !== 'audit_log'));
    expect(withoutAudit(file.dados)).toEqual(withoutAudit(memory.dados));
    // Read a page at a time through a cursor, never one aggregate of a whole table.
    expect(queries.some((query) => /json_agg/i.test(query))).toBe(false);
    expect(queries.filter((query) => /fetch forward/i.test(query)).length).toBeGreaterThanOrEqual(3);
    // Nothing is left in the backups folder by a download.
    const folder = t.app.ctx.config.backupDir;
    const left = (() => {
      try {
        return readdirSync(folder);
      } catch {
        return [];
      }
    })();
    expect(left.filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('writes the automatic backup the same way, and it restores', async () => {
    await seedProbe();
    const written = await writeAutomaticBackup(t.app.ctx, 'diario');
    const encrypted = readFileSync(path.join(t.app.ctx.config.backupDir, written.nome), 'utf8');
    expect(Buffer.byteLength(encrypted)).toBe(written.tamanho);
    const raw = decryptedContent(t, encrypted);
    const file = JSON.parse(raw) as BackupFile;
    expect(raw).toBe(reserialized(file));
    expect(file.dados.zz_stream_probe!.registros).toHaveLength(ROWS);
    const { cookie } = await signedIn(t, 'administrador');
    await t.database.db.execute(sql`delete from zz_stream_probe where id > 10`);
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/configuracoes/backups/${written.nome}/restore`,
      headers: { cookie },
      payload: { senha: TEST_PASSWORD },
    });
    expect(restored.statusCode).toBe(200);
    const [count] = (
      (await t.database.db.execute(sql`select count(*)::int as n from zz_stream_probe`)) as {
        rows: { n: number }[];
      }
    ).rows;
    expect(count!.n).toBe(ROWS);
  });
});
