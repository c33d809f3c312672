import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { resealed, secretBox, type SecretBox } from './secret-box.js';

/**
 * The columns of one table that hold values sealed with the installation's key (lib/secret-box.ts), as
 * the module that owns them declares them: the table, its primary key, the box's `info` and each column's
 * purpose. The installation key's rotation (ADR 0118) moves them to the new key without knowing them.
 */
export interface SealedColumns {
  table: PgTable;
  id: PgColumn;
  info: string;
  columns: readonly (readonly [PgColumn, string])[];
}

/** A table's sealed columns with the box that seals them (`boxOf`, under the installation's key). */
export interface SealedTable extends SealedColumns {
  boxOf(ctx: { backupKey: Buffer }): SecretBox;
}

/** Declared once by the module that owns the table: its box and what a rotation re-seals agree. */
export function sealedTable(spec: SealedColumns): SealedTable {
  return { ...spec, boxOf: (ctx) => secretBox(ctx.backupKey, spec.info) };
}

export interface ResealCount {
  /** Values now sealed with the new key. */
  resealed: number;
  /** Values no key at hand opens (sealed by another installation): left as they were. */
  unreadable: number;
}

/**
 * Every sealed value of `spec`'s table opened with `from` (the old key; a value already under `into`, from
 * an interrupted rotation run again, opens too) and sealed again with `into`, in `db` (a transaction).
 */
export async function resealColumns(
  db: DbOrTx,
  spec: SealedColumns,
  from: Buffer,
  into: Buffer,
): Promise<ResealCount> {
  const target = secretBox(into, spec.info);
  const sources = [secretBox(from, spec.info), target];
  const names = spec.columns.map(([column]) => column.name);
  const rows = rowsOf<Record<string, string | null>>(
    await db.execute(
      sql`SELECT ${sql.identifier(spec.id.name)}::text AS ${sql.identifier('__id')}, ${sql.join(
        names.map((name) => sql.identifier(name)),
        sql`, `,
      )} FROM ${spec.table}`,
    ),
  );
  const count: ResealCount = { resealed: 0, unreadable: 0 };
  for (const row of rows) {
    const sets = [];
    for (const [column, purpose] of spec.columns) {
      const value = row[column.name];
      if (value === null || value === undefined) continue;
      const next = resealed(value, purpose, sources, target);
      if (next === null) {
        count.unreadable++;
        continue;
      }
      count.resealed++;
      sets.push(sql`${sql.identifier(column.name)} = ${next}`);
    }
    if (sets.length === 0) continue;
    await db.execute(
      sql`UPDATE ${spec.table} SET ${sql.join(sets, sql`, `)} WHERE ${sql.identifier(spec.id.name)}::text = ${row.__id}`,
    );
  }
  return count;
}
