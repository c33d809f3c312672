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
