import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import {
  giveBackPglite,
  giveBackPostgres,
  onCluster,
  postgresDatabaseUrl,
  takePglite,
  takePostgres,
} from './database-pool.js';

interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A write to every kind of state a test leaves behind: rows added and removed, sequences, a setting. */
const WRITES = `
  insert into disciplinas (nome, area, ordem) values ('Robótica', 'Linguagens', 99);
  delete from perfis;
  insert into users (nome, email, password_hash, nivel) values ('Ana', 'ana@escola.test', 'x', 'administrador');
  select nextval('record_versions_seq');
  select nextval(format('%I.%I', schemaname, sequencename)) from pg_sequences where last_value is null;
  set timezone = 'Asia/Tokyo';`;

const DDL = `create table zz_sonda (id int); drop table zz_sonda;
  create function zz_f() returns int language sql as $$ select 1 $$`;

/** What a test file could observe of a database: every user table's rows, every sequence, a setting. */
async function stateOf(client: Sql): Promise<string> {
  const tables = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(t order by t::text)::text as rows from ${name} t`,
    );
    parts.push(`${name}: ${rows[0]!.rows ?? '[]'}`);
  }
  const sequences = await client.query<{ line: string }>(
    `select sequencename || '=' || coalesce(last_value::text, 'null') as line from pg_sequences order by 1`,
  );
  const zone = await client.query<{ TimeZone: string }>('show timezone');
  return [...parts, ...sequences.rows.map((row) => row.line), zone.rows[0]!.TimeZone].join('\n');
}

describe.skipIf(process.env.TEST_DATABASE_URL)('a test worker’s PGlite databases', () => {
  const image = inject('pgliteImage')!;

  it('hands the next file the database back in the image’s state, whatever the last one wrote', async () => {
    const first = await takePglite(image);
    const fresh = await stateOf(first);
    expect(fresh).toContain('perfis');
    await first.exec(`${WRITES}; listen canal_de_teste;`);
    expect(await stateOf(first)).not.toBe(fresh);
    await giveBackPglite(first);

    const second = await takePglite(image);
    expect(second).toBe(first);
    expect(await stateOf(second)).toBe(fresh);
    await giveBackPglite(second);
  });

  it('closes a database whose schema a test changed, and the next file gets a new one', async () => {
    const first = await takePglite(image);
    await first.exec(DDL);
    await giveBackPglite(first);
    expect(first.closed).toBe(true);

    const second = await takePglite(image);
    expect(second).not.toBe(first);
    const { rows } = await second.query<{ n: number }>(
      `select count(*)::int as n from pg_proc where proname = 'zz_f'`,
    );
    expect(rows[0]!.n).toBe(0);
    await giveBackPglite(second);
  });

  it('closes a database left inside a transaction', async () => {
    const first = await takePglite(image);
    await first.exec('begin');
    await giveBackPglite(first);
    expect(first.closed).toBe(true);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('a test worker’s PostgreSQL databases', () => {
  const template = inject('postgresTemplate');
  const on = <T>(name: string, work: (client: pg.Client) => Promise<T>) =>
    onCluster(postgresDatabaseUrl(adminUrl!, name), work);
  const exists = (name: string) =>
    on('postgres', async (client) => {
      const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
      return rows.length > 0;
    });

  it('hands the next file the database back in the template’s state, whatever the last one wrote', async () => {
    const first = await takePostgres(adminUrl!, template);
    const fresh = await on(first, stateOf);
    expect(fresh).toContain('perfis');
    const written = await on(first, async (client) => {
      await client.query(WRITES);
      return stateOf(client);
    });
    expect(written).not.toBe(fresh);
    await giveBackPostgres(adminUrl!, first);

    const second = await takePostgres(adminUrl!, template);
    expect(second).toBe(first);
    expect(await on(second, stateOf)).toBe(fresh);
    await giveBackPostgres(adminUrl!, second);
  });

  it('drops a database whose schema a test changed, and the next file gets a new one', async () => {
    const first = await takePostgres(adminUrl!, template);
    await on(first, (client) => client.query(DDL));
    await giveBackPostgres(adminUrl!, first);
    expect(await exists(first)).toBe(false);

    const second = await takePostgres(adminUrl!, template);
    expect(second).not.toBe(first);
    await giveBackPostgres(adminUrl!, second);
  });
});
