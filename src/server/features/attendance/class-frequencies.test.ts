import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { attendancePercent } from '../../../shared/attendance.schemas.js';
import { clock } from '../../lib/clock.js';
import { setupTestApp } from '../../test/test-app.js';
import { insertClass, insertStudent } from '../../test/records-fixtures.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { students } from '../../db/schema/students.js';
import { classFrequencies } from './class-frequencies.figures.js';
import { studentTotals } from './attendance.figures.js';
import { attendanceAbsences, attendanceRolls, classMemberships } from '../../db/schema/attendance.js';

const t = setupTestApp();

beforeEach(() => clock.pin('2026-06-01'));
afterEach(() => clock.unpin());

/**
 * Two classes with students who moved, left and were excused: the per-class figures of the homes
 * (aggregated in the database by membership span) must be those of the per-student totals summed by
 * each student's current class, for the whole school and for some classes only.
 */
async function school() {
  const db = t.database.db;
  await db.insert(schoolYears).values({ ano: 2026, inicio: '2026-02-02', fim: '2026-12-11' });
  const a = await insertClass(t, null);
  const b = await insertClass(t, null);
  const stays = await insertStudent(t, a.id, undefined, '2026-02-02');
  const other = await insertStudent(t, a.id, undefined, '2026-02-02');
  // Moved from B to A on 01/04: B's rolls before count in A's figure (the student's current class).
  const moved = await insertStudent(t, null);
  await db.update(students).set({ turmaId: a.id }).where(eq(students.id, moved.id));
  await db.insert(classMemberships).values([
    { alunoId: moved.id, turmaId: b.id, inicio: '2026-02-02', fim: '2026-03-31' },
    { alunoId: moved.id, turmaId: a.id, inicio: '2026-04-01' },
  ]);
  const inB = await insertStudent(t, b.id, undefined, '2026-02-02');
  const left = await insertStudent(t, b.id, undefined, '2026-02-02');
  await db.update(students).set({ status: 'inativo' }).where(eq(students.id, left.id));
  // Arrived late in B: the rolls before 10/03 are not theirs.
  const late = await insertStudent(t, b.id, undefined, '2026-03-10');
  const rollDays = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-04-06', '2026-04-13', '2026-05-04'];
  const rolls = await db
    .insert(attendanceRolls)
    .values([
      ...rollDays.map((data) => ({ turmaId: a.id, data })),
      ...rollDays.map((data) => ({ turmaId: b.id, data })),
      // Two lessons on one day in B.
      { turmaId: b.id, data: '2026-03-16', aula: 2, disciplina: 'Arte' },
    ])
    .returning();
  const roll = (turmaId: string, data: string, aula = 0) =>
    rolls.find((row) => row.turmaId === turmaId && row.data === data && row.aula === aula)!.id;
  await db.insert(attendanceAbsences).values([
    { chamadaId: roll(a.id, '2026-03-02'), alunoId: stays.id },
    { chamadaId: roll(a.id, '2026-03-09'), alunoId: stays.id, abonada: true, abonoMotivo: 'Atestado' },
    { chamadaId: roll(b.id, '2026-03-09'), alunoId: moved.id },
    { chamadaId: roll(b.id, '2026-03-16', 2), alunoId: moved.id },
    { chamadaId: roll(a.id, '2026-04-13'), alunoId: moved.id },
    { chamadaId: roll(b.id, '2026-03-16'), alunoId: inB.id },
    { chamadaId: roll(b.id, '2026-04-06'), alunoId: left.id },
    { chamadaId: roll(b.id, '2026-05-04'), alunoId: late.id },
  ]);
  return { a, b, other };
}

async function fromStudentTotals(where?: ReturnType<typeof inArray>) {
  const totals = await studentTotals(t.database.db, { de: '2026-02-02', ate: '2026-12-11' }, where);
  const byClass = new Map<string, { given: number; counted: number }>();
  for (const row of totals) {
    if (row.turmaId === null) continue;
    const sums = byClass.get(row.turmaId) ?? { given: 0, counted: 0 };
    sums.given += row.given;
    sums.counted += row.counted;
    byClass.set(row.turmaId, sums);
  }
  const all = totals.reduce(
    (sum, row) => ({ given: sum.given + row.given, counted: sum.counted + row.counted }),
    { given: 0, counted: 0 },
  );
  return {
    geral: attendancePercent(all.given, all.counted),
    turmas: new Map([...byClass].map(([id, sums]) => [id, attendancePercent(sums.given, sums.counted)])),
  };
}

describe('classFrequencies', () => {
  it('gives the per-student totals summed by current class, for the school and for some classes', async () => {
    const { a, b } = await school();
    const whole = await classFrequencies(t.database.db);
    expect(whole).toEqual(await fromStudentTotals());
    // A: stays 6 rolls, 1 counted (the other excused); other 6, none; moved 4 in B in March (two lessons
    // on 16/03) and 3 in A from April, 3 counted. Given 6 + 6 + 7 = 19, counted 4.
    expect(whole.turmas.get(a.id)).toBe(attendancePercent(19, 4));
    // B: inB 7 rolls, 1 counted; late from 10/03: 5 rolls (16/03 twice, 06/04, 13/04, 04/05), 1 counted;
    // left (inativo) out. Given 12, counted 2.
    expect(whole.turmas.get(b.id)).toBe(attendancePercent(12, 2));
    const onlyA = inArray(students.turmaId, [a.id]);
    const some = await classFrequencies(t.database.db, onlyA);
    expect(some).toEqual(await fromStudentTotals(onlyA));
    expect(some.turmas.get(a.id)).toBe(attendancePercent(19, 4));
    expect(some.turmas.has(b.id)).toBe(false);
  });

  it('no students, no rolls: no figure', async () => {
    expect(await classFrequencies(t.database.db)).toEqual({ geral: null, turmas: new Map() });
  });
});
