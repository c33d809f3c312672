import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { SchoolYear } from '../../../shared/calendar.schemas.js';
import type { DashboardEscola, DashboardProfessor } from '../../../shared/dashboard.schemas.js';
import type {
  AcademicSettings,
  Assessment,
  GradeHistory,
  GradesGrid,
  PeriodStatus,
  RectificationRequest,
  RematriculaProposal,
  ReportCard,
  SavedGrades,
  YearClosing,
  YearEndStatus,
} from '../../../shared/grades.schemas.js';
import type { FieldError } from '../../../shared/api.js';
import type { RollClass } from '../../../shared/attendance.schemas.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, signedIn, type TestApp, requestsOf } from '../../test/test-app.js';
import {
  dataOf,
  insertClass,
  insertGuardian,
  insertStudent,
  insertTeacher,
  messageOf,
} from '../../test/records-fixtures.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { mensalidades } from '../../db/schema/finance.js';
import { students } from '../../db/schema/students.js';
import { pdfText } from '../../test/pdf-text.js';
import { academicSettingsValuesSchema, defaultAcademicSettings } from '../../../shared/grades.schemas.js';
import { migrationsFolder } from '../../lib/paths.js';
import { settings as settingsTable } from '../../db/schema/settings.js';
import { grades, yearClosures } from '../../db/schema/grades.js';
import { buildReportCards } from './report-card.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  clock.pin('2026-03-20');
});
afterEach(() => clock.unpin());

const { send, get } = requestsOf(() => t.app);
/** The settings as a PUT body (without the read-only fields). */
function settingsBody(settings: AcademicSettings): Record<string, unknown> {
  const body: Record<string, unknown> = { ...settings };
  delete body.version;
  delete body.updated_at;
  return body;
}
const detailsOf = (response: { json: () => unknown }) =>
  (response.json() as { details?: FieldError[] }).details ?? [];

/**
 * 2026 in bimestres (the 1st closes on 24/04). Class A: Matemática by one teacher, Português by
 * another; three students, the first a guardian's child. Today is 20/03/2026.
 */
async function setupSchool() {
  const admin = await signedIn(t, 'administrador');
  const yearResponse = await send('POST', '/api/anos-letivos', admin.cookie, {
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
  expect(yearResponse.statusCode).toBe(201);
  const year = dataOf<SchoolYear>(yearResponse);
  const math = await signedIn(t, 'professor');
  const mathTeacher = await insertTeacher(t, math.user.id);
  const portuguese = await signedIn(t, 'professor');
  const portugueseTeacher = await insertTeacher(t, portuguese.user.id);
  const classA = await insertClass(t, null);
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
  return {
    admin,
    math,
    mathTeacher,
    portuguese,
    guardian: guardianUser,
    classA,
    year,
    p: year.periodos,
    a: [a1, a2, a3] as const,
  };
}
type School = Awaited<ReturnType<typeof setupSchool>>;

async function createAssessment(s: School, cookie: string, extra: Record<string, unknown> = {}) {
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

const gridUrl = (s: School, periodo = 0, disciplina = 'Matemática') =>
  `/api/notas/turmas/${s.classA.id}?disciplina=${encodeURIComponent(disciplina)}&periodo_id=${s.p[periodo]!.id}`;

describe('academic settings', () => {
  it('has the defaults, is saved with a version by an administrator only, and checks the scale', async () => {
    const s = await setupSchool();
    const initial = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.math.cookie));
    expect(initial).toMatchObject({
      escala: '0-10',
      media_aprovacao: 6,
      recuperacao: 'substitui_se_maior',
      version: 0,
    });
    const body = {
      ...initial,
      version: undefined,
      updated_at: undefined,
      recuperacao: 'media',
      media_aprovacao: '5,5',
    };
    delete body.version;
    delete body.updated_at;
    expect((await send('PUT', '/api/configuracoes/academico', s.math.cookie, body)).statusCode).toBe(403);
    const saved = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, { ...body, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<AcademicSettings>(saved)).toMatchObject({
      recuperacao: 'media',
      media_aprovacao: 5.5,
      version: 1,
    });
    const stale = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, { ...body, version: 0 });
    expect(stale.statusCode).toBe(412);
    const outOfScale = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...body,
      media_aprovacao: 11,
    });
    expect(outOfScale.statusCode).toBe(400);
    expect(detailsOf(outOfScale).map((item) => item.path)).toContain('media_aprovacao');
    // Once a grade is entered, the scale no longer changes.
    const column = await createAssessment(s, s.math.cookie);
    await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 7 }],
    });
    const rescale = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...body,
      escala: '0-100',
      media_aprovacao: 60,
    });
    expect(rescale.statusCode).toBe(409);
  });
});

describe('period weights of the annual average', () => {
  it('need one weight for each period of the year: 2 weights for 4 bimestres are refused on that field', async () => {
    const s = await setupSchool();
    const initial = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    const body = { ...settingsBody(initial), media_anual: 'pesos' };
    const short = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...body,
      pesos_periodos: [2, 3],
    });
    expect(short.statusCode).toBe(400);
    const message = 'Informe um peso para cada um dos 4 bimestres de 2026: foram informados 2.';
    expect(messageOf(short)).toBe(message);
    expect(detailsOf(short)).toEqual([{ path: 'pesos_periodos', message }]);
    const saved = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...body,
      pesos_periodos: [2, 2, 3, 3],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<AcademicSettings>(saved).pesos_periodos).toEqual([2, 2, 3, 3]);
    // A next year in trimestres, open at the same time: one list of weights cannot serve both. The
    // calendar refuses it while the weights are in force (calendar.routes.test.ts); created under the
    // average of the periods, the weights are then refused here.
    const nextYear = {
      ano: 2027,
      inicio: '2027-02-01',
      fim: '2027-12-10',
      tipo_periodo: 'trimestre',
    };
    expect((await send('POST', '/api/anos-letivos', s.admin.cookie, nextYear)).statusCode).toBe(409);
    const plain = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...settingsBody(initial),
      version: 1,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await send('POST', '/api/anos-letivos', s.admin.cookie, nextYear)).statusCode).toBe(201);
    const mixed = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...body,
      pesos_periodos: [2, 2, 3, 3],
      version: 2,
    });
    expect(mixed.statusCode).toBe(400);
    expect(detailsOf(mixed)[0]).toEqual({
      path: 'pesos_periodos',
      message: expect.stringContaining('2026: 4 bimestres; 2027: 3 trimestres'),
    });
  });
});

describe('avaliações and the grade grid', () => {
  it('a teacher works only on the subjects they teach (404 elsewhere); an admin on all', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    expect(column).toMatchObject({
      nome: 'Prova 1',
      peso: 1,
      tipo: 'regular',
      periodo_nome: '1º bimestre',
      notas_lancadas: 0,
    });
    const other = await send('POST', '/api/avaliacoes', s.portuguese.cookie, {
      turma_id: s.classA.id,
      disciplina: 'Matemática',
      periodo_id: s.p[0]!.id,
      nome: 'Intrusa',
      data: '2026-03-10',
    });
    expect(other.statusCode).toBe(404);
    expect((await get(gridUrl(s), s.portuguese.cookie)).statusCode).toBe(404);
    const write = await send('PUT', '/api/notas', s.portuguese.cookie, {
      notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
    });
    expect(write.statusCode).toBe(404);
    expect((await send('DELETE', `/api/avaliacoes/${column.id}`, s.portuguese.cookie)).statusCode).toBe(404);
    expect(
      dataOf<Assessment[]>(await get(`/api/avaliacoes?turma_id=${s.classA.id}`, s.portuguese.cookie)),
    ).toEqual([]);
    expect(
      dataOf<Assessment[]>(await get(`/api/avaliacoes?turma_id=${s.classA.id}`, s.math.cookie)),
    ).toHaveLength(1);
    expect(
      dataOf<Assessment[]>(await get(`/api/avaliacoes?disciplina=Matem%C3%A1tica`, s.admin.cookie)),
    ).toHaveLength(1);
    // Guardians have no grade book at all.
    expect((await get(gridUrl(s), s.guardian.cookie)).statusCode).toBe(403);
    // A date outside the period and a second recuperação are refused.
    const outside = await send('POST', '/api/avaliacoes', s.math.cookie, {
      turma_id: s.classA.id,
      disciplina: 'Matemática',
      periodo_id: s.p[0]!.id,
      nome: 'Fora',
      data: '2026-05-10',
    });
    expect(outside.statusCode).toBe(400);
    await createAssessment(s, s.math.cookie, {
      nome: 'Recuperação',
      tipo: 'recuperacao',
      data: '2026-04-15',
    });
    const twice = await send('POST', '/api/avaliacoes', s.math.cookie, {
      turma_id: s.classA.id,
      disciplina: 'Matemática',
      periodo_id: s.p[0]!.id,
      nome: 'Recuperação 2',
      data: '2026-04-16',
      tipo: 'recuperacao',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('editing the school year keeps its periods (and their assessments); dropping a used period is a 409', async () => {
    const s = await setupSchool();
    const first = await createAssessment(s, s.math.cookie);
    await createAssessment(s, s.math.cookie, { periodo_id: s.p[3]!.id, nome: 'Prova 4', data: '2026-10-05' });
    const body = {
      ano: 2026,
      inicio: '2026-02-02',
      fim: '2026-12-11',
      tipo_periodo: 'bimestre',
      periodos: [
        { inicio: '2026-02-02', fim: '2026-04-17', data_fechamento: '2026-04-30' },
        { inicio: '2026-04-20', fim: '2026-07-03', data_fechamento: '2026-07-10' },
        { inicio: '2026-07-20', fim: '2026-09-30', data_fechamento: '2026-10-07' },
        { inicio: '2026-10-01', fim: '2026-12-11', data_fechamento: '2026-12-18' },
      ],
    };
    const edited = await send('PUT', `/api/anos-letivos/${s.year.id}`, s.admin.cookie, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(dataOf<SchoolYear>(edited).periodos.map((period) => period.id)).toEqual(
      s.p.map((period) => period.id),
    );
    const kept = dataOf<Assessment[]>(await get(`/api/avaliacoes?periodo_id=${s.p[0]!.id}`, s.admin.cookie));
    expect(kept.map((item) => item.id)).toEqual([first.id]);
    const semesters = await send('PUT', `/api/anos-letivos/${s.year.id}`, s.admin.cookie, {
      ...body,
      tipo_periodo: 'semestre',
      periodos: [
        { inicio: '2026-02-02', fim: '2026-07-03', data_fechamento: '2026-07-10' },
        { inicio: '2026-07-20', fim: '2026-12-11', data_fechamento: '2026-12-18' },
      ],
    });
    expect(semesters.statusCode).toBe(409);
    expect(messageOf(semesters)).toMatch(/avaliações lançadas nos períodos que seriam removidos/);
  });

  it('saves exact decimals; empty is not zero; out-of-scale cells are refused one by one; all or nothing', async () => {
    const s = await setupSchool();
    const p1 = await createAssessment(s, s.math.cookie, { nome: 'Prova', peso: 2 });
    const p2 = await createAssessment(s, s.math.cookie, {
      nome: 'Trabalho',
      peso: '1,0',
      data: '2026-03-12',
    });
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: p1.id, aluno_id: s.a[0].id, valor: '7,5' },
        { avaliacao_id: p2.id, aluno_id: s.a[0].id, valor: '8.5' },
        { avaliacao_id: p1.id, aluno_id: s.a[1].id, valor: 0 },
        { avaliacao_id: p1.id, aluno_id: s.a[2].id, valor: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<SavedGrades>(saved).salvas).toBe(3);
    const stored = await t.database.db.select().from(grades).where(eq(grades.avaliacaoId, p1.id));
    expect(stored.find((row) => row.alunoId === s.a[0].id)?.valor).toBe('7.5');
    expect(stored.find((row) => row.alunoId === s.a[1].id)?.valor).toBe('0.0');
    expect(stored.find((row) => row.alunoId === s.a[2].id)?.valor).toBeNull();

    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.avaliacoes.map((item) => [item.nome, item.peso])).toEqual([
      ['Prova', 2],
      ['Trabalho', 1],
    ]);
    expect(grid.alunos).toHaveLength(3);
    const first = grid.alunos.find((row) => row.id === s.a[0].id)!;
    // (7,5 × 2 + 8,5 × 1) / 3 = 7,833… → 7,8
    expect(first).toMatchObject({ media: 7.8, media_texto: '7,8' });
    expect(first.notas.map((cell) => [cell.valor, cell.texto, cell.version])).toEqual([
      [7.5, '7,5', 1],
      [8.5, '8,5', 1],
    ]);
    expect(grid.alunos.find((row) => row.id === s.a[1].id)).toMatchObject({ media: 0 });
    // Empty is not given: no average at all (not zero).
    expect(grid.alunos.find((row) => row.id === s.a[2].id)).toMatchObject({ media: null });

    const bad = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: p2.id, aluno_id: s.a[1].id, valor: '9' },
        { avaliacao_id: p2.id, aluno_id: s.a[2].id, valor: '10,5' },
        { avaliacao_id: p1.id, aluno_id: s.a[2].id, valor: '7,25', version: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(detailsOf(bad)).toEqual([
      { path: 'notas.1.valor', message: 'Nota fora da escala: de 0 a 10' },
      { path: 'notas.2.valor', message: 'Nota inválida: use um número de 0 a 10, com até uma casa decimal' },
    ]);
    // Nothing of that batch was saved, not even the valid first cell.
    const after = await t.database.db
      .select()
      .from(grades)
      .where(and(eq(grades.avaliacaoId, p2.id), eq(grades.alunoId, s.a[1].id)));
    expect(after).toEqual([]);
  });

  it('takes the parameters by the names issue 14 gave them: ?periodo=, ?turma=, a bare batch (issue 29)', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    const saved = await send('PUT', '/api/notas', s.math.cookie, [
      { avaliacao_id: column.id, aluno_id: s.a[0].id, valor: '6,5', version: 0 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<SavedGrades>(saved).salvas).toBe(1);

    const asNamed = await get(
      `/api/notas/turmas/${s.classA.id}?disciplina=Matem%C3%A1tica&periodo=${s.p[0]!.id}`,
      s.math.cookie,
    );
    expect(asNamed.statusCode, asNamed.body).toBe(200);
    expect(dataOf<GradesGrid>(asNamed)).toEqual(dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie)));
    expect(dataOf<GradesGrid>(asNamed).alunos.find((row) => row.id === s.a[0].id)).toMatchObject({
      media: 6.5,
    });
    const conflicting = await get(
      `/api/notas/turmas/${s.classA.id}?disciplina=Matem%C3%A1tica&periodo=${s.p[0]!.id}&periodo_id=${s.p[1]!.id}`,
      s.math.cookie,
    );
    expect(conflicting.statusCode).toBe(400);
    expect(detailsOf(conflicting)).toEqual([
      { path: 'periodo', message: 'Informe periodo_id ou periodo, não os dois com valores diferentes' },
    ]);
    const missing = await get(`/api/notas/turmas/${s.classA.id}?disciplina=Matem%C3%A1tica`, s.math.cookie);
    expect(detailsOf(missing)).toEqual([{ path: 'periodo_id', message: 'Campo obrigatório' }]);

    const listed = await get(`/api/avaliacoes?turma=${s.classA.id}&periodo=${s.p[0]!.id}`, s.math.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(dataOf<Assessment[]>(listed).map((item) => item.id)).toEqual([column.id]);
    const otherPeriod = await get(
      `/api/avaliacoes?turma=${s.classA.id}&periodo=${s.p[1]!.id}`,
      s.math.cookie,
    );
    expect(dataOf<Assessment[]>(otherPeriod)).toEqual([]);
  });

  it('two people editing the same cell: the second gets a 409 for that cell and nothing is saved', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    const cell = (aluno: string, valor: number | null, version?: number) => ({
      avaliacao_id: column.id,
      aluno_id: aluno,
      valor,
      ...(version === undefined ? {} : { version }),
    });
    await send('PUT', '/api/notas', s.math.cookie, { notas: [cell(s.a[0].id, 6)] });
    // The teacher changes it (version 1 → 2)…
    expect(
      (await send('PUT', '/api/notas', s.math.cookie, { notas: [cell(s.a[0].id, 6.5, 1)] })).statusCode,
    ).toBe(200);
    // …while the admin, who read version 1, saves it together with another cell.
    const late = await send('PUT', '/api/notas', s.admin.cookie, {
      notas: [cell(s.a[1].id, 9), cell(s.a[0].id, 4, 1)],
    });
    expect(late.statusCode).toBe(409);
    expect(detailsOf(late)).toEqual([
      {
        path: 'notas.1',
        message: 'Nota alterada por outra pessoa (agora: 6,5). Recarregue para ver a versão atual.',
      },
    ]);
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie));
    expect(grid.alunos.find((row) => row.id === s.a[0].id)!.notas[0]).toMatchObject({
      valor: 6.5,
      version: 2,
    });
    expect(grid.alunos.find((row) => row.id === s.a[1].id)!.notas[0]).toMatchObject({
      valor: null,
      version: 0,
    });
    // A cell never written, sent as new by two people: the second is a conflict too.
    expect((await send('PUT', '/api/notas', s.math.cookie, { notas: [cell(s.a[2].id, 5)] })).statusCode).toBe(
      200,
    );
    expect(
      (await send('PUT', '/api/notas', s.admin.cookie, { notas: [cell(s.a[2].id, 3)] })).statusCode,
    ).toBe(409);
  });

  it('applies the recuperação by the school rule (replace when higher, or the mean of both)', async () => {
    const s = await setupSchool();
    const exam = await createAssessment(s, s.math.cookie);
    const recovery = await createAssessment(s, s.math.cookie, {
      nome: 'Recuperação',
      tipo: 'recuperacao',
      data: '2026-04-15',
    });
    await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: exam.id, aluno_id: s.a[0].id, valor: 4.5 },
        { avaliacao_id: recovery.id, aluno_id: s.a[0].id, valor: 7 },
        { avaliacao_id: exam.id, aluno_id: s.a[1].id, valor: 5 },
        { avaliacao_id: recovery.id, aluno_id: s.a[1].id, valor: 3 },
      ],
    });
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.avaliacoes.map((item) => item.tipo)).toEqual(['regular', 'recuperacao']);
    expect(grid.alunos.find((row) => row.id === s.a[0].id)!.media).toBe(7);
    expect(grid.alunos.find((row) => row.id === s.a[1].id)!.media).toBe(5);
    const settings = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    const values = settingsBody(settings);
    await send('PUT', '/api/configuracoes/academico', s.admin.cookie, { ...values, recuperacao: 'media' });
    const mean = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    // (4,5 + 7,0) / 2 = 5,75 → 5,8
    expect(mean.alunos.find((row) => row.id === s.a[0].id)!.media).toBe(5.8);
  });

  it('concepts A–E are entered as letters and averaged by their values', async () => {
    const s = await setupSchool();
    const settings = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    const values = settingsBody(settings);
    expect(
      (await send('PUT', '/api/configuracoes/academico', s.admin.cookie, { ...values, escala: 'conceitos' }))
        .statusCode,
    ).toBe(200);
    const a = await createAssessment(s, s.math.cookie);
    const b = await createAssessment(s, s.math.cookie, { nome: 'Prova 2' });
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: a.id, aluno_id: s.a[0].id, valor: 'b' },
        { avaliacao_id: b.id, aluno_id: s.a[0].id, valor: 'C' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bad = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: a.id, aluno_id: s.a[1].id, valor: 'F' }],
    });
    expect(detailsOf(bad)[0]?.message).toBe('Conceito inválido: use A, B, C, D, E');
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    // B = 7,0 and C = 6,0 → 6,5 → C.
    expect(grid.alunos.find((row) => row.id === s.a[0].id)).toMatchObject({ media: 6.5, media_texto: 'C' });
    expect(grid.alunos.find((row) => row.id === s.a[0].id)!.notas.map((cell) => cell.texto)).toEqual([
      'B',
      'C',
    ]);
  });
});

describe('closing, publishing and retificação', () => {
  it('after an explicit close teachers get 409 on grades and rolls; reopening lets them write again', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    expect(
      (await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.math.cookie, { turma_id: s.classA.id }))
        .statusCode,
    ).toBe(403);
    const closed = await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, {
      turma_id: s.classA.id,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(dataOf<PeriodStatus>(closed).turmas.find((row) => row.turma_id === s.classA.id)).toMatchObject({
      fechado: true,
      origem: 'manual',
    });
    const write = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
    });
    expect(write.statusCode).toBe(409);
    expect(messageOf(write)).toBe(
      'O 1º bimestre foi fechado. Alterações de notas agora só por retificação da secretaria.',
    );
    expect(dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie)).bloqueio).toMatch(/fechado/);
    const roll = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      data: '2026-03-16',
      disciplina: 'Matemática',
      aula: 1,
      faltas: [],
    });
    expect(roll.statusCode).toBe(409);
    expect(messageOf(roll)).toBe(
      'O 1º bimestre foi encerrado. Só a secretaria pode alterar esta frequência.',
    );
    // The admin also goes through the retificação once closed.
    expect(
      (
        await send('PUT', '/api/notas', s.admin.cookie, {
          notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await send('POST', `/api/periodos/${s.p[0]!.id}/reabrir`, s.admin.cookie, { turma_id: s.classA.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await send('PUT', '/api/notas', s.math.cookie, {
          notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lists the state of the period in a teacher’s own classes only; the administrator sees every class', async () => {
    const s = await setupSchool();
    const other = await signedIn(t, 'professor');
    const classB = await insertClass(t, (await insertTeacher(t, other.user.id)).id);
    const stranger = await signedIn(t, 'professor');
    await insertTeacher(t, stranger.user.id);
    const url = `/api/periodos/${s.p[0]!.id}/situacao`;
    const classesOf = async (cookie: string) => {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(200);
      return dataOf<PeriodStatus>(response)
        .turmas.map((row) => row.turma_id)
        .sort();
    };
    // Matemática in class A (the grid), class B as its responsible teacher.
    expect(await classesOf(s.math.cookie)).toEqual([s.classA.id]);
    expect(await classesOf(other.cookie)).toEqual([classB.id]);
    expect(await classesOf(stranger.cookie)).toEqual([]);
    expect(await classesOf(s.admin.cookie)).toEqual([s.classA.id, classB.id].sort());
    expect((await get(url, s.guardian.cookie)).statusCode).toBe(403);
  });

  it('the closing date closes the period too, unless an administrator reopened it for the class', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    clock.pin('2026-04-27');
    const cell = { avaliacao_id: column.id, aluno_id: s.a[1].id, valor: 5 };
    const late = await send('PUT', '/api/notas', s.math.cookie, { notas: [cell] });
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(
      'O 1º bimestre foi fechado em 24/04/2026. Alterações de notas agora só por retificação da secretaria.',
    );
    // The explicit state wins over the date.
    await send('POST', `/api/periodos/${s.p[0]!.id}/reabrir`, s.admin.cookie, { turma_id: s.classA.id });
    expect((await send('PUT', '/api/notas', s.math.cookie, { notas: [cell] })).statusCode).toBe(200);
  });

  it('publishing needs the period closed; closing the whole school reaches every class', async () => {
    const s = await setupSchool();
    const early = await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, {});
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe(
      'Feche o 1º bimestre antes de publicá-lo: com ele aberto, as notas ainda podem mudar.',
    );
    expect((await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, {})).statusCode).toBe(
      200,
    );
    const published = dataOf<PeriodStatus>(
      await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, {}),
    );
    expect(published.turmas).toEqual([
      expect.objectContaining({ turma_id: s.classA.id, fechado: true, publicado: true }),
    ]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, s.p[0]!.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['fechar_periodo', 'publicar_periodo']);
  });

  it('reopening a published period keeps it published, and each change made meanwhile is recorded as after publication', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    const first = dataOf<SavedGrades>(
      await send('PUT', '/api/notas', s.math.cookie, {
        notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
      }),
    ).notas[0]!;
    const target = { turma_id: s.classA.id };
    clock.pin('2026-04-28');
    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, target);
    await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, target);
    const reopened = await send('POST', `/api/periodos/${s.p[0]!.id}/reabrir`, s.admin.cookie, target);
    expect(dataOf<PeriodStatus>(reopened).turmas[0]).toMatchObject({ fechado: false, publicado: true });
    const [reopenAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'reabrir_periodo'));
    expect(reopenAudit?.details).toMatchObject({ publicado_em_turmas: 1 });
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.periodo).toMatchObject({ fechado: false, publicado: true });
    expect(grid.bloqueio).toBeNull();

    const saved = dataOf<SavedGrades>(
      await send('PUT', '/api/notas', s.math.cookie, {
        notas: [
          { avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 6, version: first.version },
          { avaliacao_id: column.id, aluno_id: s.a[1].id, valor: 8 },
        ],
      }),
    );
    const changed = dataOf<GradeHistory>(await get(`/api/notas/${first.id!}/historico`, s.admin.cookie));
    expect(changed.historico.map((entry) => [entry.tipo, entry.antes, entry.depois])).toEqual([
      ['lancamento', null, '5,0'],
      ['apos_publicacao', '5,0', '6,0'],
    ]);
    const added = saved.notas.find((nota) => nota.aluno_id === s.a[1].id)!;
    const addedHistory = dataOf<GradeHistory>(await get(`/api/notas/${added.id!}/historico`, s.admin.cookie));
    expect(addedHistory.historico.map((entry) => [entry.tipo, entry.antes, entry.depois])).toEqual([
      ['apos_publicacao', null, '8,0'],
    ]);
    const [gradesAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'alterar_notas'));
    expect(gradesAudit?.details).toMatchObject({ alteradas: 1, apos_publicacao: 2 });
    // The families see the boletim throughout, with the grade as it is now.
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.guardian.cookie));
    expect(card.disciplinas.find((item) => item.disciplina === 'Matemática')!.periodos[0]!.media).toBe(6);
  });

  it('a retificação needs a reason, is for the administrator, and leaves history and audit', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    const saved = dataOf<SavedGrades>(
      await send('PUT', '/api/notas', s.math.cookie, {
        notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
      }),
    );
    const id = saved.notas[0]!.id!;
    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, { turma_id: s.classA.id });
    expect(
      (await send('POST', `/api/notas/${id}/retificar`, s.math.cookie, { valor: 6, motivo: 'Erro de soma' }))
        .statusCode,
    ).toBe(403);
    const noReason = await send('POST', `/api/notas/${id}/retificar`, s.admin.cookie, {
      valor: 6,
      motivo: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(detailsOf(noReason)[0]?.path).toBe('motivo');
    const fixed = await send('POST', `/api/notas/${id}/retificar`, s.admin.cookie, {
      valor: '6,5',
      motivo: 'Erro de soma na prova',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const history = dataOf<GradeHistory>(await get(`/api/notas/${id}/historico`, s.math.cookie));
    expect(history.atual).toBe('6,5');
    expect(
      history.historico.map((entry) => [entry.tipo, entry.antes, entry.depois, entry.motivo, entry.por]),
    ).toEqual([
      ['lancamento', null, '5,0', null, s.math.user.nome],
      ['retificacao', '5,0', '6,5', 'Erro de soma na prova', s.admin.user.nome],
    ]);
    expect((await get(`/api/notas/${id}/historico`, s.portuguese.cookie)).statusCode).toBe(404);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'retificar_nota'));
    expect(audit?.details).toMatchObject({ antes: '5.0', depois: '6.5', motivo: 'Erro de soma na prova' });
  });
});

describe('deleting an avaliação whose grades are the school’s record', () => {
  it('with grades in a published or closed period: the teacher is refused, the administrator deletes only with a reason, and the audit keeps each grade with its student and history', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    const columns = dataOf<Assessment[]>(
      await get(`/api/avaliacoes?turma_id=${s.classA.id}&periodo_id=${s.p[0]!.id}`, s.admin.cookie),
    );
    const exam = columns.find((item) => item.nome === 'Prova 1' && item.disciplina === 'Matemática')!;
    const essay = columns.find((item) => item.nome === 'Redação')!;
    // a1's 8,0 corrected to 8,5 while open, two hours later: the history has both.
    clock.pin('2026-03-20T14:00:00-03:00');
    const before = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    const a1Cell = before.alunos.find((aluno) => aluno.id === s.a[0].id)!.notas[0]!;
    const fixed = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: exam.id, aluno_id: s.a[0].id, valor: '8,5', version: a1Cell.version }],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const empty = await createAssessment(s, s.math.cookie, { nome: 'Trabalho' });

    // Closed, published, then reopened for a correction: the families have read these grades.
    for (const action of ['fechar', 'publicar', 'reabrir'])
      expect(
        (
          await send('POST', `/api/periodos/${s.p[0]!.id}/${action}`, s.admin.cookie, {
            turma_id: s.classA.id,
          })
        ).statusCode,
      ).toBe(200);
    expect(dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie)).exclusao_com_notas).toBe('so_secretaria');
    expect(dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie)).exclusao_com_notas).toBe('com_motivo');
    const teacher = await send('DELETE', `/api/avaliacoes/${exam.id}`, s.math.cookie);
    expect(teacher.statusCode, teacher.body).toBe(409);
    expect(messageOf(teacher)).toBe(
      'O 1º bimestre já foi publicado para esta turma: uma avaliação com notas lançadas só pode ser excluída pela secretaria, com motivo. Para corrigir uma nota, altere-a na grade (fica no histórico como alteração após a publicação).',
    );
    const withReason = await send('DELETE', `/api/avaliacoes/${exam.id}`, s.math.cookie, {
      motivo: 'Prova aplicada na turma errada',
    });
    expect(withReason.statusCode).toBe(409);
    // An avaliação without grades still goes freely.
    expect((await send('DELETE', `/api/avaliacoes/${empty.id}`, s.math.cookie)).statusCode).toBe(200);
    // The administrator: a reason, or nothing happens.
    const noReason = await send('DELETE', `/api/avaliacoes/${exam.id}`, s.admin.cookie);
    expect(noReason.statusCode).toBe(400);
    const reasonMessage =
      'Informe o motivo da exclusão (ao menos 5 caracteres): o 1º bimestre está publicado e as 3 notas lançadas nesta avaliação saem do boletim.';
    expect(messageOf(noReason)).toBe(reasonMessage);
    expect(detailsOf(noReason)).toEqual([{ path: 'motivo', message: reasonMessage }]);
    const short = await send('DELETE', `/api/avaliacoes/${exam.id}`, s.admin.cookie, { motivo: 'ops' });
    expect(short.statusCode).toBe(400);
    expect(detailsOf(short).map((item) => item.path)).toEqual(['motivo']);
    expect(
      dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie)).avaliacoes.map((item) => item.id),
    ).toContain(exam.id);
    const deleted = await send('DELETE', `/api/avaliacoes/${exam.id}`, s.admin.cookie, {
      motivo: 'Prova aplicada na turma errada',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(grades).where(eq(grades.avaliacaoId, exam.id))).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'excluir'), eq(auditLog.entityId, exam.id)));
    const names = new Map(
      (await t.database.db.select({ id: students.id, nome: students.nome }).from(students)).map((row) => [
        row.id,
        row.nome,
      ]),
    );
    const details = audit!.details as {
      motivo: string;
      notas: number;
      periodo_publicado: boolean;
      notas_excluidas: {
        aluno_id: string;
        aluno_nome: string;
        valor: string;
        texto: string;
        historico: { tipo: string; antes: string | null; depois: string | null }[];
      }[];
    };
    expect(details).toMatchObject({
      motivo: 'Prova aplicada na turma errada',
      notas: 3,
      periodo: '1º bimestre',
      periodo_publicado: true,
    });
    expect(
      details.notas_excluidas
        .map((grade) => [grade.aluno_nome, grade.texto])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ).toEqual(
      [
        [names.get(s.a[0].id), '8,5'],
        [names.get(s.a[1].id), '4,0'],
        [names.get(s.a[2].id), '3,0'],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const a1 = details.notas_excluidas.find((grade) => grade.aluno_id === s.a[0].id)!;
    expect(a1.valor).toBe('8.5');
    expect(a1.historico.map((change) => [change.tipo, change.antes, change.depois])).toEqual([
      ['lancamento', null, '8.0'],
      ['lancamento', '8.0', '8.5'],
    ]);

    // Closed (not reopened): the teacher cannot touch it; the administrator, again only with a reason.
    expect(
      (await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, { turma_id: s.classA.id }))
        .statusCode,
    ).toBe(200);
    const closedTeacher = await send('DELETE', `/api/avaliacoes/${essay.id}`, s.portuguese.cookie);
    expect(closedTeacher.statusCode).toBe(409);
    expect(messageOf(closedTeacher)).toMatch(/fechado/);
    expect((await send('DELETE', `/api/avaliacoes/${essay.id}`, s.admin.cookie)).statusCode).toBe(400);
    expect(
      (
        await send('DELETE', `/api/avaliacoes/${essay.id}`, s.admin.cookie, {
          motivo: 'Redação lançada em duplicidade',
        })
      ).statusCode,
    ).toBe(200);

    // An open period never published: the teacher deletes as before, and the audit still keeps the grades.
    const second = await createAssessment(s, s.math.cookie, { periodo_id: s.p[1]!.id, data: '2026-05-10' });
    await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: second.id, aluno_id: s.a[2].id, valor: 6 }],
    });
    expect(dataOf<GradesGrid>(await get(gridUrl(s, 1), s.math.cookie)).exclusao_com_notas).toBe('livre');
    expect((await send('DELETE', `/api/avaliacoes/${second.id}`, s.math.cookie)).statusCode).toBe(200);
    const [free] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'excluir'), eq(auditLog.entityId, second.id)));
    expect((free!.details as typeof details).notas_excluidas).toMatchObject([
      { aluno_id: s.a[2].id, aluno_nome: names.get(s.a[2].id), texto: '6,0' },
    ]);

    // A closed year is read-only: not even the administrator deletes, with a reason or not.
    const late = await createAssessment(s, s.math.cookie, { periodo_id: s.p[1]!.id, data: '2026-05-11' });
    clock.pin('2026-12-20');
    expect((await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie)).statusCode).toBe(
      200,
    );
    const closedYear = await send('DELETE', `/api/avaliacoes/${late.id}`, s.admin.cookie, {
      motivo: 'Avaliação em duplicidade',
    });
    expect(closedYear.statusCode).toBe(409);
    expect(messageOf(closedYear)).toMatch(/ano letivo 2026 foi encerrado/);
  });
});

describe('retificação of a cell that never had a grade', () => {
  it('a make-up test after closing: the administrator retifies the empty cell by avaliação and aluno, with reason and history', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, { turma_id: s.classA.id });
    const empty = dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie)).alunos.find(
      (aluno) => aluno.id === s.a[1].id,
    )!.notas[0]!;
    expect(empty).toMatchObject({ id: null, version: 0, texto: null });
    const body = {
      avaliacao_id: column.id,
      aluno_id: s.a[1].id,
      valor: '7,5',
      motivo: 'Prova de segunda chamada aplicada em 30/04',
      version: 0,
    };
    expect((await send('POST', '/api/notas/retificar', s.math.cookie, body)).statusCode).toBe(403);
    const noReason = await send('POST', '/api/notas/retificar', s.admin.cookie, { ...body, motivo: '' });
    expect(noReason.statusCode).toBe(400);
    expect(detailsOf(noReason)[0]?.path).toBe('motivo');
    const outsider = await insertStudent(t, null);
    const notInClass = await send('POST', '/api/notas/retificar', s.admin.cookie, {
      ...body,
      aluno_id: outsider.id,
    });
    expect(notInClass.statusCode).toBe(404);
    expect(
      (
        await send('POST', '/api/notas/retificar', s.admin.cookie, {
          ...body,
          avaliacao_id: crypto.randomUUID(),
        })
      ).statusCode,
    ).toBe(404);

    const fixed = await send('POST', '/api/notas/retificar', s.admin.cookie, body);
    expect(fixed.statusCode, fixed.body).toBe(200);
    const history = dataOf<GradeHistory>(fixed);
    expect(history.atual).toBe('7,5');
    expect(history.historico.map((entry) => [entry.tipo, entry.antes, entry.depois, entry.motivo])).toEqual([
      ['retificacao', null, '7,5', 'Prova de segunda chamada aplicada em 30/04'],
    ]);
    const cell = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie)).alunos.find(
      (aluno) => aluno.id === s.a[1].id,
    )!.notas[0]!;
    expect(cell).toMatchObject({ id: history.nota_id, texto: '7,5', version: 1 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'retificar_nota'));
    expect(audit?.details).toMatchObject({ antes: null, depois: '7.5', aluno_id: s.a[1].id });
    // The screen read the cell empty (version 0): a grade written there since is not overwritten unseen.
    const stale = await send('POST', '/api/notas/retificar', s.admin.cookie, { ...body, valor: 9 });
    expect(stale.statusCode).toBe(412);
  });
});

describe('a teacher’s retificação request, approved or refused by the administrator', () => {
  /** Matemática's Prova 1 with 5,0 for the first student (the second has none); the period closed. */
  async function closedWithGrade(s: School) {
    const column = await createAssessment(s, s.math.cookie);
    const saved = dataOf<SavedGrades>(
      await send('PUT', '/api/notas', s.math.cookie, {
        notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
      }),
    );
    return { column, notaId: saved.notas[0]!.id! };
  }
  const close = (s: School) =>
    send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, { turma_id: s.classA.id });

  it('is only for the subject’s teacher, only once the period is closed, with a reason, one pending per grade', async () => {
    const s = await setupSchool();
    const { column } = await closedWithGrade(s);
    const body = {
      avaliacao_id: column.id,
      aluno_id: s.a[0].id,
      valor: '6,5',
      motivo: 'Erro de soma na prova',
    };
    const open = await send('POST', '/api/retificacoes', s.math.cookie, body);
    expect(open.statusCode).toBe(409);
    expect(messageOf(open)).toBe('O 1º bimestre está aberto: altere a nota diretamente na grade.');
    await close(s);
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.pode_solicitar_retificacao).toBe(true);
    expect(dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie)).pode_solicitar_retificacao).toBe(false);

    // Another teacher's subject, a student outside the class, an unknown assessment: 404.
    expect((await send('POST', '/api/retificacoes', s.portuguese.cookie, body)).statusCode).toBe(404);
    const outsider = await insertStudent(t, null);
    expect(
      (await send('POST', '/api/retificacoes', s.math.cookie, { ...body, aluno_id: outsider.id })).statusCode,
    ).toBe(404);
    expect((await send('POST', '/api/retificacoes', s.guardian.cookie, body)).statusCode).toBe(403);
    // The secretary corrects directly.
    expect((await send('POST', '/api/retificacoes', s.admin.cookie, body)).statusCode).toBe(409);

    const noReason = await send('POST', '/api/retificacoes', s.math.cookie, { ...body, motivo: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(detailsOf(noReason)[0]?.path).toBe('motivo');
    const outOfScale = await send('POST', '/api/retificacoes', s.math.cookie, { ...body, valor: '11' });
    expect(outOfScale.statusCode).toBe(400);
    expect(detailsOf(outOfScale)[0]).toEqual({ path: 'valor', message: 'Nota fora da escala: de 0 a 10' });
    const same = await send('POST', '/api/retificacoes', s.math.cookie, { ...body, valor: '5,0' });
    expect(same.statusCode).toBe(400);

    const created = await send('POST', '/api/retificacoes', s.math.cookie, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(dataOf<RectificationRequest>(created)).toMatchObject({
      situacao: 'pendente',
      antes: '5,0',
      depois: '6,5',
      atual: '5,0',
      motivo: 'Erro de soma na prova',
      solicitado_por: s.math.user.nome,
      disciplina: 'Matemática',
      periodo: { nome: '1º bimestre' },
    });
    const twice = await send('POST', '/api/retificacoes', s.math.cookie, { ...body, valor: 7 });
    expect(twice.statusCode).toBe(409);
    // Asking changes nothing yet; the grid marks the cell as pending.
    const after = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(after.alunos.find((aluno) => aluno.id === s.a[0].id)!.notas[0]!.texto).toBe('5,0');
    expect(after.retificacoes_pendentes).toEqual([
      expect.objectContaining({ avaliacao_id: column.id, aluno_id: s.a[0].id, depois: '6,5' }),
    ]);
    // Teachers see their own requests only; the administrator sees the queue.
    expect(dataOf<RectificationRequest[]>(await get('/api/retificacoes', s.math.cookie))).toHaveLength(1);
    expect(dataOf<RectificationRequest[]>(await get('/api/retificacoes', s.portuguese.cookie))).toEqual([]);
    expect(
      dataOf<RectificationRequest[]>(await get('/api/retificacoes?situacao=pendente', s.admin.cookie)),
    ).toHaveLength(1);
    expect((await get('/api/retificacoes?situacao=talvez', s.admin.cookie)).statusCode).toBe(400);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'solicitar_retificacao'));
    expect(audit?.details).toMatchObject({ antes: '5.0', depois: '6.5', motivo: 'Erro de soma na prova' });
  });

  it('approved: the grade, its history and the boletim change, audited; a decision is taken once', async () => {
    const s = await setupSchool();
    const { column, notaId } = await closedWithGrade(s);
    await close(s);
    const request = dataOf<RectificationRequest>(
      await send('POST', '/api/retificacoes', s.math.cookie, {
        avaliacao_id: column.id,
        aluno_id: s.a[0].id,
        valor: '6,5',
        motivo: 'Erro de soma na prova',
      }),
    );
    expect(
      (await send('POST', `/api/retificacoes/${request.id}/aprovar`, s.math.cookie, {})).statusCode,
    ).toBe(403);
    const approved = await send('POST', `/api/retificacoes/${request.id}/aprovar`, s.admin.cookie, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(dataOf<RectificationRequest>(approved)).toMatchObject({
      situacao: 'aprovada',
      atual: '6,5',
      decidido_por: s.admin.user.nome,
    });
    const history = dataOf<GradeHistory>(await get(`/api/notas/${notaId}/historico`, s.math.cookie));
    expect(
      history.historico.map((entry) => [entry.tipo, entry.antes, entry.depois, entry.motivo, entry.por]),
    ).toEqual([
      ['lancamento', null, '5,0', null, s.math.user.nome],
      [
        'retificacao',
        '5,0',
        '6,5',
        `Erro de soma na prova (solicitada por ${s.math.user.nome})`,
        s.admin.user.nome,
      ],
    ]);
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    expect(card.disciplinas.find((item) => item.disciplina === 'Matemática')!.periodos[0]!.media).toBe(6.5);
    const actions = (await t.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['solicitar_retificacao', 'aprovar_retificacao', 'retificar_nota']),
    );

    const again = await send('POST', `/api/retificacoes/${request.id}/recusar`, s.admin.cookie, {
      resposta: 'Mudei de ideia',
    });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('Esta solicitação já foi aprovada.');
    expect(
      (await send('POST', `/api/retificacoes/${crypto.randomUUID()}/aprovar`, s.admin.cookie, {})).statusCode,
    ).toBe(404);
  });

  it('refused with a reason leaves the grade; a grade never given can be asked for; a grade changed meanwhile is not overwritten', async () => {
    const s = await setupSchool();
    const { column, notaId } = await closedWithGrade(s);
    await close(s);
    const ask = async (aluno: string, valor: string) =>
      dataOf<RectificationRequest>(
        await send('POST', '/api/retificacoes', s.math.cookie, {
          avaliacao_id: column.id,
          aluno_id: aluno,
          valor,
          motivo: 'Prova corrigida de novo',
        }),
      );
    const refused = await ask(s.a[0].id, '9');
    const noReason = await send('POST', `/api/retificacoes/${refused.id}/recusar`, s.admin.cookie, {});
    expect(noReason.statusCode).toBe(400);
    expect(detailsOf(noReason)[0]?.path).toBe('resposta');
    const refusal = await send('POST', `/api/retificacoes/${refused.id}/recusar`, s.admin.cookie, {
      resposta: 'A prova original confirma 5,0',
    });
    expect(refusal.statusCode, refusal.body).toBe(200);
    const mine = dataOf<RectificationRequest[]>(await get('/api/retificacoes', s.math.cookie));
    expect(mine[0]).toMatchObject({
      situacao: 'recusada',
      resposta: 'A prova original confirma 5,0',
      atual: '5,0',
    });
    expect(dataOf<GradeHistory>(await get(`/api/notas/${notaId}/historico`, s.math.cookie)).atual).toBe(
      '5,0',
    );

    // The second student had no grade: approving creates it.
    const missing = await ask(s.a[1].id, '7');
    expect(missing.antes).toBeNull();
    expect(
      (await send('POST', `/api/retificacoes/${missing.id}/aprovar`, s.admin.cookie, {})).statusCode,
    ).toBe(200);
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.alunos.find((aluno) => aluno.id === s.a[1].id)!.notas[0]!.texto).toBe('7,0');
    expect(grid.retificacoes_pendentes).toEqual([]);

    // The secretary corrected the grade after the teacher asked: approving would overwrite it unseen.
    const stale = await ask(s.a[0].id, '8');
    await send('POST', `/api/notas/${notaId}/retificar`, s.admin.cookie, {
      valor: 6,
      motivo: 'Revisão da prova',
    });
    const blocked = await send('POST', `/api/retificacoes/${stale.id}/aprovar`, s.admin.cookie, {});
    expect(blocked.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(grades).where(eq(grades.id, notaId));
    expect(row?.valor).toBe('6.0');
    const queue = dataOf<RectificationRequest[]>(
      await get('/api/retificacoes?situacao=pendente', s.admin.cookie),
    );
    expect(queue.map((item) => [item.id, item.situacao])).toEqual([[stale.id, 'pendente']]);
  });
});

/** Grades for the 1st bimestre (Matemática 8,0 / 4,0 with recuperação 7,0 / 3,0), closed. */
async function gradeFirstPeriod(s: School) {
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
async function gradedFifthGrade() {
  const s = await setupSchool();
  await gradeFirstPeriod(s);
  await t.database.db
    .update(classes)
    .set({ serie: '5º ano', nome: '5º Ano A' })
    .where(eq(classes.id, s.classA.id));
  return s;
}

/** The same, with the year closed on 20/12/2026. */
async function closedFifthGradeYear() {
  const s = await gradedFifthGrade();
  clock.pin('2026-12-20');
  await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie);
  return s;
}

describe('boletim', () => {
  it('guardians see only published periods of their own children, even with overdue tuition', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    await t.database.db.insert(mensalidades).values({
      alunoId: s.a[0].id,
      turmaId: s.classA.id,
      mesReferencia: '2026-02',
      dataVencimento: '2026-02-10',
      valorOriginal: 85_000,
      valor: 85_000,
    });
    const hidden = dataOf<ReportCard>(
      await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.guardian.cookie),
    );
    expect(hidden.somente_publicados).toBe(true);
    expect(hidden.disciplinas.map((item) => item.periodos[0]!.media)).toEqual([null, null]);
    expect(hidden.disciplinas.map((item) => item.media_anual)).toEqual([null, null]);
    expect((await get(`/api/boletins/alunos/${s.a[1].id}`, s.guardian.cookie)).statusCode).toBe(404);

    // The school (admin, teacher) sees it any time.
    const school = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    expect(school.disciplinas.map((item) => [item.disciplina, item.periodos[0]!.media])).toEqual([
      ['Matemática', 8],
      ['Português', 9],
    ]);
    const teacher = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.math.cookie));
    expect(teacher.disciplinas.map((item) => item.disciplina)).toEqual(['Matemática']);

    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, {});
    await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, {});
    const shown = dataOf<ReportCard>(
      await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.guardian.cookie),
    );
    expect(
      shown.disciplinas.map((item) => [item.disciplina, item.periodos[0]!.media_texto, item.media_anual]),
    ).toEqual([
      ['Matemática', '8,0', 8],
      ['Português', '9,0', 9],
    ]);
    expect(shown.disciplinas[0]!.situacao).toBe('cursando');
    expect(shown.periodos.map((period) => period.publicado)).toEqual([true, false, false, false]);

    const pdf = await get(`/api/boletins/alunos/${s.a[0].id}.pdf?ano=2026`, s.guardian.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Figures read as on the screen: the passing average with its decimal, percentages with one.
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Média para aprovação: 6,0');
    expect(text).toMatch(/Frequência geral: (—|\d+,\d %)/);
    expect((await get(`/api/boletins/alunos/${s.a[1].id}.pdf`, s.guardian.cookie)).statusCode).toBe(404);
  });

  it('a daily-roll class (Fundamental I) counts absences per day: no subject shows a 0 of its own, on screen and in the PDF', async () => {
    const s = await setupSchool();
    await t.database.db
      .update(classes)
      .set({ nome: '2º Ano A', serie: '2º ano' })
      .where(eq(classes.id, s.classA.id));
    const grid = await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'diaria',
      disciplinas: [
        { disciplina: 'Matemática', professor_id: s.mathTeacher.id, aulas_semanais: 5 },
        { disciplina: 'Português', professor_id: null, aulas_semanais: 5 },
      ],
    });
    expect(grid.statusCode, grid.body).toBe(200);
    for (const [data, faltas] of [
      ['2026-03-16', [s.a[0].id]],
      ['2026-03-17', []],
    ] as const) {
      const roll = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
        data,
        faltas: faltas.map((aluno_id) => ({ aluno_id })),
      });
      expect(roll.statusCode, roll.body).toBe(200);
    }
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie));
    expect(card.frequencia).toEqual({ aulas_dadas: 2, faltas: 1, frequencia: 50, por_dia: true });
    expect(card.disciplinas.map((item) => [item.disciplina, item.faltas, item.frequencia])).toEqual([
      ['Matemática', null, null],
      ['Português', null, null],
    ]);
    expect(card.disciplinas[0]!.periodos.every((period) => period.faltas === null)).toBe(true);
    const text = pdfText(
      (await get(`/api/boletins/alunos/${s.a[0].id}.pdf?ano=2026`, s.admin.cookie)).rawPayload,
    );
    expect(text).toContain('Frequência geral: 50,0 % (1 falta em 2 dias letivos)');
    expect(text).toContain('Chamada diária: as faltas são contadas por dia letivo, não por disciplina');
  });

  it('after the year is closed, a guardian sees no final result computed from only the periods published', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    // Matemática: 8,0 in the 1st bimestre, 2,0 in the 2nd → annual 5,0, reprovado por nota.
    const second = await createAssessment(s, s.math.cookie, { periodo_id: s.p[1]!.id, data: '2026-05-10' });
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: second.id, aluno_id: s.a[0].id, valor: 2 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.pin('2026-12-20');
    expect((await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie)).statusCode).toBe(
      200,
    );
    const official = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    expect(official.disciplinas[0]).toMatchObject({ media_anual: 5, situacao: 'reprovado_nota' });

    // Only the 1st bimestre published: its 8,0 is no 'Aprovado' for the family.
    await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, {});
    const partial = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.guardian.cookie));
    expect(partial.disciplinas[0]).toMatchObject({ disciplina: 'Matemática', media_anual: 8 });
    expect(partial.disciplinas.map((item) => item.situacao)).toEqual(['cursando', 'cursando']);
    expect(partial.situacao).toBe('cursando');

    // Every period published: the family reads the school's final result.
    for (const period of s.p.slice(1))
      await send('POST', `/api/periodos/${period.id}/publicar`, s.admin.cookie, {});
    const complete = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.guardian.cookie));
    expect(complete.disciplinas[0]).toMatchObject({ media_anual: 5, situacao: 'reprovado_nota' });
    expect(complete.situacao).toBe(official.situacao);
  });

  it('shows the recuperação, the situation, and the conselho de classe decision as such', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    const second = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[1].id}`, s.admin.cookie));
    expect(second.disciplinas[0]!.periodos[0]).toMatchObject({
      media: 7,
      recuperacao: 7,
      recuperacao_texto: '7,0',
    });
    const third = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}`, s.admin.cookie));
    expect(third.disciplinas[0]).toMatchObject({
      disciplina: 'Matemática',
      media_anual: 3,
      situacao: 'em_recuperacao',
    });
    expect(third.situacao).toBe('em_recuperacao');
    expect(
      (
        await send('POST', `/api/conselho/${s.a[2].id}`, s.math.cookie, {
          resultado: 'aprovado',
          motivo: 'x'.repeat(12),
        })
      ).statusCode,
    ).toBe(403);
    const short = await send('POST', `/api/conselho/${s.a[2].id}`, s.admin.cookie, {
      disciplina: 'Matemática',
      resultado: 'aprovado',
      motivo: 'curto',
    });
    expect(short.statusCode).toBe(400);
    const decided = await send('POST', `/api/conselho/${s.a[2].id}`, s.admin.cookie, {
      disciplina: 'Matemática',
      resultado: 'aprovado',
      motivo: 'Evolução consistente ao longo do ano, conforme ata do conselho',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const card = dataOf<ReportCard>(decided);
    expect(card.disciplinas[0]).toMatchObject({
      situacao: 'aprovado',
      situacao_calculada: 'em_recuperacao',
      conselho: {
        resultado: 'aprovado',
        motivo: 'Evolução consistente ao longo do ano, conforme ata do conselho',
      },
    });
  });

  it("a teacher sees only their subjects but the student's real final situation", async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    // The third student: Matemática 3,0 (em recuperação), Português 6,0.
    const school = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}`, s.admin.cookie));
    expect(school.situacao).toBe('em_recuperacao');
    const teacher = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}`, s.portuguese.cookie));
    expect(teacher.disciplinas.map((item) => [item.disciplina, item.situacao])).toEqual([
      ['Português', 'cursando'],
    ]);
    expect(teacher.situacao).toBe(school.situacao);
  });

  it('the class PDF has one page per student', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    expect((await get(`/api/boletins/turmas/${s.classA.id}.pdf`, s.math.cookie)).statusCode).toBe(403);
    const pdf = await get(`/api/boletins/turmas/${s.classA.id}.pdf`, s.admin.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(3);
  });
});

describe('boletins of many students at once', () => {
  it('are, one by one, each student’s own boletim: absences, a transfer, a decision, each viewer’s subjects', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    for (const [data, faltas] of [
      ['2026-03-16', [s.a[0].id, s.a[2].id]],
      ['2026-03-18', [s.a[2].id]],
    ] as const) {
      const roll = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
        data,
        disciplina: 'Matemática',
        aula: 1,
        faltas: faltas.map((aluno_id) => ({ aluno_id })),
      });
      expect(roll.statusCode, roll.body).toBe(200);
    }
    // The second student moves to another class on 19/03, with its own grid; the third gets a decision.
    const other = await insertClass(t, null);
    await send('PUT', `/api/turmas/${other.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'diaria',
      disciplinas: [{ disciplina: 'Ciências', professor_id: null, aulas_semanais: 2, dias_semana: [2] }],
    });
    const moved = await send('POST', `/api/turmas/${other.id}/alunos`, s.admin.cookie, {
      aluno_id: s.a[1].id,
      data_enturmacao: '2026-03-19',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    await send('PUT', `/api/frequencia/turmas/${other.id}`, s.admin.cookie, {
      data: '2026-03-19',
      faltas: [{ aluno_id: s.a[1].id }],
    });
    const decided = await send('POST', `/api/conselho/${s.a[2].id}`, s.admin.cookie, {
      disciplina: 'Matemática',
      resultado: 'aprovado',
      motivo: 'Evolução consistente ao longo do ano, conforme ata do conselho',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const loner = await insertStudent(t, null);

    const ids = [s.a[2].id, loner.id, s.a[0].id, s.a[1].id];
    for (const who of [s.admin, s.math]) {
      const one = [];
      for (const id of ids) {
        const response = await get(`/api/boletins/alunos/${id}?ano=2026`, who.cookie);
        if (response.statusCode === 200) one.push(dataOf<ReportCard>(response));
      }
      const many = await buildReportCards(t.database.db, who.user, ids, { ano: 2026 });
      expect(many).toEqual(one);
      expect(many.length).toBe(who === s.admin ? 4 : 2);
    }
    const cards = await buildReportCards(t.database.db, s.admin.user, ids, { ano: 2026 });
    expect(cards.map((card) => card.turma?.id ?? null)).toEqual([s.classA.id, null, s.classA.id, other.id]);
    expect(cards[0]!.frequencia).toMatchObject({ faltas: 2 });
    expect(cards[0]!.disciplinas[0]).toMatchObject({
      disciplina: 'Matemática',
      faltas: 2,
      situacao: 'aprovado',
    });
    expect(cards[3]!.frequencia.faltas).toBe(1);
    expect(cards[3]!.disciplinas.map((item) => item.disciplina)).toContain('Ciências');
  });
});

describe('closing the year and rematrícula', () => {
  it('closes every period, computes situations, and the rematrícula is previewed, applied once and atomically', async () => {
    const s = await gradedFifthGrade();
    expect((await get(`/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie)).statusCode).toBe(409);
    clock.pin('2026-12-20');
    const closing = await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie);
    expect(closing.statusCode, closing.body).toBe(200);
    // a1: 8,0 / 9,0 → aprovado; a2: 7,0 / 6,0 → aprovado; a3: 3,0 → reprovado por nota.
    expect(dataOf<YearClosing>(closing)).toMatchObject({ ano: 2026, periodos_fechados: 4 });
    expect(dataOf<YearClosing>(closing).situacoes).toMatchObject({ aprovado: 2, reprovado_nota: 1 });
    expect((await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie)).statusCode).toBe(
      409,
    );
    // The old year is read-only, also for the administrator's batch.
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie));
    const write = await send('PUT', '/api/notas', s.admin.cookie, {
      notas: [{ avaliacao_id: grid.avaliacoes[0]!.id, aluno_id: s.a[2].id, valor: 9, version: 1 }],
    });
    expect(write.statusCode).toBe(409);
    expect(messageOf(write)).toMatch(/ano letivo 2026 foi encerrado/);

    const preview = dataOf<RematriculaProposal>(
      await get(`/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie),
    );
    expect(preview.turmas.map((item) => [item.nome, item.serie, item.nivel, item.incluir])).toEqual([
      ['6º Ano A', '6º ano', 'Fundamental II', true],
      ['5º Ano A', '5º ano', 'Fundamental I', true],
    ]);
    const destination = new Map(
      preview.alunos.map((item) => [item.aluno_id, [item.destino, item.destino_turma_nome]]),
    );
    expect(destination.get(s.a[0].id)).toEqual(['proxima_serie', '6º Ano A']);
    expect(destination.get(s.a[2].id)).toEqual(['mesma_serie', '5º Ano A']);

    // A failure half-way (the second class names a teacher who does not exist) leaves nothing changed.
    const broken = await send('POST', `/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie, {
      turmas: [{ origem_id: s.classA.id, professor_responsavel_id: '00000000-0000-4000-8000-000000000000' }],
      alunos: [],
    });
    expect(broken.statusCode).toBe(400);
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);

    const dry = await send('POST', `/api/anos-letivos/${s.year.id}/rematricula?dryRun=true`, s.admin.cookie, {
      turmas: [],
      alunos: [{ aluno_id: s.a[1].id, destino: 'nao_rematriculado' }],
    });
    expect(dataOf<RematriculaProposal>(dry).contagem).toEqual({
      proxima_serie: 1,
      mesma_serie: 1,
      concluido: 0,
      nao_rematriculado: 1,
      sem_turma: 0,
      turmas_novas: 2,
    });
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);

    const body = { turmas: [], alunos: [{ aluno_id: s.a[1].id, destino: 'nao_rematriculado' }] };
    const applied = await send('POST', `/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie, body);
    expect(applied.statusCode, applied.body).toBe(200);
    const again = await send('POST', `/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie, body);
    expect(again.statusCode).toBe(200);
    expect(dataOf<RematriculaProposal>(again).aplicada).toBe(true);
    const next = await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'));
    expect(next.map((row) => row.nome).sort()).toEqual(['5º Ano A', '6º Ano A']);
    const sixth = next.find((row) => row.nome === '6º Ano A')!;
    const [moved] = await t.database.db.select().from(students).where(eq(students.id, s.a[0].id));
    expect(moved?.turmaId).toBe(sixth.id);
    const memberships = await t.database.db
      .select()
      .from(classMemberships)
      .where(eq(classMemberships.alunoId, s.a[0].id));
    expect(memberships.map((row) => [row.turmaId, row.inicio, row.fim]).sort()).toEqual(
      [
        [s.classA.id, '2026-01-01', '2026-12-31'],
        [sixth.id, '2027-01-01', null],
      ].sort(),
    );
    const [left] = await t.database.db.select().from(students).where(eq(students.id, s.a[1].id));
    expect(left?.status).toBe('inativo');
    const leftHistory = await t.database.db
      .select()
      .from(classMemberships)
      .where(eq(classMemberships.alunoId, s.a[1].id));
    expect(leftHistory.map((row) => [row.turmaId, row.inicio, row.fim])).toEqual([
      [s.classA.id, '2026-01-01', '2026-12-31'],
    ]);
    const [old] = await t.database.db.select().from(classes).where(eq(classes.id, s.classA.id));
    expect(old?.status).toBe('concluido');
    // Last year's classes and grades stay reachable by year, read-only: the teacher still finds the
    // concluded class under 2026 (not among the active ones) and reads its grid.
    const active = dataOf<RollClass[]>(await get('/api/frequencia/turmas', s.math.cookie));
    expect(active.map((item) => item.id)).not.toContain(s.classA.id);
    const of2026 = dataOf<RollClass[]>(await get('/api/frequencia/turmas?ano=2026', s.math.cookie));
    expect(of2026.map((item) => item.id)).toEqual([s.classA.id]);
    const of2027 = dataOf<RollClass[]>(await get('/api/frequencia/turmas?ano=2027', s.math.cookie));
    expect(of2027.map((item) => item.nome).sort()).toEqual(['5º Ano A', '6º Ano A']);
    expect((await get('/api/frequencia/turmas?ano=dois', s.math.cookie)).statusCode).toBe(400);
    const oldGrid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(oldGrid.bloqueio).toMatch(/ano letivo 2026 foi encerrado/);
    expect(oldGrid.alunos.find((aluno) => aluno.id === s.a[0].id)!.notas[0]!.texto).toBe('8,0');
    // Last year's boletim is still reachable by year.
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie));
    expect(card).toMatchObject({
      ano: 2026,
      ano_encerrado: true,
      situacao: 'aprovado',
      turma: { id: s.classA.id },
    });
  });
});

describe('a closed year keeps the rules it was closed with', () => {
  it('changing Configurações → Acadêmico afterwards reaches only the open years: the closed year’s boletim (screen and PDF), class PDF, grid, histórico and rematrícula stay as closed', async () => {
    const s = await gradedFifthGrade();
    // a2: Matemática 4,0 with recuperação 7,0 (replaces it: 7,0); Português 6,0 — aprovado with 6,0.
    clock.pin('2026-12-20');
    const closing = await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie);
    expect(closing.statusCode, closing.body).toBe(200);
    const cardUrl = `/api/boletins/alunos/${s.a[1].id}?ano=2026`;
    const before = dataOf<ReportCard>(await get(cardUrl, s.admin.cookie));
    expect(before).toMatchObject({ media_aprovacao: 6, situacao: 'aprovado', ano_encerrado: true });
    expect(before.disciplinas.map((item) => [item.disciplina, item.media_anual, item.situacao])).toEqual([
      ['Matemática', 7, 'aprovado'],
      ['Português', 6, 'aprovado'],
    ]);
    const destinationOf = async (alunoId: string) =>
      dataOf<RematriculaProposal>(
        await get(`/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie),
      ).alunos.find((item) => item.aluno_id === alunoId)?.destino;
    expect(await destinationOf(s.a[1].id)).toBe('proxima_serie');

    // For the next year the school averages the recuperação with the grade and passes at 6,5 (and no
    // longer fails by absences): under these rules a2 would fail both subjects.
    const current = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    const changed = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...settingsBody(current),
      recuperacao: 'media',
      media_aprovacao: 6.5,
      frequencia_minima: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect(dataOf<ReportCard>(await get(cardUrl, s.admin.cookie))).toEqual(before);
    const pdf = pdfText(
      (await get(`/api/boletins/alunos/${s.a[1].id}.pdf?ano=2026`, s.admin.cookie)).rawPayload,
    );
    expect(pdf).toContain('Média para aprovação: 6,0');
    expect(pdf).toContain('Situação final: Aprovado');
    expect(pdf).not.toContain('Reprovado');
    const classPdf = pdfText(
      (await get(`/api/boletins/turmas/${s.classA.id}.pdf`, s.admin.cookie)).rawPayload,
    );
    expect(classPdf).not.toContain('6,5');
    expect(classPdf.match(/Situação final: Aprovado/g)).toHaveLength(2);
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie));
    expect(grid.alunos.find((aluno) => aluno.id === s.a[1].id)!.media_texto).toBe('7,0');
    expect(await destinationOf(s.a[1].id)).toBe('proxima_serie');
    const historico = await send('POST', '/api/documentos', s.admin.cookie, {
      aluno_id: s.a[1].id,
      tipo: 'historico_escolar',
    });
    expect(historico.statusCode, historico.body).toBe(201);
    const historicoPdf = pdfText(
      (await get(`/api/documentos/${dataOf<{ id: string }>(historico).id}/pdf`, s.admin.cookie)).rawPayload,
    ).replace(/\s+/g, ' ');
    expect(historicoPdf).toMatch(/Matemática 7,0 (\d+ )?Aprovado/);
    expect(historicoPdf).toContain('Resultado final: Aprovado');
    // The closing recorded the rules it kept.
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'encerrar_ano_letivo'));
    expect(audit!.details).toMatchObject({
      regras: { recuperacao: 'substitui_se_maior', media_aprovacao: 6 },
    });

    // A year not closed follows the settings of the day: 2027, with the same grades, averages 5,5.
    const next = await send('POST', '/api/anos-letivos', s.admin.cookie, {
      ano: 2027,
      inicio: '2027-02-01',
      fim: '2027-12-10',
      tipo_periodo: 'bimestre',
    });
    expect(next.statusCode, next.body).toBe(201);
    const p2027 = dataOf<SchoolYear>(next).periodos[0]!;
    const classB = await insertClass(t, null);
    await t.database.db.update(classes).set({ anoLetivo: '2027' }).where(eq(classes.id, classB.id));
    await send('PUT', `/api/turmas/${classB.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'por_aula',
      disciplinas: [{ disciplina: 'Matemática', professor_id: s.mathTeacher.id, aulas_semanais: 5 }],
    });
    const b = await insertStudent(t, classB.id, undefined, '2027-02-01');
    const columns: Assessment[] = [];
    for (const extra of [
      { nome: 'Prova 1', tipo: 'regular' },
      { nome: 'Recuperação', tipo: 'recuperacao' },
    ]) {
      const created = await send('POST', '/api/avaliacoes', s.math.cookie, {
        turma_id: classB.id,
        disciplina: 'Matemática',
        periodo_id: p2027.id,
        data: p2027.inicio,
        peso: 1,
        ...extra,
      });
      expect(created.statusCode, created.body).toBe(201);
      columns.push(dataOf<Assessment>(created));
    }
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: columns[0]!.id, aluno_id: b.id, valor: 4 },
        { avaliacao_id: columns[1]!.id, aluno_id: b.id, valor: 7 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const open = dataOf<ReportCard>(await get(`/api/boletins/alunos/${b.id}?ano=2027`, s.admin.cookie));
    expect(open.media_aprovacao).toBe(6.5);
    expect(open.disciplinas[0]!.periodos[0]).toMatchObject({ media: 5.5, media_texto: '5,5' });

    // The scale still cannot change once grades were given (those of the closed year count too).
    const rescale = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...settingsBody(dataOf<AcademicSettings>(changed)),
      escala: '0-100',
      media_aprovacao: 60,
    });
    expect(rescale.statusCode).toBe(409);
  });
});

describe('migration 0021: years closed before the rules were kept', () => {
  it('get the settings in force (the defaults filling any key the stored document lacks)', async () => {
    const s = await setupSchool();
    const partial: Record<string, unknown> = { ...defaultAcademicSettings, media_aprovacao: 5 };
    delete partial.frequencia_minima;
    await t.database.db.insert(settingsTable).values({ key: 'academico', value: partial });
    await t.database.db.insert(yearClosures).values({ anoLetivoId: s.year.id });
    const migration = readFileSync(path.join(migrationsFolder, '0021_year_rules.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').slice(1))
      await t.database.db.execute(sql.raw(statement));
    const [row] = await t.database.db.select().from(yearClosures);
    expect(academicSettingsValuesSchema.parse(row!.regras)).toEqual({
      ...defaultAcademicSettings,
      media_aprovacao: 5,
    });
  });
});

describe('closing the year only once it has ended', () => {
  it('refuses to close before the last day, and applies the rematrícula only after it: students stay in this year’s class until then', async () => {
    const s = await gradedFifthGrade();
    const nextYear = await send('POST', '/api/anos-letivos', s.admin.cookie, {
      ano: 2027,
      inicio: '2027-02-01',
      fim: '2027-12-10',
      tipo_periodo: 'bimestre',
    });
    expect(nextYear.statusCode, nextYear.body).toBe(201);
    const statusUrl = `/api/anos-letivos/${s.year.id}/encerramento`;
    const closeUrl = `/api/anos-letivos/${s.year.id}/encerrar`;
    const url = `/api/anos-letivos/${s.year.id}/rematricula`;

    // November, the 4th bimestre still in progress: refused, with the reason on the screen too.
    clock.pin('2026-11-20');
    const early = await send('POST', closeUrl, s.admin.cookie);
    expect(early.statusCode).toBe(409);
    const reason =
      'O ano letivo 2026 vai até 11/12/2026 e só pode ser encerrado a partir desse dia: encerrar antes fecharia as notas e as chamadas dos dias letivos que ainda faltam.';
    expect(messageOf(early)).toBe(reason);
    expect(dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie))).toMatchObject({
      encerrado: false,
      encerramento_bloqueio: reason,
    });
    expect(dataOf<GradesGrid>(await get(gridUrl(s, 3), s.math.cookie)).bloqueio).toBeNull();

    // The last day: it closes; the rematrícula is previewed and simulated but not applied yet.
    clock.pin('2026-12-11');
    expect((await send('POST', closeUrl, s.admin.cookie)).statusCode).toBe(200);
    const closed = dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie));
    expect(closed.encerramento_bloqueio).toBeNull();
    expect(closed.rematricula_bloqueio).toMatch(/depois do último dia do ano letivo 2026 \(11\/12\/2026\)/);
    expect((await send('POST', `${url}?dryRun=true`, s.admin.cookie, {})).statusCode).toBe(200);
    const tooSoon = await send('POST', url, s.admin.cookie, {});
    expect(tooSoon.statusCode).toBe(409);
    expect(messageOf(tooSoon)).toBe(closed.rematricula_bloqueio);
    const [still] = await t.database.db.select().from(students).where(eq(students.id, s.a[0].id));
    expect(still?.turmaId).toBe(s.classA.id);
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);
    const [open] = await t.database.db.select().from(classes).where(eq(classes.id, s.classA.id));
    expect(open?.status).toBe('ativo');

    // After the year ended, before the next begins: applied. The new class's membership starts on
    // 2027's first day; until then the history keeps the student in 2026's class.
    clock.pin('2026-12-14');
    expect(dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie)).rematricula_bloqueio).toBeNull();
    const applied = await send('POST', url, s.admin.cookie, {});
    expect(applied.statusCode, applied.body).toBe(200);
    const sixth = (await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).find(
      (row) => row.nome === '6º Ano A',
    )!;
    const memberships = await t.database.db
      .select()
      .from(classMemberships)
      .where(eq(classMemberships.alunoId, s.a[0].id));
    expect(memberships.map((row) => [row.turmaId, row.inicio, row.fim]).sort()).toEqual(
      [
        [s.classA.id, '2026-01-01', '2027-01-31'],
        [sixth.id, '2027-02-01', null],
      ].sort(),
    );
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie));
    expect(card.turma).toMatchObject({ id: s.classA.id });
  });
});

describe('the year-end screen and the adjustments of the rematrícula', () => {
  it('shows each period across the classes, then the closing and the applied rematrícula', async () => {
    const s = await setupSchool();
    await insertClass(t, null);
    await gradeFirstPeriod(s);
    const statusUrl = `/api/anos-letivos/${s.year.id}/encerramento`;
    expect((await get(statusUrl, s.math.cookie)).statusCode).toBe(403);
    expect(
      (await get('/api/anos-letivos/00000000-0000-4000-8000-000000000000/encerramento', s.admin.cookie))
        .statusCode,
    ).toBe(404);
    // Before anything: every period open in both classes; closing the 1st for class A only.
    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, { turma_id: s.classA.id });
    await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, { turma_id: s.classA.id });
    const before = dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie));
    expect(before).toMatchObject({ ano: 2026, turmas: 2, alunos: 3, encerrado: false, rematricula_em: null });
    expect(before.periodos.map((item) => [item.nome, item.turmas_abertas, item.turmas_publicadas])).toEqual([
      ['1º bimestre', 1, 1],
      ['2º bimestre', 2, 0],
      ['3º bimestre', 2, 0],
      ['4º bimestre', 2, 0],
    ]);
    clock.pin('2026-12-20');
    expect((await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie)).statusCode).toBe(
      200,
    );
    const closed = dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie));
    expect(closed.encerrado).toBe(true);
    expect(closed.encerrado_por_nome).toBe(s.admin.user.nome);
    expect(closed.periodos.every((item) => item.turmas_abertas === 0)).toBe(true);

    await send('POST', `/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie, {});
    const applied = dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie));
    expect(applied.rematricula_em).not.toBeNull();
    expect(applied.rematricula_resumo).toMatchObject({ proxima_serie: 2, mesma_serie: 1 });
  });

  it('a class left out leaves its students active and without a class (counted apart from the inactivated), never inactivated', async () => {
    const s = await closedFifthGradeYear();
    const url = `/api/anos-letivos/${s.year.id}/rematricula`;
    // '6º Ano A' unchecked; a2 explicitly not re-enrolled.
    const body = {
      turmas: [{ origem_id: s.classA.id, incluir: false }],
      alunos: [{ aluno_id: s.a[1].id, destino: 'nao_rematriculado' }],
    };
    const dry = dataOf<RematriculaProposal>(await send('POST', `${url}?dryRun=true`, s.admin.cookie, body));
    expect(dry.contagem).toEqual({
      proxima_serie: 1,
      mesma_serie: 1,
      concluido: 0,
      nao_rematriculado: 1,
      sem_turma: 1,
      turmas_novas: 1,
    });
    expect(dry.alunos.find((item) => item.aluno_id === s.a[0].id)).toMatchObject({
      destino: 'proxima_serie',
      destino_turma_nome: null,
    });
    const applied = await send('POST', url, s.admin.cookie, body);
    expect(applied.statusCode, applied.body).toBe(200);
    const rows = await t.database.db.select().from(students);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Without a class, still active: the secretary places them.
    expect(byId.get(s.a[0].id)).toMatchObject({ status: 'ativo', turmaId: null });
    expect(byId.get(s.a[1].id)?.status).toBe('inativo');
    expect(byId.get(s.a[2].id)?.status).toBe('ativo');
    const history = await t.database.db
      .select()
      .from(classMemberships)
      .where(eq(classMemberships.alunoId, s.a[0].id));
    expect(history.map((row) => [row.turmaId, row.fim])).toEqual([[s.classA.id, '2026-12-31']]);
    const status = dataOf<YearEndStatus>(
      await get(`/api/anos-letivos/${s.year.id}/encerramento`, s.admin.cookie),
    );
    expect(status.rematricula_resumo).toMatchObject({ nao_rematriculado: 1, sem_turma: 1 });
  });

  it('the dry run reports, field by field, what applying would refuse or merge: an unknown teacher, two classes with one name', async () => {
    const s = await closedFifthGradeYear();
    const url = `/api/anos-letivos/${s.year.id}/rematricula`;
    const ghostBody = {
      turmas: [{ origem_id: s.classA.id, professor_responsavel_id: '00000000-0000-4000-8000-000000000000' }],
    };
    const ghost = dataOf<RematriculaProposal>(
      await send('POST', `${url}?dryRun=true`, s.admin.cookie, ghostBody),
    );
    expect(ghost.erros).toEqual([
      { path: 'turmas.0.professor_responsavel_id', message: 'Professor não encontrado: escolha outro' },
    ]);
    expect(ghost.turmas.find((item) => !item.para_retidos)!.erros.professor_responsavel_id).toBe(
      'Professor não encontrado: escolha outro',
    );
    const refused = await send('POST', url, s.admin.cookie, ghostBody);
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toEqual(ghost.erros);
    // The 5º ano moving up renamed '5º ano a': the retained students' copy of 5º Ano A has that name too.
    const twiceBody = { turmas: [{ origem_id: s.classA.id, nome: '5º ano a' }] };
    const twice = dataOf<RematriculaProposal>(
      await send('POST', `${url}?dryRun=true`, s.admin.cookie, twiceBody),
    );
    const message =
      'Duas turmas de 2027 com o nome “5º ano a” (de 5º Ano A e de 5º Ano A, para os retidos): dê um nome diferente a cada uma';
    expect(twice.erros).toEqual([{ path: 'turmas.0.nome', message }]);
    expect(twice.turmas.map((item) => item.erros.nome)).toEqual([message, message]);
    const applied = await send('POST', url, s.admin.cookie, twiceBody);
    expect(applied.statusCode).toBe(400);
    expect(detailsOf(applied)).toEqual([{ path: 'turmas.0.nome', message }]);
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);
    // Two classes of this year with one name (no adjustment at all): the proposal itself says so.
    const twin = await insertClass(t, null);
    await t.database.db
      .update(classes)
      .set({ serie: '5º ano', nome: '5º ANO A' })
      .where(eq(classes.id, twin.id));
    const proposal = dataOf<RematriculaProposal>(await get(url, s.admin.cookie));
    expect(proposal.erros).toEqual([
      { path: 'turmas', message: expect.stringMatching(/^Duas turmas de 2027 com o nome “6º/) },
    ]);
    expect(proposal.turmas.filter((item) => item.erros.nome !== null)).toHaveLength(2);
  });

  it('places a student in the class the administrator chose, and refuses a class not in the proposal', async () => {
    const s = await gradedFifthGrade();
    const classB = await insertClass(t, null);
    await t.database.db
      .update(classes)
      .set({ serie: '5º ano', nome: '5º Ano B', turno: 'tarde' })
      .where(eq(classes.id, classB.id));
    clock.pin('2026-12-20');
    await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie);
    const url = `/api/anos-letivos/${s.year.id}/rematricula`;
    const wrong = await send('POST', `${url}?dryRun=true`, s.admin.cookie, {
      alunos: [{ aluno_id: s.a[0].id, destino: 'proxima_serie', turma_nome: '7º Ano Z' }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(detailsOf(wrong)).toEqual([
      { path: 'alunos.0.turma_nome', message: expect.stringMatching(/7º Ano Z/) },
    ]);
    // a1 (approved) goes to 6º Ano B instead of 6º Ano A; class B gets another teacher and capacity.
    const teacher = await insertTeacher(t, (await signedIn(t, 'professor')).user.id);
    const body = {
      turmas: [{ origem_id: classB.id, capacidade_maxima: 30, professor_responsavel_id: teacher.id }],
      alunos: [{ aluno_id: s.a[0].id, destino: 'proxima_serie', turma_nome: '6º Ano B' }],
    };
    const dry = dataOf<RematriculaProposal>(await send('POST', `${url}?dryRun=true`, s.admin.cookie, body));
    const first = dry.alunos.find((item) => item.aluno_id === s.a[0].id)!;
    expect(first).toMatchObject({
      destino: 'proxima_serie',
      destino_turma_nome: '6º Ano B',
      origem_turma_nome: '5º Ano A',
    });
    expect(dry.turmas.find((item) => item.origem_id === classB.id)).toMatchObject({
      nome: '6º Ano B',
      capacidade_maxima: 30,
      professor_responsavel_id: teacher.id,
    });
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);
    const applied = await send('POST', url, s.admin.cookie, body);
    expect(applied.statusCode, applied.body).toBe(200);
    const next = await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'));
    const sixthB = next.find((row) => row.nome === '6º Ano B')!;
    expect(sixthB).toMatchObject({
      capacidadeMaxima: 30,
      professorResponsavelId: teacher.id,
      turno: 'tarde',
    });
    const [moved] = await t.database.db.select().from(students).where(eq(students.id, s.a[0].id));
    expect(moved?.turmaId).toBe(sixthB.id);
  });
});

describe('dashboard', () => {
  it('shows each class’s real grade average; the teacher sees assessments without grades and periods closing soon', async () => {
    const s = await setupSchool();
    const exam = await createAssessment(s, s.math.cookie, { peso: 2 });
    const quiz = await createAssessment(s, s.math.cookie, { nome: 'Quiz', data: '2026-03-18' });
    // Only the students below the average take a recuperação: no grades in it is not a task.
    await createAssessment(s, s.math.cookie, {
      nome: 'Recuperação',
      tipo: 'recuperacao',
      data: '2026-04-15',
    });
    await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: exam.id, aluno_id: s.a[0].id, valor: 8 },
        { avaliacao_id: exam.id, aluno_id: s.a[1].id, valor: 5 },
        { avaliacao_id: exam.id, aluno_id: s.a[2].id, valor: 6.5 },
        { avaliacao_id: quiz.id, aluno_id: s.a[0].id, valor: 10 },
      ],
    });
    const school = dataOf<DashboardEscola>(await get('/api/dashboard/stats', s.admin.cookie));
    // (8 + 5 + 6,5) × 2 + 10 × 1 = 49 / 7 = 7,0
    expect(school.performance_turmas).toEqual([{ turma: s.classA.nome, media: 7, frequencia: null }]);
    clock.pin('2026-04-20');
    const home = dataOf<DashboardProfessor>(await get('/api/dashboard/stats', s.math.cookie));
    expect(home.avaliacoes_pendentes.map((item) => [item.nome, item.faltam])).toEqual([['Quiz', 2]]);
    expect(home.avaliacoes_pendentes[0]?.periodo_id).toBe(s.p[0]!.id);
    expect(home.periodos_fechando).toEqual([
      expect.objectContaining({
        turma_id: s.classA.id,
        periodo_nome: '1º bimestre',
        data_fechamento: '2026-04-24',
      }),
    ]);
    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, {});
    const after = dataOf<DashboardProfessor>(await get('/api/dashboard/stats', s.math.cookie));
    expect(after.periodos_fechando).toEqual([]);
    // A closed period's grades change only by retificação: its assessments are no longer a task.
    expect(after.avaliacoes_pendentes).toEqual([]);
  });
});
