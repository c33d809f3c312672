import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite } from '../db/pglite.js';

/**
 * A test worker's databases, handed on from one test file to the next instead of each file starting a
 * new one: an in-memory PGlite, or a database on the PostgreSQL cluster of `npm test`'s second stage.
 *
 * Starting a PGlite cost 1–5 s a file on the 2-core machines (copying the image into PGlite's file
 * system and ≈ 200 MB of WebAssembly memory, whose fresh pages cost about 10 ms a megabyte to touch
 * there); creating and dropping a PostgreSQL database ≈ 0.5 s. A database a file is done with is scrubbed
 * back to the state it started in — every table's rows as the migrations left them, every sequence's
 * value, the session's settings — and the next file gets it. One whose schema is no longer the
 * migrated one (a test made a table, a trigger, a function; none is invisible afterwards) is closed or
 * dropped instead, as is one the scrub cannot bring back, so a file can never tell a reused database
 * from a new one.
 */

/** What the scrub needs of a connection: PGlite's and node-postgres' `query` both fit. */
interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

interface Baseline {
  /** The schema, as `schemaFingerprint` reads it. */
  schema: string;
  /** The tables the image holds rows in (the migrations' own), with those rows as JSON. */
  tables: { name: string; columns: string; rows: string }[];
  /** Every sequence, by its qualified name, and its value in the image (null: never used). */
  sequences: Map<string, string | null>;
}

/** At most this many databases wait in a worker (a file may hold two at once). */
const MAX_IDLE = 2;
const idle: PGlite[] = [];
let image: { path: string; bytes: Uint8Array; baseline: Baseline | null } | null = null;

/** A PGlite in the image's state: one a previous file handed back, or a new one from the image. */
export async function takePglite(imagePath: string): Promise<PGlite> {
  if (image?.path !== imagePath) {
    for (const client of idle.splice(0)) await client.close();
    image = { path: imagePath, bytes: readFileSync(imagePath), baseline: null };
  }
  const reused = idle.pop();
  if (reused) return reused;
  const client = await openPglite(undefined, image.bytes);
  image.baseline ??= await baselineOf(client);
  return client;
}

/** Takes back a PGlite a file is done with: scrubbed for the next file, or closed. */
export async function giveBackPglite(client: PGlite): Promise<void> {
  const baseline = image?.baseline;
  const reusable =
    baseline &&
    idle.length < MAX_IDLE &&
    !client.closed &&
    !client.isInTransaction() &&
    (await scrub(client, (work) => client.transaction(work), baseline)) &&
    // Settings, prepared statements, temporary tables, LISTENs and advisory locks of the session.
    (await client.exec('discard all').then(
      () => true,
      () => false,
    ));
  if (reusable) idle.push(client);
  else if (!client.closed) await client.close();
}

/*
 * PostgreSQL: the databases are named after the template (`t_<template>_<random>`), so the global
 * teardown drops the ones a worker still held when it ended.
 */
const idleNames: string[] = [];
let postgresBaseline: { template: string; baseline: Baseline | null } | null = null;

export function postgresDatabaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One connection to `url` for `work`, ended afterwards. */
export async function onCluster<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const copyPrefix = (template: string) => `t_${template}_`;

/** Drops the copies of `template` the workers still held when they ended (the global teardown). */
export async function dropCopies(adminUrl: string, template: string): Promise<void> {
  await onCluster(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [copyPrefix(template)],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}

/** A database copied from `template` (or a new empty one): one a previous file handed back, or a new copy. */
export async function takePostgres(adminUrl: string, template: string | null): Promise<string> {
  if (template && postgresBaseline?.template !== template) {
    idleNames.length = 0;
    postgresBaseline = { template, baseline: null };
  }
  const reused = idleNames.pop();
  if (reused) return reused;
  const name = template
    ? `${copyPrefix(template)}${randomUUID().slice(0, 8)}`
    : `t_${randomUUID().replace(/-/g, '')}`;
  await onCluster(adminUrl, (admin) =>
    admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
  );
  if (postgresBaseline && !postgresBaseline.baseline)
    postgresBaseline.baseline = await onCluster(postgresDatabaseUrl(adminUrl, name), baselineOf);
  return name;
}

/** Takes back a database a file is done with (its connections closed): scrubbed for the next file, or dropped. */
export async function giveBackPostgres(adminUrl: string, name: string): Promise<void> {
  const baseline = postgresBaseline?.baseline;
  const scrubbed =
    baseline &&
    idleNames.length < MAX_IDLE &&
    (await onCluster(postgresDatabaseUrl(adminUrl, name), (client) =>
      scrub(
        client,
        async (work) => {
          await client.query('begin');
          try {
            await work(client);
            await client.query('commit');
          } catch (error) {
            await client.query('rollback');
            throw error;
          }
        },
        baseline,
      ),
    ).catch(() => false));
  if (scrubbed) idleNames.push(name);
  else await onCluster(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

const USER_SCHEMAS = `not in ('pg_catalog', 'information_schema', 'pg_toast')`;

/**
 * Everything a test could have added to or changed in the schema, as one text: schemas, relations,
 * columns (with their types and defaults), constraints, triggers, functions, roles, extensions.
 */
async function schemaFingerprint(sql: Sql): Promise<string> {
  const { rows } = await sql.query<{ fingerprint: string }>(`
    select md5(string_agg(item, E'\\n' order by item)) as fingerprint from (
      select 'n ' || nspname from pg_namespace
      union all
      select format('r %s.%s %s%s', n.nspname, c.relname, c.relkind, c.relpersistence)
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname ${USER_SCHEMAS}
      union all
      select format('a %s.%s %s %s%s%s%s %s', c.oid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
          a.attnotnull, a.attisdropped, a.attgenerated, a.attidentity, pg_get_expr(d.adbin, d.adrelid))
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname ${USER_SCHEMAS} and a.attnum > 0
      union all
      select 'c ' || conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(oid)
        from pg_constraint where connamespace::regnamespace::text ${USER_SCHEMAS}
      union all
      select format('t %s.%s %s', tgrelid::regclass, tgname, tgenabled)
        from pg_trigger where not tgisinternal
      union all
      select 'p ' || oid::regprocedure::text from pg_proc where pronamespace::regnamespace::text ${USER_SCHEMAS}
      union all
      select 'u ' || rolname from pg_roles
      union all
      select 'e ' || extname || ' ' || extversion from pg_extension
      union all
      select 'l ' || count(*) from pg_largeobject_metadata
    ) items(item)`);
  return rows[0]!.fingerprint;
}

/** The user tables, qualified and quoted. */
async function tableNames(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname ${USER_SCHEMAS}`,
  );
  return rows.map((row) => row.name);
}

/** Of `names`, the tables that hold a row. */
async function withRows(sql: Sql, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await sql.query<{ name: string }>(
    names
      .map((name) => `select '${name.replace(/'/g, "''")}' as name where exists (select 1 from ${name})`)
      .join(' union all '),
  );
  return rows.map((row) => row.name);
}

async function sequenceValues(sql: Sql): Promise<Map<string, string | null>> {
  const { rows } = await sql.query<{ name: string; value: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value
       from pg_sequences where schemaname ${USER_SCHEMAS}`,
  );
  return new Map(rows.map((row) => [row.name, row.value]));
}

async function baselineOf(sql: Sql): Promise<Baseline> {
  const tables: Baseline['tables'] = [];
  for (const name of await withRows(sql, await tableNames(sql))) {
    const { rows } = await sql.query<{ columns: string; rows: string }>(
      `select (select string_agg(format('%I', attname), ', ' order by attnum) from pg_attribute
                 where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '') as columns,
              (select json_agg(t)::text from ${name} t) as rows`,
      [name],
    );
    tables.push({ name, columns: rows[0]!.columns, rows: rows[0]!.rows });
  }
  return { schema: await schemaFingerprint(sql), tables, sequences: await sequenceValues(sql) };
}

/** Back to the migrated state; false when the database cannot be brought back (it is closed instead). */
async function scrub(
  sql: Sql,
  inTransaction: (work: (tx: Sql) => Promise<void>) => Promise<unknown>,
  baseline: Baseline,
): Promise<boolean> {
  try {
    if ((await schemaFingerprint(sql)) !== baseline.schema) return false;
    const written = await withRows(sql, await tableNames(sql));
    const emptied = new Set([...written, ...baseline.tables.map((table) => table.name)]);
    const sequences = await sequenceValues(sql);
    await inTransaction(async (tx) => {
      // Triggers and foreign keys off while the migrated rows go back as they were.
      await tx.query('set local session_replication_role = replica');
      await tx.query(`truncate ${[...emptied].join(', ')} cascade`);
      for (const table of baseline.tables)
        await tx.query(
          `insert into ${table.name} (${table.columns}) overriding system value
             select ${table.columns} from json_populate_recordset(null::${table.name}, $1::json)`,
          [table.rows],
        );
      for (const [name, value] of sequences) {
        const wanted = baseline.sequences.get(name);
        if (wanted === value) continue;
        if (wanted === undefined || wanted === null)
          await tx.query(
            'select setval(seqrelid, seqstart, false) from pg_sequence where seqrelid = $1::regclass',
            [name],
          );
        else await tx.query('select setval($1::regclass, $2::bigint, true)', [name, wanted]);
      }
    });
    return true;
  } catch {
    return false;
  }
}
