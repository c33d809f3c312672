import { describe, expect, it } from 'vitest';
import { asc, inArray } from 'drizzle-orm';
import { setupTestApp } from '../../test/test-app.js';
import { insertClass, insertStudent } from '../../test/records-fixtures.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { syncMembership, syncMemberships } from './memberships.js';

const t = setupTestApp();

/** Four students and the moves of a rematrícula on 01/02/2027: each kind of history once. */
async function school() {
  const [a, b] = [await insertClass(t, null), await insertClass(t, null)];
  const students = {
    moving: await insertStudent(t, a.id),
    staying: await insertStudent(t, a.id),
    leaving: await insertStudent(t, a.id),
    // Already placed from the very date: the one-by-one path, with its own rule (replaced, not closed).
    placed: await insertStudent(t, b.id, undefined, '2027-02-01'),
  };
  const moves = [
    { alunoId: students.moving.id, turmaId: b.id },
    { alunoId: students.staying.id, turmaId: a.id },
    { alunoId: students.leaving.id, turmaId: null },
    { alunoId: students.placed.id, turmaId: a.id },
  ];
  return {
    moves,
    ids: Object.values(students).map((student) => student.id),
    names: { [a.id]: 'A', [b.id]: 'B' },
  };
}

/** Each student's history, classes named A and B (their ids differ from one school to the next). */
async function historyOf({ ids, names }: Awaited<ReturnType<typeof school>>) {
  const rows = await t.database.db
    .select()
    .from(classMemberships)
    .where(inArray(classMemberships.alunoId, ids))
    .orderBy(asc(classMemberships.inicio));
  return ids.map((id) =>
    rows.filter((row) => row.alunoId === id).map((row) => [names[row.turmaId], row.inicio, row.fim]),
  );
}

describe('moving many students at once', () => {
  it('leaves the same history as moving each one', async () => {
    const one = await school();
    for (const move of one.moves)
      await syncMembership(t.database.db, move.alunoId, { turmaId: move.turmaId, ativo: true }, '2027-02-01');
    const expected = await historyOf(one);

    await t.reset();
    const many = await school();
    await t.database.db.transaction((tx) => syncMemberships(tx, many.moves, '2027-02-01'));
    const got = await historyOf(many);
    expect(got).toEqual(expected);
    expect(got).toEqual([
      [
        ['A', '2026-01-01', '2027-01-31'],
        ['B', '2027-02-01', null],
      ],
      [['A', '2026-01-01', null]],
      [['A', '2026-01-01', '2027-01-31']],
      [['A', '2027-02-01', null]],
    ]);
  });
});
