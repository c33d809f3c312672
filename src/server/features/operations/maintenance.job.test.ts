import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { jobs } from '../../db/schema/jobs.js';
import { clock } from '../../lib/clock.js';
import { createUserRow, setupTestApp } from '../../test/test-app.js';
import {
  analyzeStaleTables,
  MAINTENANCE_JOB,
  maintainDatabase,
  maintenanceSlot,
  staleTables,
} from './maintenance.job.js';

const t = setupTestApp();
afterEach(() => clock.unpin());

/**
 * A PGlite of its own (not the worker's shared one): the statistics a VACUUM (ANALYZE) leaves are not
 * part of what the pool scrubs, and the next file must start from a database nobody analysed.
 */
async function ownPglite(onQuery?: (query: string) => void): Promise<Database> {
  const image = inject('pgliteImage');
  return openDatabase(
    { kind: 'memory', ...(image ? { image: readFileSync(image) } : {}) },
    onQuery ? { onQuery } : {},
  );
}

const statisticsOf = async (database: Database, table: string) => {
  const [row] = rowsOf<{ columns: number; visible: number }>(
    await database.db.execute(sql`
      SELECT (SELECT count(*)::int FROM pg_stats WHERE schemaname = 'public' AND tablename = ${table}) AS columns,
             (SELECT relallvisible::int FROM pg_class WHERE oid = ${`public.${table}`}::regclass) AS visible`),
  );
  return row!;
};

describe('database maintenance (PGlite has no autovacuum)', () => {
  it('is due once a day, from 03:00 in São Paulo', () => {
    expect(maintenanceSlot(new Date('2026-12-02T05:59:00Z'))).toBeNull(); // 02:59 in São Paulo
    expect(maintenanceSlot(new Date('2026-12-02T06:00:00Z'))).toBe('2026-12-02');
    expect(maintenanceSlot(new Date('2026-12-03T02:30:00Z'))).toBe('2026-12-02'); // 23:30 of the 2nd
  });

  it('gathers the statistics and sets the visibility map of every table, one table per statement', async () => {
    const statements: string[] = [];
    const database = await ownPglite((query) => statements.push(query));
    try {
      for (let i = 0; i < 30; i++) await createUserRow(database, 'professor');
      expect(await statisticsOf(database, 'users')).toEqual({ columns: 0, visible: 0 });
      const tables = rowsOf<{ total: number }>(
        await database.db.execute(sql`SELECT count(*)::int AS total FROM pg_tables
          WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`),
      )[0]!.total;

      statements.length = 0;
      const run = await maintainDatabase(database.db);

      expect(run.tabelas).toBe(tables);
      const vacuums = statements.filter((query) => query.startsWith('VACUUM'));
      expect(vacuums).toHaveLength(tables);
      expect(vacuums).toContain('VACUUM (ANALYZE) "public"."users"');
      expect(run.maiorTabela).not.toBeNull();
      const users = await statisticsOf(database, 'users');
      expect(users.columns).toBeGreaterThan(0);
      expect(users.visible).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it('between two nights, analyses the tables written and never analysed, or grown by a fifth since', async () => {
    const database = await ownPglite();
    const { db } = database;
    const stale = async () => (await staleTables(db)).map((table) => `${table.schema}.${table.name}`);
    const grow = (from: number) =>
      db.execute(sql`INSERT INTO public.chamadas_do_dia (id, texto)
        SELECT g, 'presente' FROM generate_series(${from}::int, ${from + 9_999}::int) g`);
    try {
      await maintainDatabase(db);
      await db.execute(sql`CREATE TABLE public.chamadas_do_dia (id int, texto text)`);
      // Empty: nothing to gather yet.
      expect(await stale()).not.toContain('public.chamadas_do_dia');
      await grow(1);
      expect(await stale()).toEqual(['public.chamadas_do_dia']);
      expect(await statisticsOf(database, 'chamadas_do_dia')).toMatchObject({ columns: 0 });

      expect(await analyzeStaleTables(db)).toBe(1);
      expect(await statisticsOf(database, 'chamadas_do_dia')).toMatchObject({ columns: 2 });
      expect(await stale()).toEqual([]);
      // A tenth more is within the statistics' margin; doubled is not.
      await db.execute(sql`INSERT INTO public.chamadas_do_dia (id, texto)
        SELECT g, 'falta' FROM generate_series(1, 1000) g`);
      expect(await stale()).toEqual([]);
      await grow(20_000);
      expect(await stale()).toEqual(['public.chamadas_do_dia']);
    } finally {
      await database.close();
    }
  });

  it('is queued by the day’s poll on PGlite, once, and never on PostgreSQL (autovacuum does it there)', async () => {
    clock.pin('2026-12-02T03:30:00-03:00');
    await t.app.ctx.jobs.tick();
    await t.app.ctx.jobs.tick();
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, MAINTENANCE_JOB));
    // Not run here: this is the worker's shared database (the test above runs the job's work).
    expect(queued).toHaveLength(t.database.kind === 'pglite' ? 1 : 0);
  });
});
