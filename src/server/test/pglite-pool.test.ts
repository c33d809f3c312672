import { describe, expect, inject, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { giveBack, takeDatabase } from './pglite-pool.js';

/** What a test file could observe of a database: every user table's rows, every sequence, a setting. */
async function stateOf(client: PGlite): Promise<string> {
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

describe.skipIf(process.env.TEST_DATABASE_URL)('a test worker’s databases (pglite-pool)', () => {
  const image = inject('pgliteImage')!;

  it('hands the next file the database back in the image’s state, whatever the last one wrote', async () => {
    const first = await takeDatabase(image);
    const fresh = await stateOf(first);
    expect(fresh).toContain('perfis');
    await first.exec(`
      insert into disciplinas (nome, area, ordem) values ('Robótica', 'Linguagens', 99);
      delete from perfis;
      insert into users (nome, email, password_hash, nivel) values ('Ana', 'ana@escola.test', 'x', 'administrador');
      select nextval('record_versions_seq');
      select nextval(format('%I.%I', schemaname, sequencename)) from pg_sequences where last_value is null;
      set timezone = 'Asia/Tokyo';
      listen canal_de_teste;`);
    expect(await stateOf(first)).not.toBe(fresh);
    await giveBack(first);

    const second = await takeDatabase(image);
    expect(second).toBe(first);
    expect(await stateOf(second)).toBe(fresh);
    await giveBack(second);
  });

  it('closes a database whose schema a test changed, and the next file gets a new one', async () => {
    const first = await takeDatabase(image);
    await first.exec(
      'create table zz_sonda (id int); drop table zz_sonda; create function zz_f() returns int language sql as $$ select 1 $$',
    );
    await giveBack(first);
    expect(first.closed).toBe(true);

    const second = await takeDatabase(image);
    expect(second).not.toBe(first);
    const { rows } = await second.query<{ n: number }>(
      `select count(*)::int as n from pg_proc where proname = 'zz_f'`,
    );
    expect(rows[0]!.n).toBe(0);
    await giveBack(second);
  });

  it('closes a database left inside a transaction', async () => {
    const first = await takeDatabase(image);
    await first.exec('begin');
    await giveBack(first);
    expect(first.closed).toBe(true);
  });
});
