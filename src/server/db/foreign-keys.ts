/** The foreign keys of the public schema, read from the catalogue so that new tables are found without a list. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { rowsOf } from './rows.js';

/** A column of a public table that references another table, and whether it is required (not null). */
export interface ReferencingColumn {
  tbl: string;
  col: string;
  notnull: boolean;
}

/** Every column of a public table that references `target`, in table and column order. */
export async function columnsReferencing(db: DbOrTx, target: string): Promise<ReferencingColumn[]> {
  return rowsOf<ReferencingColumn>(
    await db.execute(sql`
      select c.relname as tbl, a.attname as col, a.attnotnull as notnull
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      cross join lateral unnest(k.conkey) as ck(attnum)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = ck.attnum
      where k.contype = 'f' and n.nspname = 'public' and p.relname = ${target}
      order by 1, 2`),
  );
}
