/**
 * The embedded database's routine maintenance. PostgreSQL's autovacuum keeps a server's statistics and
 * visibility map current; PGlite has no autovacuum, so on the default install nothing ever did: the
 * planner chose plans without statistics (a family's boletim took twice as long at 5,000 students,
 * docs/performance.md) and dead rows were never made reusable. Once a day this job does what
 * autovacuum would — `VACUUM (ANALYZE)` — one table at a time, so a request waits at most for one
 * table's turn on PGlite's single connection, never for the whole database. Registered on PGlite only.
 */
import { sql } from 'drizzle-orm';
import { todayIso } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { schoolHour } from '../../lib/clock.js';

export const MAINTENANCE_JOB = 'manutencao_banco';

/** At night when the server runs then; a server switched off at night does it on its first poll of the day. */
const MAINTENANCE_HOUR = 3;

/** The daily slot: the school's date, from 03:00 in São Paulo. */
export function maintenanceSlot(now: Date): string | null {
  return schoolHour(now) >= MAINTENANCE_HOUR ? todayIso(now) : null;
}

export interface MaintenanceRun {
  tabelas: number;
  /** The longest single table's turn, the longest a request waited behind the job. */
  maiorTabela: { nome: string; ms: number } | null;
  ms: number;
}

/** VACUUM (ANALYZE) of every table of the school's schemas, one statement (and one wait) per table. */
export async function maintainDatabase(db: Db): Promise<MaintenanceRun> {
  const started = performance.now();
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      SELECT schemaname AS schema, tablename AS name FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
      ORDER BY schemaname, tablename`),
  );
  let longest: MaintenanceRun['maiorTabela'] = null;
  for (const table of tables) {
    const at = performance.now();
    await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(table.schema)}.${sql.identifier(table.name)}`);
    const ms = Math.round(performance.now() - at);
    if (!longest || ms > longest.ms) longest = { nome: `${table.schema}.${table.name}`, ms };
  }
  return { tabelas: tables.length, maiorTabela: longest, ms: Math.round(performance.now() - started) };
}

/**
 * The tables whose planner statistics are missing or stale: rows written and never analysed, or grown by
 * more than a fifth (and 8 pages) since the last ANALYZE — what autovacuum's analyse threshold catches on
 * PostgreSQL. Read from the catalog (`reltuples`, `relpages` and the file's size): PGlite does not keep
 * the modification counters `pg_stat_user_tables` shows on a server.
 */
export async function staleTables(db: Db): Promise<{ schema: string; name: string }[]> {
  return rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      SELECT n.nspname AS schema, c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
        AND pg_relation_size(c.oid) > 0
        AND (c.reltuples < 0 OR pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8)
      ORDER BY n.nspname, c.relname`),
  );
}

/** ANALYZE of each stale table (`staleTables`), one statement per table; answers how many. */
export async function analyzeStaleTables(db: Db): Promise<number> {
  const tables = await staleTables(db);
  for (const table of tables)
    await db.execute(sql`ANALYZE ${sql.identifier(table.schema)}.${sql.identifier(table.name)}`);
  return tables.length;
}

/** How often a PGlite server looks for tables grown since their statistics (ADR 0072). */
const STATISTICS_CHECK_MS = 10 * 60_000;

/**
 * Between two nights, on PGlite: every ten minutes (and once soon after start) the tables a school's
 * day grew — an import of the students, the year's rolls, a seeded demo — get their statistics, so the
 * plans do not wait for 03:00. A timer, not a job: one process holds a PGlite data dir. Answers `stop`.
 */
export function watchStatistics(ctx: AppContext): () => void {
  let running = false;
  const check = () => {
    if (running) return;
    running = true;
    analyzeStaleTables(ctx.db)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'estatísticas do banco não atualizadas'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(check, 5_000);
  const every = setInterval(check, STATISTICS_CHECK_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

/** A slot a day on the job queue (ADR 0015). app.ts registers it on PGlite only: PostgreSQL maintains itself. */
export function registerDatabaseMaintenance(ctx: AppContext): void {
  ctx.jobs.handle(MAINTENANCE_JOB, async () => {
    await maintainDatabase(ctx.db);
  });
  ctx.jobs.schedule({
    name: MAINTENANCE_JOB,
    kind: MAINTENANCE_JOB,
    slotOf: (now) => Promise.resolve(maintenanceSlot(now)),
  });
}
