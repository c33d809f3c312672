/**
 * What the grades tests share: the test app and its hooks, a school in bimestres (setupSchool), an avaliação,
 * the grid URL, graded and closed years.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AcademicSettings } from '../../../shared/academic-settings.schemas.js';
import type { Assessment } from '../../../shared/assessments.schemas.js';
import type { IssuedDocument } from '../../../shared/documents.schemas.js';
import { clock } from '../../lib/clock.js';
import { setupTestApp, type TestApp, requestsOf } from '../../test/test-app.js';
import { dataOf, insertStudent } from '../../test/records-fixtures.js';
import { familyIn, MATH, setupSchool as setupSchoolOf } from '../../test/school-fixtures.js';
import { classes } from '../../db/schema/classes.js';
import { schoolDocuments } from '../../db/schema/documents.js';

let t: TestApp;
const { send, get } = requestsOf(() => t.app);

/**
 * The test app of the grades tests: a fresh database before each test, the clock pinned to 20/03/2026.
 * Returns the app and its request helpers, as `setupTestApp()` and `requestsOf()` do.
 */
export function setupGradesTestApp() {
  t = setupTestApp();
  beforeEach(() => clock.pin('2026-03-20'));
  afterEach(() => clock.unpin());
  return { t, send, get };
}

/** The settings as a PUT body (without the read-only fields). */
export function settingsBody(settings: AcademicSettings): Record<string, unknown> {
  const body: Record<string, unknown> = { ...settings };
  delete body.version;
  delete body.updated_at;
  return body;
}

/**
 * 2026 in bimestres (the 1st closes on 24/04). Class A: Matemática by one teacher, Português by
 * another; three students, the first a guardian's child. Today is 20/03/2026.
 */
export async function setupSchool() {
  const school = await setupSchoolOf(t, {
    mode: 'por_aula',
    teachers: [{}, {}],
    subjects: [MATH, { disciplina: 'Português', aulas_semanais: 4, dias_semana: [2, 4], teacher: 1 }],
  });
  const [math, portuguese] = school.teachers;
  const year = school.year!;
  const guardian = await familyIn(t, school.turma.id);
  const a2 = await insertStudent(t, school.turma.id);
  const a3 = await insertStudent(t, school.turma.id);
  return {
    admin: school.admin,
    math: math!,
    mathTeacher: math!.teacher,
    portuguese: portuguese!,
    guardian,
    classA: school.turma,
    year,
    p: year.periodos,
    a: [guardian.child, a2, a3] as const,
  };
}
export type School = Awaited<ReturnType<typeof setupSchool>>;

export async function createAssessment(s: School, cookie: string, extra: Record<string, unknown> = {}) {
  const response = await send('POST', '/api/avaliacoes', cookie, {
    turma_id: s.classA.id,
    disciplina: 'Matemática',
    periodo_id: s.p[0]!.id,
    nome: 'Prova 1',
    data: '2026-03-10',
    peso: 1,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Assessment>(response);
}

export const gridUrl = (s: School, periodo = 0, disciplina = 'Matemática') =>
  `/api/notas/turmas/${s.classA.id}?disciplina=${encodeURIComponent(disciplina)}&periodo_id=${s.p[periodo]!.id}`;

/** Grades for the 1st bimestre (Matemática 8,0 / 4,0 with recuperação 7,0 / 3,0), closed. */
export async function gradeFirstPeriod(s: School) {
  const exam = await createAssessment(s, s.math.cookie);
  const recovery = await createAssessment(s, s.math.cookie, {
    nome: 'Recuperação',
    tipo: 'recuperacao',
    data: '2026-04-15',
  });
  const portuguese = await createAssessment(s, s.portuguese.cookie, {
    disciplina: 'Português',
    nome: 'Redação',
  });
  const response = await send('PUT', '/api/notas', s.admin.cookie, {
    notas: [
      { avaliacao_id: exam.id, aluno_id: s.a[0].id, valor: 8 },
      { avaliacao_id: exam.id, aluno_id: s.a[1].id, valor: 4 },
      { avaliacao_id: recovery.id, aluno_id: s.a[1].id, valor: 7 },
      { avaliacao_id: exam.id, aluno_id: s.a[2].id, valor: 3 },
      { avaliacao_id: portuguese.id, aluno_id: s.a[0].id, valor: 9 },
      { avaliacao_id: portuguese.id, aluno_id: s.a[1].id, valor: 6 },
      { avaliacao_id: portuguese.id, aluno_id: s.a[2].id, valor: 6 },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A school whose class A is the 5º ano (its students move up to the 6º) with the 1st bimestre graded. */
export async function gradedFifthGrade() {
  const s = await setupSchool();
  await gradeFirstPeriod(s);
  await t.database.db
    .update(classes)
    .set({ serie: '5º ano', nome: '5º Ano A' })
    .where(eq(classes.id, s.classA.id));
  return s;
}

/**
 * Closes the year on 20/12/2026 (the clock stays there) through `POST /api/anos-letivos/:id/encerrar`
 * as `cookie`; the test fails here unless it closes. Returns the answer.
 */
export async function closeYear(yearId: string, cookie: string) {
  clock.pin('2026-12-20');
  // Confirmed: a student left below the average without recuperação final is failed by grade (ADR 0097).
  const closing = await send(
    'POST',
    `/api/anos-letivos/${yearId}/encerrar?confirmar_pendencias=true`,
    cookie,
  );
  expect(closing.statusCode, closing.body).toBe(200);
  return closing;
}

/** The same, with the year closed on 20/12/2026. */
export async function closedFifthGradeYear() {
  const s = await gradedFifthGrade();
  clock.pin('2026-12-20');
  await send('POST', `/api/anos-letivos/${s.year.id}/encerrar?confirmar_pendencias=true`, s.admin.cookie);
  return s;
}

/**
 * Issues a student's histórico escolar (`POST /api/documentos`) as `cookie` and answers the year `ano` as
 * the document stored it; the test fails here unless it is issued.
 */
export async function issuedHistoricoYear(cookie: string, alunoId: string, ano = 2026) {
  const issued = await send('POST', '/api/documentos', cookie, {
    aluno_id: alunoId,
    tipo: 'historico_escolar',
  });
  expect(issued.statusCode, issued.body).toBe(201);
  const [row] = await t.database.db
    .select()
    .from(schoolDocuments)
    .where(eq(schoolDocuments.id, dataOf<IssuedDocument>(issued).id));
  return row!.conteudo.historico!.find((item) => item.ano === ano)!;
}
