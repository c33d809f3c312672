/**
 * What the attendance tests share: the test app and its hooks, a school with a per-lesson and a daily-roll
 * class (setupSchool), a Matemática roll.
 */
import { afterEach, beforeEach } from 'vitest';
import { clock } from '../../lib/clock.js';
import { setupTestApp, type TestApp, requestsOf } from '../../test/test-app.js';
import { insertClass, insertStudent } from '../../test/records-fixtures.js';
import { familyIn, MATH, setupSchool as setupSchoolOf } from '../../test/school-fixtures.js';

export let t: TestApp;

/** The test app of the attendance tests: a fresh database before each test, the clock pinned to 20/03/2026. */
export function setupAttendanceTestApp(): void {
  t = setupTestApp();
  beforeEach(() => clock.pin('2026-03-20'));
  afterEach(() => clock.unpin());
}

export const { send, get } = requestsOf(() => t.app);

/**
 * A 2026 year in bimestres (the 1st closes on 24/04); class A takes the roll per lesson (Matemática
 * by one teacher on Mon/Wed/Fri, Português by another on Tue/Thu); class B once a day, by its
 * responsible teacher. 20/03/2026 (a Friday) is today.
 */
export async function setupSchool() {
  const school = await setupSchoolOf(t, {
    mode: 'por_aula',
    teachers: [{}, {}, {}],
    subjects: [MATH, { disciplina: 'Português', aulas_semanais: 4, dias_semana: [2, 4], teacher: 1 }],
  });
  const [math, portuguese, tutor] = school.teachers;
  const classA = school.turma;
  const classB = await insertClass(t, tutor!.teacher.id);
  const guardian = await familyIn(t, classA.id);
  const a2 = await insertStudent(t, classA.id);
  const a3 = await insertStudent(t, classA.id);
  const b1 = await insertStudent(t, classB.id, guardian.guardian.id);
  const b2 = await insertStudent(t, classB.id);
  return {
    admin: school.admin,
    math: math!,
    portuguese: portuguese!,
    tutor: tutor!,
    guardian,
    classA,
    classB,
    a: [guardian.child, a2, a3] as const,
    b: [b1, b2] as const,
  };
}

export const mathRoll = (data: string, faltas: { aluno_id: string; justificativa?: string }[]) => ({
  data,
  disciplina: 'Matemática',
  aula: 1,
  faltas,
});
