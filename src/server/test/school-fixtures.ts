import { expect } from 'vitest';
import type { SchoolYear, SchoolYearInput } from '../../shared/calendar.schemas.js';
import type { CurriculumInput, FrequenciaModo } from '../../shared/curriculum.schemas.js';
import type { classes } from '../db/schema/classes.js';
import { studentGuardians } from '../db/schema/students.js';
import type { users } from '../db/schema/users.js';
import { dataOf, insertClass, insertGuardian, insertStudent, insertTeacher } from './records-fixtures.js';
import { requestsOf, signedIn, type TestApp } from './test-app.js';

/**
 * The school the tests build again and again, built through the API (or the row fixtures of
 * records-fixtures.ts where a test did so), so each test still goes through what it did: a school year,
 * a class of a stage with a roll mode and its grade curricular, teachers and families with portal
 * accounts.
 */

/**
 * The 2026 year in four bimestres: the 1st runs 02/02–17/04 and closes on 24/04; the 2nd starts on
 * 20/04. The tests pin 'today' inside it (20/03/2026, a Friday, unless told).
 */
export const SCHOOL_YEAR_2026 = {
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
} satisfies SchoolYearInput;

/** The next year, 01/02–10/12/2027, in bimestres the server draws (for `createSchoolYear`). */
export const YEAR_2027 = {
  ano: 2027,
  inicio: '2027-02-01',
  fim: '2027-12-10',
  periodos: undefined,
} satisfies Partial<SchoolYearInput>;

/**
 * Opens a school year through `POST /api/anos-letivos` as `cookie` (an administrator) and returns it;
 * the test fails here unless it is created. `overrides` change the 2026 body; `periodos: undefined`
 * leaves the periods to the server (equal parts of the year).
 */
export async function createSchoolYear(
  t: TestApp,
  cookie: string,
  overrides: Partial<SchoolYearInput> = {},
): Promise<SchoolYear> {
  const { send } = requestsOf(() => t.app);
  const response = await send('POST', '/api/anos-letivos', cookie, { ...SCHOOL_YEAR_2026, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<SchoolYear>(response);
}

/**
 * A student's status changed through `PATCH /api/alunos/:id/status` (a departure, a transfer, a return)
 * as `cookie`: `patchStudentStatusOf(t)(alunoId, cookie, body)`; the response is the test's to check.
 */
export const patchStudentStatusOf = (t: TestApp) => (alunoId: string, cookie: string, payload: object) =>
  requestsOf(() => t.app).send('PATCH', `/api/alunos/${alunoId}/status`, cookie, payload);

/** A teacher with a portal account: the signed-in user (and cookie) and the teacher record linked to it. */
export async function teacherWithAccount(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}) {
  const login = await signedIn(t, 'professor', overrides);
  const teacher = await insertTeacher(t, login.user.id);
  return { ...login, teacher };
}

/** A guardian with a portal account: the signed-in user (and cookie) and the guardian record. */
export async function guardianWithAccount(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}) {
  const login = await signedIn(t, 'responsavel', overrides);
  const guardian = await insertGuardian(t, login.user.id);
  return { ...login, guardian };
}

/** A family: a guardian with a portal account and one child in the class (since `desde`, if given). */
export async function familyIn(t: TestApp, turmaId: string | null, desde?: string) {
  const account = await guardianWithAccount(t);
  const child = await insertStudent(t, turmaId, account.guardian.id, desde);
  return { ...account, child };
}

/** The child's other guardian (not the principal one), with a portal account of their own. */
export async function otherGuardianOf(t: TestApp, alunoId: string) {
  const account = await guardianWithAccount(t);
  await t.database.db
    .insert(studentGuardians)
    .values({ alunoId, responsavelId: account.guardian.id, parentesco: 'pai', ehPrincipal: false });
  return account;
}

/**
 * The records the portal's tests start from: an administrator, a teacher with a portal account who is
 * the responsible teacher of a class (the row fixture's), and a family of that class (`familyIn`).
 * `admin` and `teacher` are the accounts' user fields (a name the test reads, say).
 */
export async function classWithFamily(
  t: TestApp,
  options: { admin?: Partial<typeof users.$inferInsert>; teacher?: Partial<typeof users.$inferInsert> } = {},
) {
  const admin = await signedIn(t, 'administrador', options.admin ?? {});
  const teacher = await teacherWithAccount(t, options.teacher ?? {});
  const turma = await insertClass(t, teacher.teacher.id);
  const family = await familyIn(t, turma.id);
  return { admin, teacher, turma, family };
}

/** One subject of a grade curricular; `teacher` indexes the school's teachers (the first by default). */
export interface SubjectSpec {
  disciplina: string;
  aulas_semanais: number;
  dias_semana: number[];
  teacher?: number;
}

/** Matemática, five lessons a week on Mon/Wed/Fri, by the first teacher. */
export const MATH: SubjectSpec = { disciplina: 'Matemática', aulas_semanais: 5, dias_semana: [1, 3, 5] };

/** Saves a class's grade curricular (and roll mode) through `PUT /api/turmas/:id/disciplinas`. */
export async function setCurriculum(
  t: TestApp,
  cookie: string,
  turmaId: string,
  body: CurriculumInput,
): Promise<void> {
  const { send } = requestsOf(() => t.app);
  const grid = await send('PUT', `/api/turmas/${turmaId}/disciplinas`, cookie, body);
  expect(grid.statusCode, grid.body).toBe(200);
}

export interface SchoolOptions {
  /** The administrator's user fields (a name the test reads, say). */
  admin?: Partial<typeof users.$inferInsert>;
  /** The year's body over the 2026 one; `false` opens no year. */
  year?: Partial<SchoolYearInput> | false;
  /** The class's stage (`nivel`, `serie`, …) over the row fixture's Fundamental I, 3º ano. */
  stage?: Partial<typeof classes.$inferInsert>;
  /** How the class takes the roll: once a day, or once per lesson. */
  mode?: FrequenciaModo;
  /** The class's grade curricular (Matemática by the first teacher unless told). */
  subjects?: SubjectSpec[];
  /** Teachers with portal accounts (their user fields, one entry each); one unless told. */
  teachers?: Partial<typeof users.$inferInsert>[];
  /** Whether the first teacher is the class's responsible teacher (the tutor); yes for a daily roll. */
  tutor?: boolean;
}

/**
 * A school of one class: an administrator, the 2026 year (through the API), teachers with portal
 * accounts and a class of `stage` with its grade curricular and roll `mode` (through the API). Students
 * and families are the test's own (`familyIn`, `insertStudent`).
 */
export async function setupSchool(t: TestApp, options: SchoolOptions = {}) {
  const mode = options.mode ?? 'diaria';
  const admin = await signedIn(t, 'administrador', options.admin ?? {});
  const year = options.year === false ? null : await createSchoolYear(t, admin.cookie, options.year ?? {});
  const teachers: Awaited<ReturnType<typeof teacherWithAccount>>[] = [];
  for (const fields of options.teachers ?? [{}]) teachers.push(await teacherWithAccount(t, fields));
  const tutor = options.tutor ?? mode === 'diaria';
  const turma = await insertClass(t, tutor ? teachers[0]!.teacher.id : null, 25, options.stage ?? {});
  await setCurriculum(t, admin.cookie, turma.id, {
    frequencia_modo: mode,
    disciplinas: (options.subjects ?? [MATH]).map(({ teacher, ...subject }) => ({
      ...subject,
      professor_id: teachers[teacher ?? 0]!.teacher.id,
    })),
  });
  return { admin, year, teachers, teacher: teachers[0]!, turma };
}
