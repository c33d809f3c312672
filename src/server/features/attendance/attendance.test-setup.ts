/**
 * What the attendance tests share: the test app and its hooks, a school with a per-lesson and a daily-roll
 * class (setupSchool), a Matemática roll.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { clock } from '../../lib/clock.js';
import { createTestApp, signedIn, type TestApp, requestsOf } from '../../test/test-app.js';
import { insertClass, insertGuardian, insertStudent, insertTeacher } from '../../test/records-fixtures.js';

export let t: TestApp;

/** The test app of the attendance tests: a fresh database before each test, the clock pinned to 20/03/2026. */
export function setupAttendanceTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    clock.pin('2026-03-20');
  });
  afterEach(() => clock.unpin());
}

export const { send, get } = requestsOf(() => t.app);

/**
 * A 2026 year in bimestres (the 1st closes on 24/04); class A takes the roll per lesson (Matemática
 * by one teacher on Mon/Wed/Fri, Português by another on Tue/Thu); class B once a day, by its
 * responsible teacher. 20/03/2026 (a Friday) is today.
 */
export async function setupSchool() {
  const admin = await signedIn(t, 'administrador');
  const year = await send('POST', '/api/anos-letivos', admin.cookie, {
    ano: 2026,
    inicio: '2026-02-02',
    fim: '2026-12-11',
    tipo_periodo: 'bimestre',
    periodos: [
      { inicio: '2026-02-02', fim: '2026-04-17', data_fechamento: '2026-04-24' },
      { inicio: '2026-04-20', fim: '2026-07-03', data_fechamento: '2026-07-10' },
      { inicio: '2026-07-20', fim: '2026-09-30', data_fechamento: '2026-10-07' },
      { inicio: '2026-10-01', fim: '2026-12-11', data_fechamento: '2026-12-18' },
    ],
  });
  expect(year.statusCode).toBe(201);
  const math = await signedIn(t, 'professor');
  const mathTeacher = await insertTeacher(t, math.user.id);
  const portuguese = await signedIn(t, 'professor');
  const portugueseTeacher = await insertTeacher(t, portuguese.user.id);
  const tutor = await signedIn(t, 'professor');
  const tutorTeacher = await insertTeacher(t, tutor.user.id);
  const classA = await insertClass(t, null);
  const classB = await insertClass(t, tutorTeacher.id);
  const grid = await send('PUT', `/api/turmas/${classA.id}/disciplinas`, admin.cookie, {
    frequencia_modo: 'por_aula',
    disciplinas: [
      { disciplina: 'Matemática', professor_id: mathTeacher.id, aulas_semanais: 5, dias_semana: [1, 3, 5] },
      { disciplina: 'Português', professor_id: portugueseTeacher.id, aulas_semanais: 4, dias_semana: [2, 4] },
    ],
  });
  expect(grid.statusCode).toBe(200);
  const guardianUser = await signedIn(t, 'responsavel');
  const guardian = await insertGuardian(t, guardianUser.user.id);
  const a1 = await insertStudent(t, classA.id, guardian.id);
  const a2 = await insertStudent(t, classA.id);
  const a3 = await insertStudent(t, classA.id);
  const b1 = await insertStudent(t, classB.id, guardian.id);
  const b2 = await insertStudent(t, classB.id);
  return {
    admin,
    math,
    portuguese,
    tutor,
    guardian: guardianUser,
    classA,
    classB,
    a: [a1, a2, a3] as const,
    b: [b1, b2] as const,
  };
}

export const mathRoll = (data: string, faltas: { aluno_id: string; justificativa?: string }[]) => ({
  data,
  disciplina: 'Matemática',
  aula: 1,
  faltas,
});
