import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * Every table of a database, each before the tables it references (its rows can go first); read once
 * per database, again when a test made a table.
 */
const orders = new WeakMap<Db, string[]>();

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The sequences of the public tables' serial and identity columns — by the sequence's oid, its table and
 * its start — read once per database, again when a used sequence is not among them (a test made a table).
 * Finding them joins `pg_depend`, which took 15 ms on PGlite, twice at every reset; which of them handed
 * out a value is asked of the sequences alone (ADR 0079).
 */
interface OwnedSequence {
  table: string;
  start: string;
}
const ownedSequences = new WeakMap<Db, Map<string, OwnedSequence | null>>();

async function readOwnedSequences(db: Db): Promise<Map<string, OwnedSequence | null>> {
  const rows = rowsOf<{ oid: string; table: string | null; start: string }>(
    await db.execute(sql`select s.seqrelid::text as oid, t.relname::text as table, s.seqstart::text as start
      from pg_sequence s
      left join pg_depend d on d.objid = s.seqrelid and d.deptype in ('a', 'i')
      left join pg_class t on t.oid = d.refobjid and t.relnamespace = 'public'::regnamespace`),
  );
  // A sequence no public table owns is kept as null: used or not, the reset leaves it alone, as before.
  const owned = new Map<string, OwnedSequence | null>();
  for (const row of rows)
    if (!owned.get(row.oid)) owned.set(row.oid, row.table ? { table: row.table, start: row.start } : null);
  ownedSequences.set(db, owned);
  return owned;
}

/** The public tables' sequences that handed out a value: their oid, table and start. */
async function usedOwnedSequences(db: Db): Promise<({ oid: string } & OwnedSequence)[]> {
  const used = rowsOf<{ oid: string }>(
    await db.execute(
      sql`select seqrelid::text as oid from pg_sequence where pg_sequence_last_value(seqrelid) is not null`,
    ),
  ).map((row) => row.oid);
  let owned = ownedSequences.get(db);
  if (!owned || used.some((oid) => !owned!.has(oid))) owned = await readOwnedSequences(db);
  return used.flatMap((oid) => {
    const sequence = owned.get(oid);
    return sequence ? [{ oid, ...sequence }] : [];
  });
}

/**
 * Empties every table a test wrote to and sets their sequences back, as a TRUNCATE … RESTART IDENTITY
 * CASCADE of them would — without that command's cascade. Almost every test writes a user, and `users`
 * is referenced by 88 of the 119 tables: TRUNCATE must take all of them along, giving each table and
 * index a new file, 95 ms on PGlite and 146 ms on PostgreSQL a test, while deleting a test's few rows
 * costs a few ms. The rows go by DELETE, children first, in one transaction, so the database's own
 * triggers run as they do for any deletion (the caches' notifications, the record versions). When the
 * deletes fail — a test's own tables referencing each other in a cycle, a trigger refusing a delete — the
 * transaction rolls back and the TRUNCATE runs.
 */
export async function emptyWrittenTables(db: Db): Promise<void> {
  const sequences = await usedOwnedSequences(db);
  const written = await writtenTables(db, sequences);
  if (written.length === 0) return;
  let childrenFirst = orders.get(db);
  if (!childrenFirst || written.some((name) => !childrenFirst!.includes(name))) {
    childrenFirst = await childrenFirstOrder(db);
    orders.set(db, childrenFirst);
  }
  const deleted = childrenFirst.filter((name) => written.includes(name));
  try {
    await db.transaction(async (tx) => {
      for (const name of deleted) await tx.execute(sql.raw(`DELETE FROM ${quoted(name)}`));
      if (sequences.length > 0) {
        const values = sequences.map((sequence) => `(${sequence.oid}, ${sequence.start})`).join(', ');
        await tx.execute(
          sql.raw(
            `select setval(v.oid::oid::regclass, v.start, false) from (values ${values}) v(oid, start)`,
          ),
        );
      }
    });
  } catch {
    await db.execute(sql.raw(`TRUNCATE ${written.map(quoted).join(', ')} RESTART IDENTITY CASCADE`));
  }
}

/**
 * The tables a test may have written to: the ones whose file is not empty (an insert extends it at once;
 * a TRUNCATE gives it a new, empty one — so a table whose rows were deleted is here too) and the ones
 * owning a sequence that was used. Asking the 119 tables whether they hold a row took 41 ms on PostgreSQL.
 */
async function writtenTables(db: Db, sequences: { table: string }[]): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname::text as name from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and pg_relation_size(c.oid) > 0`);
  const names = new Set(rowsOf<{ name: string }>(result).map((row) => row.name));
  for (const { table } of sequences) names.add(table);
  return [...names];
}

async function childrenFirstOrder(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select relname::text as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    ),
  );
  const references = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c where c.contype = 'f' and c.conrelid <> c.confrelid
        and c.connamespace = 'public'::regnamespace`),
  );
  // regclass::text quotes a name only when it needs it.
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replace(/""/g, '"');
  const parents = new Map<string, string[]>();
  for (const { child, parent } of references)
    parents.set(unquote(child), [...(parents.get(unquote(child)) ?? []), unquote(parent)]);
  // Depth first: a table goes in after the tables it references; reversed, it comes before them.
  const placed = new Set<string>();
  const postOrder: string[] = [];
  const visit = (name: string) => {
    if (placed.has(name)) return;
    placed.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent);
    postOrder.push(name);
  };
  for (const { name } of tables) visit(name);
  return postOrder.reverse();
}
