import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.js';
import { insertClass, insertGuardian, insertStudent, insertTeacher } from './records-fixtures.js';
import { createUserRow, setupTestApp } from './test-app.js';

/**
 * The per-test reset (empty-tables.ts): each second test reads what the first left behind. Vitest runs a
 * file's tests in order, one at a time.
 */
const t = setupTestApp();

/** The public tables holding a row, and the sequences owned by a table that were used. */
async function leftovers() {
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`select tablename::text as name from pg_tables where schemaname = 'public' order by 1`,
    ),
  ).map((row) => row.name);
  const withRows: string[] = [];
  for (const name of tables) {
    const result = await t.database.db.execute(sql.raw(`select 1 from "${name}" limit 1`));
    if (rowsOf(result).length > 0) withRows.push(name);
  }
  const sequences = rowsOf<{ name: string }>(
    await t.database.db.execute(sql`
      select s.seqrelid::regclass::text as name from pg_sequence s
        join pg_depend d on d.objid = s.seqrelid and d.deptype in ('a', 'i')
        join pg_class c on c.oid = s.seqrelid and c.relnamespace = 'public'::regnamespace
        where pg_sequence_last_value(s.seqrelid) is not null`),
  ).map((row) => row.name);
  // The record versions are written by the tables' own triggers on any change, deletions included, from a
  // sequence that never goes back: what they hold after a reset is only ever newer. The subject catalogue
  // is filled again by the reset (a school never is without it).
  const refilled = ['record_versions', 'disciplinas'];
  return { withRows: withRows.filter((name) => !refilled.includes(name)), sequences };
}

describe('the reset before each test', () => {
  it('a test writes rows that reference each other, and uses an owned sequence', async () => {
    const teacher = await insertTeacher(t, (await createUserRow(t.database, 'professor')).id);
    const turma = await insertClass(t, teacher.id);
    const guardian = await insertGuardian(t, (await createUserRow(t.database, 'responsavel')).id);
    await insertStudent(t, turma.id, guardian.id);
    await t.database.db.execute(sql`
      select nextval(s.seqrelid) from pg_sequence s
        join pg_depend d on d.objid = s.seqrelid and d.deptype in ('a', 'i')
        join pg_class c on c.oid = s.seqrelid and c.relnamespace = 'public'::regnamespace limit 1`);
    const left = await leftovers();
    expect(left.withRows).toEqual(expect.arrayContaining(['users', 'teachers', 'classes', 'students']));
    expect(left.sequences).toHaveLength(1);
  });

  it('the next test finds every table empty and every owned sequence unused', async () => {
    expect(await leftovers()).toEqual({ withRows: [], sequences: [] });
  });

  it('tables of a test’s own, referencing each other in a cycle, are emptied too (by the truncate)', async () => {
    for (const statement of [
      'create table zz_ovo (id int primary key, galinha int)',
      'create table zz_galinha (id int primary key, ovo int references zz_ovo)',
      'alter table zz_ovo add foreign key (galinha) references zz_galinha',
      'insert into zz_ovo values (1, null)',
      'insert into zz_galinha values (1, 1)',
      'update zz_ovo set galinha = 1',
    ])
      await t.database.db.execute(sql.raw(statement));
    const ovos = rowsOf(await t.database.db.execute(sql`select galinha from zz_ovo`));
    expect(ovos).toEqual([{ galinha: 1 }]);
  });

  it('the next test finds them empty', async () => {
    const ovos = rowsOf(await t.database.db.execute(sql`select * from zz_ovo`));
    const galinhas = rowsOf(await t.database.db.execute(sql`select * from zz_galinha`));
    expect([ovos, galinhas]).toEqual([[], []]);
    expect(await leftovers()).toEqual({ withRows: [], sequences: [] });
  });
});
