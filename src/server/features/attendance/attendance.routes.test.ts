import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  AttendanceAlerts,
  ClassMonth,
  Roll,
  RollClass,
  StudentAttendance,
  TutelaryNotification,
} from '../../../shared/attendance.schemas.js';
import type { Curriculum } from '../../../shared/curriculum.schemas.js';
import type { DashboardEscola, DashboardResponsavel } from '../../../shared/dashboard.schemas.js';
import type { ReportCard } from '../../../shared/grades.schemas.js';
import type { SchoolYear } from '../../../shared/calendar.schemas.js';
import type { Page } from '../../../shared/api.js';
import type { SchoolClass } from '../../../shared/classes.schemas.js';
import type { Student } from '../../../shared/students.schemas.js';
import { classifyDays, lessonsOnWeekday, weekdayOf } from '../../../shared/calendar.js';
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
import { pdfText } from '../../test/pdf-text.js';
import { auditLog } from '../../db/schema/audit.js';
import { mensalidades } from '../../db/schema/finance.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';

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

/**
 * A 2026 year in bimestres (the 1st closes on 24/04); class A takes the roll per lesson (Matemática
 * by one teacher on Mon/Wed/Fri, Português by another on Tue/Thu); class B once a day, by its
 * responsible teacher. 20/03/2026 (a Friday) is today.
 */
async function setupSchool() {
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

const mathRoll = (data: string, faltas: { aluno_id: string; justificativa?: string }[]) => ({
  data,
  disciplina: 'Matemática',
  aula: 1,
  faltas,
});

describe('grade curricular and teacher scope', () => {
  it('a teacher of one subject sees that class and its students, not the others (404)', async () => {
    const s = await setupSchool();
    const grade = dataOf<Curriculum>(await get(`/api/turmas/${s.classA.id}/disciplinas`, s.math.cookie));
    expect(grade).toMatchObject({ frequencia_modo: 'por_aula', aulas_semanais: 9 });
    expect(grade.disciplinas.map((item) => item.disciplina)).toEqual(['Matemática', 'Português']);

    const classesSeen = dataOf<SchoolClass[]>(await get('/api/turmas', s.math.cookie));
    expect(classesSeen.map((item) => item.id)).toEqual([s.classA.id]);
    const studentsSeen = dataOf<Page<Student>>(await get('/api/alunos', s.math.cookie));
    expect(studentsSeen.items.map((item) => item.id).sort()).toEqual(s.a.map((item) => item.id).sort());
    expect((await get(`/api/turmas/${s.classB.id}`, s.math.cookie)).statusCode).toBe(404);
    expect((await get(`/api/alunos/${s.b[0].id}`, s.math.cookie)).statusCode).toBe(404);
    expect((await get(`/api/frequencia/turmas/${s.classB.id}`, s.math.cookie)).statusCode).toBe(404);
    expect((await get(`/api/frequencia/alunos/${s.b[0].id}`, s.math.cookie)).statusCode).toBe(404);
    // The responsible teacher of B still reaches B (and only B).
    const tutorClasses = dataOf<SchoolClass[]>(await get('/api/turmas', s.tutor.cookie));
    expect(tutorClasses.map((item) => item.id)).toEqual([s.classB.id]);
  });

  it('only an administrator edits the grid; a repeated subject or unknown teacher is a 400', async () => {
    const s = await setupSchool();
    const body = { frequencia_modo: 'diaria', disciplinas: [] };
    expect(
      (await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.math.cookie, body)).statusCode,
    ).toBe(403);
    const repeated = await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie, {
      disciplinas: [
        { disciplina: 'Arte', aulas_semanais: 1 },
        { disciplina: 'Arte', aulas_semanais: 2 },
      ],
    });
    expect(repeated.statusCode).toBe(400);
    const unknown = await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie, {
      disciplinas: [{ disciplina: 'Arte', aulas_semanais: 1, professor_id: s.classA.id }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ details: { path: string }[] }>().details[0]!.path).toBe(
      'disciplinas.0.professor_id',
    );
  });

  it('the roll mode is fixed once the class has a roll (days and lessons would mix in one %)', async () => {
    const s = await setupSchool();
    const grid = (frequencia_modo: string) =>
      send('PUT', `/api/turmas/${s.classB.id}/disciplinas`, s.admin.cookie, {
        frequencia_modo,
        disciplinas: [],
      });
    expect((await grid('por_aula')).statusCode).toBe(200);
    expect((await grid('diaria')).statusCode).toBe(200);
    await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-16',
      faltas: [],
    });
    const refused = await grid('por_aula');
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toContain('só pode mudar antes da primeira chamada');
    // The rest of the grid still saves while the mode stays.
    expect((await grid('diaria')).statusCode).toBe(200);
  });

  it('the roll picker lists the teacher’s classes with the lessons of the day, pending first', async () => {
    const s = await setupSchool();
    const mine = dataOf<RollClass[]>(await get('/api/frequencia/turmas?data=2026-03-20', s.math.cookie));
    expect(mine).toHaveLength(1);
    // Friday: the third day of Mon/Wed/Fri for 5 lessons gets one; Português is not his.
    expect(mine[0]).toMatchObject({ id: s.classA.id, alunos: 3, pendentes: 1 });
    expect(mine[0]!.aulas).toEqual([
      expect.objectContaining({ disciplina: 'Matemática', aula: 1, registrada: false, pode_registrar: true }),
    ]);
    const monday = dataOf<RollClass[]>(await get('/api/frequencia/turmas?data=2026-03-16', s.math.cookie));
    expect(monday[0]!.aulas.map((lesson) => lesson.aula)).toEqual([1, 2]);
    const admin = dataOf<RollClass[]>(await get('/api/frequencia/turmas?data=2026-03-20', s.admin.cookie));
    expect(admin.map((item) => item.id).sort()).toEqual([s.classA.id, s.classB.id].sort());
  });

  it('a per-lesson class with no subjects, or none with weekdays, says its grade curricular lacks them', async () => {
    const s = await setupSchool();
    const setGrid = (disciplinas: unknown[]) =>
      send('PUT', `/api/turmas/${s.classB.id}/disciplinas`, s.admin.cookie, {
        frequencia_modo: 'por_aula',
        disciplinas,
      });
    const pickerOf = async (cookie: string) =>
      dataOf<RollClass[]>(await get('/api/frequencia/turmas?data=2026-03-20', cookie)).find(
        (item) => item.id === s.classB.id,
      );
    const rollOf = async (cookie: string) =>
      dataOf<Roll>(await get(`/api/frequencia/turmas/${s.classB.id}?data=2026-03-20`, cookie));

    expect((await setGrid([])).statusCode).toBe(200);
    expect(await pickerOf(s.tutor.cookie)).toMatchObject({ grade_pendente: 'sem_disciplinas', aulas: [] });
    for (const cookie of [s.tutor.cookie, s.admin.cookie]) {
      const roll = await rollOf(cookie);
      expect(roll.grade_pendente).toBe('sem_disciplinas');
      expect(roll.bloqueio).toBe(
        'Esta turma faz a chamada por aula e ainda não tem disciplinas na grade curricular: não há aula para registrar.',
      );
    }

    expect((await setGrid([{ disciplina: 'Arte', aulas_semanais: 2 }])).statusCode).toBe(200);
    expect((await pickerOf(s.admin.cookie))?.grade_pendente).toBe('sem_dias');
    expect((await rollOf(s.admin.cookie)).bloqueio).toBe(
      'A grade curricular desta turma ainda não tem os dias das aulas: não há aula para registrar.',
    );

    // With the days set, a day without a lesson of the class says so (not 'Escolha a disciplina').
    expect((await setGrid([{ disciplina: 'Arte', aulas_semanais: 2, dias_semana: [2] }])).statusCode).toBe(
      200,
    );
    const friday = await rollOf(s.admin.cookie);
    expect(friday.grade_pendente).toBeNull();
    expect(friday.bloqueio).toBe('Não há aula nesta turma em 20/03/2026 pela grade curricular.');
    // A daily class needs no grid at all.
    await send('PUT', `/api/turmas/${s.classB.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'diaria',
      disciplinas: [],
    });
    expect((await pickerOf(s.tutor.cookie))?.grade_pendente).toBeNull();
    expect((await rollOf(s.tutor.cookie)).bloqueio).toBeNull();
    const classA = dataOf<RollClass[]>(await get('/api/frequencia/turmas?data=2026-03-20', s.math.cookie));
    expect(classA[0]?.grade_pendente).toBeNull();
  });
});

describe('chamada', () => {
  it('shows everyone present by default; saving twice is idempotent; later changes are audited', async () => {
    const s = await setupSchool();
    const [a1, a2, a3] = s.a;
    const empty = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classA.id}?data=2026-03-16`, s.math.cookie),
    );
    expect(empty).toMatchObject({ disciplina: 'Matemática', aula: 1, chamada: null, bloqueio: null });
    expect(empty.alunos.every((aluno) => aluno.presente)).toBe(true);
    expect(empty.periodo).toMatchObject({ nome: '1º bimestre', encerrado: false });

    const body = mathRoll('2026-03-16', [
      { aluno_id: a1.id },
      { aluno_id: a2.id, justificativa: 'Atestado' },
    ]);
    const first = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, body);
    expect(first.statusCode).toBe(200);
    const saved = dataOf<Roll>(first);
    const absentIds = saved.alunos.filter((aluno) => !aluno.presente).map((aluno) => aluno.falta!.id);
    expect(absentIds).toHaveLength(2);
    expect(saved.alunos.find((aluno) => aluno.id === a2.id)!.falta).toMatchObject({
      situacao: 'justificada',
    });

    const again = dataOf<Roll>(
      await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, body),
    );
    expect(again.alunos.filter((aluno) => !aluno.presente).map((aluno) => aluno.falta!.id)).toEqual(
      absentIds,
    );
    expect(await t.database.db.select().from(attendanceRolls)).toHaveLength(1);
    expect(await t.database.db.select().from(attendanceAbsences)).toHaveLength(2);
    const corrections = () =>
      t.database.db.select().from(auditLog).where(eq(auditLog.action, 'corrigir_frequencia'));
    expect(await corrections()).toHaveLength(0);

    const changed = await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-03-16', [{ aluno_id: a1.id }, { aluno_id: a3.id }]),
    );
    expect(changed.statusCode).toBe(200);
    const [audit] = await corrections();
    expect(audit!.details).toMatchObject({
      data: '2026-03-16',
      disciplina: 'Matemática',
      antes: [
        { aluno_id: a1.id, justificativa: null },
        { aluno_id: a2.id, justificativa: 'Atestado' },
      ],
      depois: [
        { aluno_id: a1.id, justificativa: null },
        { aluno_id: a3.id, justificativa: null },
      ],
    });
    // a1's absence kept its id through the correction.
    const reopened = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática&aula=1`,
        s.math.cookie,
      ),
    );
    expect(reopened.alunos.find((aluno) => aluno.id === a1.id)!.falta!.id).toBe(
      saved.alunos.find((aluno) => aluno.id === a1.id)!.falta!.id,
    );
    expect(reopened.chamada).not.toBeNull();
  });

  it('the audit of a correction names each student beside the id, on the Auditoria screen and in its CSV', async () => {
    const s = await setupSchool();
    const [a1, a2, a3] = s.a;
    const put = (faltas: { aluno_id: string; justificativa?: string }[]) =>
      send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, mathRoll('2026-03-16', faltas));
    await put([{ aluno_id: a1.id }, { aluno_id: a2.id, justificativa: 'Atestado' }]);
    expect((await put([{ aluno_id: a1.id }, { aluno_id: a3.id }])).statusCode).toBe(200);

    const list = dataOf<Page<{ detalhes: Record<string, unknown> }>>(
      await get('/api/auditoria?acao=corrigir_frequencia', s.admin.cookie),
    );
    expect(list.items).toHaveLength(1);
    const byId = (rows: unknown) =>
      Object.fromEntries(
        (rows as { aluno_id: string; nome: string }[]).map((row) => [row.aluno_id, row.nome]),
      );
    expect(byId(list.items[0]!.detalhes.antes)).toEqual({ [a1.id]: a1.nome, [a2.id]: a2.nome });
    expect(byId(list.items[0]!.detalhes.depois)).toEqual({ [a1.id]: a1.nome, [a3.id]: a3.nome });
    const csv = await get('/api/auditoria?acao=corrigir_frequencia&format=csv', s.admin.cookie);
    expect(csv.statusCode).toBe(200);
    for (const aluno of [a1, a2, a3]) expect(csv.body).toContain(aluno.nome);
  });

  it('refuses a non-letivo day, a day in the future, a day outside the year and a student not in the class', async () => {
    const s = await setupSchool();
    const put = (data: string, faltas: { aluno_id: string }[] = []) =>
      send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, mathRoll(data, faltas));
    const carnaval = await put('2026-02-16');
    expect(carnaval.statusCode).toBe(400);
    expect(messageOf(carnaval)).toBe('16/02/2026 não é dia letivo (Carnaval).');
    expect((await put('2026-03-21')).statusCode).toBe(400);
    const future = await put('2026-03-23');
    expect(future.statusCode).toBe(400);
    expect(messageOf(future)).toMatch(/data futura/);
    expect(messageOf(await put('2026-01-20'))).toMatch(/Não há ano letivo/);
    const outsider = await put('2026-03-18', [{ aluno_id: s.b[0].id }]);
    expect(outsider.statusCode).toBe(400);
    expect(messageOf(outsider)).toBe('Aluno não pertence à turma nesta data.');
    const roll = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classA.id}?data=2026-02-16`, s.math.cookie),
    );
    expect(roll.bloqueio).toBe('16/02/2026 não é dia letivo (Carnaval).');
    expect(await t.database.db.select().from(attendanceRolls)).toHaveLength(0);
  });

  it('answers a bad year or lesson in Portuguese of Brazil, not with the validator’s generic text', async () => {
    const s = await setupSchool();
    const lesson = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      ...mathRoll('2026-03-20', []),
      aula: 99,
    });
    expect(lesson.statusCode).toBe(400);
    expect(messageOf(lesson)).toBe('Aula inválida (no máximo 12 por dia)');
    const asked = await get(`/api/frequencia/turmas/${s.classA.id}?aula=x`, s.math.cookie);
    expect(messageOf(asked)).toBe('Aula inválida');
    for (const url of ['/api/frequencia/alertas?ano=1999', `/api/frequencia/alunos/${s.a[0].id}?ano=abc`]) {
      const response = await get(url, s.admin.cookie);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe('Ano inválido');
    }
  });

  it('a teacher takes only the rolls of their own subject; a daily class takes no subject', async () => {
    const s = await setupSchool();
    const other = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      data: '2026-03-17',
      disciplina: 'Português',
      aula: 1,
      faltas: [],
    });
    expect(other.statusCode).toBe(403);
    expect(messageOf(other)).toBe('Você não leciona Português nesta turma.');
    const outOfGrid = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
      data: '2026-03-17',
      disciplina: 'Química',
      faltas: [],
    });
    expect(outOfGrid.statusCode).toBe(400);
    const noSubject = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      data: '2026-03-17',
      faltas: [],
    });
    expect(noSubject.statusCode).toBe(400);
    const daily = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-17',
      disciplina: 'Matemática',
      faltas: [],
    });
    expect(daily.statusCode).toBe(400);
    expect(
      (
        await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
          data: '2026-03-17',
          faltas: [],
        })
      ).statusCode,
    ).toBe(200);
    // A guardian never reaches the diary.
    expect((await get(`/api/frequencia/turmas/${s.classB.id}`, s.guardian.cookie)).statusCode).toBe(403);
  });

  it('after a period closes only an administrator changes its rolls, and the change is audited', async () => {
    const s = await setupSchool();
    const body = mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]);
    expect((await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, body)).statusCode).toBe(
      200,
    );
    clock.pin('2026-04-27');
    const late = await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-03-16', []),
    );
    // A closed period is a conflict with the calendar (409), the same answer the grade book gives.
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(
      'O 1º bimestre foi encerrado em 24/04/2026. Só a secretaria pode alterar esta frequência.',
    );
    const roll = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática`, s.math.cookie),
    );
    expect(roll.periodo).toMatchObject({ encerrado: true });
    expect(roll.bloqueio).toMatch(/encerrado/);
    const byAdmin = await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.admin.cookie,
      mathRoll('2026-03-16', []),
    );
    expect(byAdmin.statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'corrigir_frequencia'));
    expect(audit!.details).toMatchObject({ antes: [{ aluno_id: s.a[0].id }], depois: [] });
    // The second bimestre is still open for the teacher.
    expect(
      (
        await send(
          'PUT',
          `/api/frequencia/turmas/${s.classA.id}`,
          s.math.cookie,
          mathRoll('2026-04-22', [{ aluno_id: s.a[1].id }]),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('a school day between two periods closes with the one before it and counts in its column', async () => {
    // The 2nd bimestre ends on 03/07 and the 3rd starts on 20/07: 06–17/07 were left between them.
    const s = await setupSchool();
    clock.pin('2026-07-08');
    const saved = await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-07-08', [{ aluno_id: s.a[0].id }]),
    );
    expect(saved.statusCode).toBe(200);
    expect(dataOf<Roll>(saved).periodo).toMatchObject({ nome: '2º bimestre', encerrado: false });
    clock.pin('2026-07-13');
    const late = await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-07-08', []),
    );
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(
      'O 2º bimestre foi encerrado em 10/07/2026. Só a secretaria pode alterar esta frequência.',
    );
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    const math = card.disciplinas.find((subject) => subject.disciplina === 'Matemática')!;
    expect(math.periodos.map((period) => period.faltas)).toEqual([0, 1, 0, 0]);
    // The calendar counts those days in the 2nd bimestre too: the periods add up to the year.
    const [year] = dataOf<SchoolYear[]>(await get('/api/anos-letivos', s.admin.cookie));
    expect(year!.periodos.reduce((sum, period) => sum + period.dias_letivos, 0)).toBe(year!.dias_letivos);
  });

  it('a class with attendance on record cannot be deleted', async () => {
    const s = await setupSchool();
    await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-17',
      faltas: [],
    });
    const other = await insertClass(t, null);
    await send('PUT', `/api/frequencia/turmas/${other.id}`, s.admin.cookie, {
      data: '2026-03-17',
      faltas: [],
    });
    const response = await send('DELETE', `/api/turmas/${other.id}`, s.admin.cookie);
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toMatch(/frequência registrada/);
  });
});

describe('chamada pela grade curricular (issue 29)', () => {
  const rollsOfClass = async (turmaId: string) =>
    t.database.db.select().from(attendanceRolls).where(eq(attendanceRolls.turmaId, turmaId));

  it('refuses a lesson the timetable does not have that weekday, for everyone, and records nothing', async () => {
    const s = await setupSchool();
    const turma = s.classA.nome;
    // Friday 20/03: Matemática (5 a week on Mon/Wed/Fri) has one lesson; Português (Tue/Thu) none.
    const twelfth = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      ...mathRoll('2026-03-20', [{ aluno_id: s.a[0].id }]),
      aula: 12,
    });
    expect(twelfth.statusCode).toBe(400);
    expect(messageOf(twelfth)).toBe(
      `A turma ${turma} não tem a 12ª aula de Matemática na sexta-feira (20/03/2026): a grade curricular tem 1 aula de Matemática nesse dia.`,
    );
    expect(twelfth.json<{ details: { path: string }[] }>().details[0]!.path).toBe('aula');
    const second = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
      ...mathRoll('2026-03-20', []),
      aula: 2,
    });
    expect(second.statusCode).toBe(400);
    const noLessonToday = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
      data: '2026-03-20',
      disciplina: 'Português',
      aula: 1,
      faltas: [{ aluno_id: s.a[0].id }],
    });
    expect(noLessonToday.statusCode).toBe(400);
    expect(messageOf(noLessonToday)).toBe(
      `A turma ${turma} não tem aula de Português na sexta-feira (20/03/2026) pela grade curricular.`,
    );
    expect(await rollsOfClass(s.classA.id)).toEqual([]);
    const figures = dataOf<StudentAttendance>(
      await get(`/api/frequencia/alunos/${s.a[0].id}`, s.admin.cookie),
    );
    expect(figures.geral).toMatchObject({ aulas_dadas: 0, faltas: 0 });

    // The lessons the grid has are taken as before: Monday has two of Matemática.
    for (const aula of [1, 2])
      expect(
        (
          await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
            ...mathRoll('2026-03-16', []),
            aula,
          })
        ).statusCode,
      ).toBe(200);
    // The roll screen says why before anyone types a mark.
    const asked = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-20&disciplina=Matemática&aula=3`,
        s.math.cookie,
      ),
    );
    expect(asked.bloqueio).toBe(
      `A turma ${turma} não tem a 3ª aula de Matemática na sexta-feira (20/03/2026): a grade curricular tem 1 aula de Matemática nesse dia.`,
    );
  });

  it('a roll on record outside today’s grid still counts; only the administrator corrects it, and it can be removed', async () => {
    const s = await setupSchool();
    const [a1] = s.a;
    // Monday 16/03 had two lessons of Matemática; then the grid moves them all to Wed/Fri.
    for (const aula of [1, 2])
      await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
        ...mathRoll('2026-03-16', aula === 2 ? [{ aluno_id: a1.id }] : []),
        aula,
      });
    const grade = dataOf<Curriculum>(await get(`/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie));
    const regrid = await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'por_aula',
      version: grade.version,
      disciplinas: grade.disciplinas.map((item) => ({
        disciplina: item.disciplina,
        professor_id: item.professor?.id ?? null,
        aulas_semanais: item.aulas_semanais,
        dias_semana: item.disciplina === 'Matemática' ? [3, 5] : item.dias_semana,
      })),
    });
    expect(regrid.statusCode).toBe(200);

    const monday = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática&aula=2`,
        s.math.cookie,
      ),
    );
    expect(monday.aulas).toEqual([
      expect.objectContaining({ aula: 1, registrada: true, pode_registrar: false, fora_da_grade: true }),
      expect.objectContaining({ aula: 2, registrada: true, pode_registrar: false, fora_da_grade: true }),
    ]);
    expect(monday.bloqueio).toMatch(
      /não tem aula de Matemática na segunda-feira .* só a secretaria pode alterá-la/,
    );
    expect(monday.chamada?.pode_remover).toBe(true);
    // Given lessons are records: they still count.
    const figures = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${a1.id}`, s.admin.cookie));
    expect(figures.geral).toMatchObject({ aulas_dadas: 2, faltas: 1 });

    const byTeacher = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: a1.id }, { aluno_id: s.a[1].id }]),
      aula: 2,
    });
    expect(byTeacher.statusCode).toBe(409);
    const byAdmin = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: a1.id, justificativa: 'Atestado' }]),
      aula: 2,
    });
    expect(byAdmin.statusCode).toBe(200);
    const removed = await send('DELETE', `/api/frequencia/chamadas/${monday.chamada!.id}`, s.math.cookie, {
      motivo: 'Aula que não houve',
    });
    expect(removed.statusCode).toBe(200);
    expect(await rollsOfClass(s.classA.id)).toHaveLength(1);
  });
});

describe('remover chamada', () => {
  const remove = (id: string, cookie: string, body?: object) =>
    send('DELETE', `/api/frequencia/chamadas/${id}`, cookie, body);

  it('a roll taken by mistake goes with its absences and a reason: the lesson stops counting, audited with names', async () => {
    const s = await setupSchool();
    const [a1, a2] = s.a;
    const wrong = dataOf<Roll>(
      await send(
        'PUT',
        `/api/frequencia/turmas/${s.classA.id}`,
        s.math.cookie,
        mathRoll('2026-03-16', [{ aluno_id: a1.id }, { aluno_id: a2.id, justificativa: 'Atestado' }]),
      ),
    );
    await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, mathRoll('2026-03-18', []));
    expect(wrong.chamada).toMatchObject({ pode_remover: true });
    const id = wrong.chamada!.id;
    expect(
      dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${a1.id}`, s.admin.cookie)).geral,
    ).toMatchObject({ aulas_dadas: 2, faltas: 1 });

    // The reason is required, in plain Portuguese, with or without a body.
    for (const body of [{}, { motivo: ' ' }, undefined]) {
      const refused = await remove(id, s.math.cookie, body);
      expect(refused.statusCode).toBe(400);
      expect(messageOf(refused)).toBe('Informe o motivo da remoção');
    }
    expect(
      (await remove(id, s.math.cookie, {})).json<{ details: { path: string }[] }>().details[0]!.path,
    ).toBe('motivo');

    const removed = await remove(id, s.math.cookie, { motivo: 'Chamada feita na turma errada' });
    expect(removed.statusCode).toBe(200);
    expect(messageOf(removed)).toBe('Chamada removida.');
    const rolls = await t.database.db.select().from(attendanceRolls);
    expect(rolls.map((roll) => roll.data)).toEqual(['2026-03-18']);
    expect(await t.database.db.select().from(attendanceAbsences)).toHaveLength(0);
    expect(
      dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${a1.id}`, s.admin.cookie)).geral,
    ).toMatchObject({ aulas_dadas: 1, faltas: 0, frequencia: 100 });
    const reopened = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática&aula=1`,
        s.math.cookie,
      ),
    );
    expect(reopened.chamada).toBeNull();
    expect(reopened.alunos.every((aluno) => aluno.presente)).toBe(true);

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'chamada'));
    expect(audit).toMatchObject({ action: 'excluir', entityId: id });
    const absent = [
      { aluno_id: a1.id, nome: a1.nome, justificativa: null, abonada: false },
      { aluno_id: a2.id, nome: a2.nome, justificativa: 'Atestado', abonada: false },
    ].sort((x, y) => x.nome.toLowerCase().localeCompare(y.nome.toLowerCase()));
    expect(audit!.details).toEqual({
      motivo: 'Chamada feita na turma errada',
      turma_id: s.classA.id,
      turma_nome: s.classA.nome,
      data: '2026-03-16',
      disciplina: 'Matemática',
      aula: 1,
      registrada_por: s.math.user.nome,
      registrada_em: expect.any(String),
      faltas: absent,
    });
    // Gone: a second removal finds nothing.
    expect((await remove(id, s.math.cookie, { motivo: 'De novo' })).statusCode).toBe(404);
  });

  it('an administrator removes any roll; a teacher only one they may change; outside the class or subject it is a 404', async () => {
    const s = await setupSchool();
    const math = dataOf<Roll>(
      await send(
        'PUT',
        `/api/frequencia/turmas/${s.classA.id}`,
        s.math.cookie,
        mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]),
      ),
    ).chamada!.id;
    const daily = dataOf<Roll>(
      await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
        data: '2026-03-16',
        faltas: [],
      }),
    ).chamada!.id;
    const motivo = { motivo: 'Lançada por engano' };
    // Another subject's teacher of the same class, and a teacher of another class: not found.
    for (const [id, cookie] of [
      [math, s.portuguese.cookie],
      [math, s.tutor.cookie],
      [daily, s.math.cookie],
    ] as const) {
      const response = await remove(id, cookie, motivo);
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe('Chamada não encontrada.');
    }
    expect((await remove(math, s.guardian.cookie, motivo)).statusCode).toBe(403);
    expect((await remove(s.classA.id, s.admin.cookie, motivo)).statusCode).toBe(404);

    // After the period closes the teacher may not change the roll, so may not remove it either.
    clock.pin('2026-04-27');
    const late = await remove(math, s.math.cookie, motivo);
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(
      'O 1º bimestre foi encerrado em 24/04/2026. Só a secretaria pode alterar esta frequência.',
    );
    const asTeacher = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática`, s.math.cookie),
    );
    expect(asTeacher.chamada).toMatchObject({ pode_remover: false });
    const asAdmin = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática`,
        s.admin.cookie,
      ),
    );
    expect(asAdmin.chamada).toMatchObject({ pode_remover: true });
    expect((await remove(math, s.admin.cookie, motivo)).statusCode).toBe(200);
    expect((await remove(daily, s.admin.cookie, motivo)).statusCode).toBe(200);
    expect(await t.database.db.select().from(attendanceRolls)).toHaveLength(0);
  });
});

describe('frequência do aluno', () => {
  async function takeWeekOfB(s: Awaited<ReturnType<typeof setupSchool>>) {
    const [b1, b2] = s.b;
    const days: [string, { aluno_id: string; justificativa?: string }[]][] = [
      ['2026-03-16', [{ aluno_id: b1.id }]],
      ['2026-03-17', [{ aluno_id: b1.id, justificativa: 'Consulta médica' }, { aluno_id: b2.id }]],
      ['2026-03-18', []],
      ['2026-03-19', []],
      ['2026-03-20', []],
    ];
    for (const [data, faltas] of days) {
      const response = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
        data,
        faltas,
      });
      expect(response.statusCode).toBe(200);
    }
  }

  it('% = (given − counted) / given: justified absences count, abonadas do not', async () => {
    const s = await setupSchool();
    await takeWeekOfB(s);
    const [b1, b2] = s.b;
    const first = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b1.id}`, s.admin.cookie));
    expect(first.geral).toEqual({
      aulas_dadas: 5,
      faltas: 2,
      faltas_justificadas: 1,
      faltas_abonadas: 0,
      frequencia: 60,
      abaixo_minimo: true,
      acima_limite_conselho: true,
    });
    expect(first.faltas.map((falta) => [falta.data, falta.situacao])).toEqual([
      ['2026-03-17', 'justificada'],
      ['2026-03-16', 'injustificada'],
    ]);
    const second = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b2.id}`, s.admin.cookie));
    expect(second.geral).toMatchObject({ aulas_dadas: 5, faltas: 1, frequencia: 80 });
    const absenceId = second.faltas[0]!.id;

    expect(
      (
        await send('POST', `/api/frequencia/faltas/${absenceId}/abonar`, s.tutor.cookie, {
          motivo: 'Lei 6.202/75',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/frequencia/faltas/${absenceId}/abonar`, s.admin.cookie, {})).statusCode,
    ).toBe(400);
    const excused = await send('POST', `/api/frequencia/faltas/${absenceId}/abonar`, s.admin.cookie, {
      motivo: 'Exercício domiciliar (Decreto-Lei 1.044/1969)',
    });
    expect(excused.statusCode).toBe(200);
    expect(dataOf<StudentAttendance>(excused).geral).toMatchObject({
      aulas_dadas: 5,
      faltas: 0,
      faltas_abonadas: 1,
      frequencia: 100,
    });
    expect(dataOf<StudentAttendance>(excused).faltas[0]).toMatchObject({
      situacao: 'abonada',
      abono_motivo: 'Exercício domiciliar (Decreto-Lei 1.044/1969)',
    });
    expect(
      (
        await send('POST', `/api/frequencia/faltas/${absenceId}/abonar`, s.admin.cookie, {
          motivo: 'De novo',
        })
      ).statusCode,
    ).toBe(409);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'abonar_falta'));
    expect(audit!.entityId).toBe(absenceId);
    // Saving the roll again keeps the abono.
    await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-17',
      faltas: [{ aluno_id: b1.id, justificativa: 'Consulta médica' }, { aluno_id: b2.id }],
    });
    const still = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b2.id}`, s.admin.cookie));
    expect(still.faltas[0]).toMatchObject({ id: absenceId, situacao: 'abonada' });
  });

  it('an abono given by mistake is undone with a reason: the absence counts again, audited', async () => {
    const s = await setupSchool();
    await takeWeekOfB(s);
    const b2 = s.b[1];
    const absenceId = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b2.id}`, s.admin.cookie))
      .faltas[0]!.id;
    const undo = (cookie: string, body: object) =>
      send('POST', `/api/frequencia/faltas/${absenceId}/desabonar`, cookie, body);
    expect((await undo(s.admin.cookie, { motivo: 'Não estava abonada' })).statusCode).toBe(409);
    await send('POST', `/api/frequencia/faltas/${absenceId}/abonar`, s.admin.cookie, {
      motivo: 'Atestado de outro aluno',
    });
    expect((await undo(s.tutor.cookie, { motivo: 'Engano' })).statusCode).toBe(403);
    expect((await undo(s.admin.cookie, {})).statusCode).toBe(400);
    const undone = await undo(s.admin.cookie, { motivo: 'Abonada no aluno errado' });
    expect(undone.statusCode).toBe(200);
    expect(messageOf(undone)).toBe('Abono desfeito; a falta volta a contar.');
    expect(dataOf<StudentAttendance>(undone).geral).toMatchObject({
      faltas: 1,
      faltas_abonadas: 0,
      frequencia: 80,
    });
    expect(dataOf<StudentAttendance>(undone).faltas[0]).toMatchObject({
      id: absenceId,
      situacao: 'injustificada',
      abono_motivo: null,
    });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'desfazer_abono'));
    expect(audit).toMatchObject({ entityId: absenceId });
    expect(audit!.details).toMatchObject({
      motivo: 'Abonada no aluno errado',
      antes: { abonada: true, abono_motivo: 'Atestado de outro aluno' },
      depois: { abonada: false },
    });
  });

  it('per subject in a per-lesson class; a teacher sees only their subject', async () => {
    const s = await setupSchool();
    const [a1] = s.a;
    await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-03-16', [{ aluno_id: a1.id }]),
    );
    await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      ...mathRoll('2026-03-16', []),
      aula: 2,
    });
    await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.portuguese.cookie, {
      data: '2026-03-17',
      disciplina: 'Português',
      faltas: [{ aluno_id: a1.id }],
    });
    const all = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${a1.id}`, s.admin.cookie));
    expect(all.geral).toMatchObject({ aulas_dadas: 3, faltas: 2, frequencia: 33.3 });
    expect(
      all.por_disciplina.map((item) => [item.disciplina, item.aulas_dadas, item.faltas, item.frequencia]),
    ).toEqual([
      ['Matemática', 2, 1, 50],
      ['Português', 1, 1, 0],
    ]);
    const mathView = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${a1.id}`, s.math.cookie));
    expect(mathView.por_disciplina.map((item) => item.disciplina)).toEqual(['Matemática']);
    expect(mathView.faltas.map((falta) => falta.disciplina)).toEqual(['Matemática']);
  });

  it('a teacher reads only the lessons they teach: no earlier class, no other subject, no other justification (issue 29)', async () => {
    const s = await setupSchool();
    const moved = s.b[0];
    // In B (daily, the tutor's) moved was away two days, once with a medical certificate.
    for (const [data, faltas] of [
      ['2026-03-16', [{ aluno_id: moved.id }]],
      ['2026-03-17', [{ aluno_id: moved.id, justificativa: 'Atestado médico: gastroenterite' }]],
    ] as const)
      expect(
        (await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, { data, faltas }))
          .statusCode,
      ).toBe(200);
    // From 18/03 in A: one lesson of Matemática (Wed) and one of Português (Thu), away at both.
    const enrol = await send('POST', `/api/turmas/${s.classA.id}/alunos`, s.admin.cookie, {
      aluno_id: moved.id,
      data_enturmacao: '2026-03-18',
    });
    expect(enrol.statusCode).toBe(201);
    await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-03-18', [{ aluno_id: moved.id }]),
    );
    await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.portuguese.cookie, {
      data: '2026-03-19',
      disciplina: 'Português',
      aula: 1,
      faltas: [{ aluno_id: moved.id, justificativa: 'Consulta no dentista' }],
    });

    const school = dataOf<StudentAttendance>(
      await get(`/api/frequencia/alunos/${moved.id}?ano=2026`, s.admin.cookie),
    );
    expect(school.geral).toMatchObject({ aulas_dadas: 4, faltas: 4 });
    expect(school.somente_aulas_do_professor).toBe(false);

    const response = await get(`/api/frequencia/alunos/${moved.id}?ano=2026`, s.math.cookie);
    const mathView = dataOf<StudentAttendance>(response);
    expect(mathView.somente_aulas_do_professor).toBe(true);
    expect(mathView.geral).toMatchObject({ aulas_dadas: 1, faltas: 1, faltas_justificadas: 0 });
    expect(mathView.por_disciplina.map((item) => [item.disciplina, item.aulas_dadas])).toEqual([
      ['Matemática', 1],
    ]);
    expect(mathView.faltas.map((falta) => [falta.data, falta.turma_nome, falta.disciplina])).toEqual([
      ['2026-03-18', s.classA.nome, 'Matemática'],
    ]);
    expect(response.body).not.toContain('Atestado');
    expect(response.body).not.toContain('dentista');

    const portugueseView = dataOf<StudentAttendance>(
      await get(`/api/frequencia/alunos/${moved.id}?ano=2026`, s.portuguese.cookie),
    );
    expect(portugueseView.faltas.map((falta) => [falta.disciplina, falta.justificativa])).toEqual([
      ['Português', 'Consulta no dentista'],
    ]);
    expect(portugueseView.geral).toMatchObject({ aulas_dadas: 1, faltas: 1, faltas_justificadas: 1 });

    // The alert lists count the same lessons for the teacher.
    const alerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas?ano=2026', s.math.cookie));
    expect(
      alerts.conselho_tutelar
        .filter((alert) => alert.aluno.id === moved.id)
        .map((alert) => [alert.aulas_dadas, alert.faltas]),
    ).toEqual([[1, 1]]);
    const schoolAlerts = dataOf<AttendanceAlerts>(
      await get('/api/frequencia/alertas?ano=2026', s.admin.cookie),
    );
    expect(
      schoolAlerts.conselho_tutelar
        .filter((alert) => alert.aluno.id === moved.id)
        .map((alert) => [alert.aulas_dadas, alert.faltas]),
    ).toEqual([[4, 4]]);
  });

  it('a student enrolled mid-year counts only the days they belonged; a transfer splits the count', async () => {
    const s = await setupSchool();
    const late = await insertStudent(t, null);
    const enrol = await send('POST', `/api/turmas/${s.classB.id}/alunos`, s.admin.cookie, {
      aluno_id: late.id,
      data_enturmacao: '2026-03-18',
    });
    expect(enrol.statusCode).toBe(201);
    expect(
      (
        await send('POST', `/api/turmas/${s.classB.id}/alunos`, s.admin.cookie, {
          aluno_id: late.id,
          data_enturmacao: '2026-03-30',
        })
      ).statusCode,
    ).toBe(400);
    const before = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classB.id}?data=2026-03-17`, s.tutor.cookie),
    );
    expect(before.alunos.map((aluno) => aluno.id)).not.toContain(late.id);
    const notYet = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-17',
      faltas: [{ aluno_id: late.id }],
    });
    expect(notYet.statusCode).toBe(400);
    await takeWeekOfB(s);
    const figures = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${late.id}`, s.admin.cookie));
    expect(figures.geral).toMatchObject({ aulas_dadas: 3, faltas: 0, frequencia: 100 });

    // b2 moves to a new daily class from 19/03: B counts 16–18, the new class 19–20.
    const other = await insertClass(t, null);
    const moved = await send('POST', `/api/turmas/${other.id}/alunos`, s.admin.cookie, {
      aluno_id: s.b[1].id,
      data_enturmacao: '2026-03-19',
    });
    expect(moved.statusCode).toBe(201);
    for (const data of ['2026-03-19', '2026-03-20'])
      await send('PUT', `/api/frequencia/turmas/${other.id}`, s.admin.cookie, {
        data,
        faltas: [{ aluno_id: s.b[1].id }],
      });
    const split = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${s.b[1].id}`, s.admin.cookie));
    // B: 3 rolls (one absence on 17/03); new class: 2 rolls, 2 absences.
    expect(split.geral).toMatchObject({ aulas_dadas: 5, faltas: 3, frequencia: 40 });
    expect(new Set(split.faltas.map((falta) => falta.turma_nome)).size).toBe(2);
  });

  it('a guardian sees their own child even with overdue tuition, and never another child (404)', async () => {
    const s = await setupSchool();
    await takeWeekOfB(s);
    await t.database.db.insert(mensalidades).values({
      alunoId: s.b[0].id,
      turmaId: s.classB.id,
      mesReferencia: '2026-02',
      dataVencimento: '2026-02-10',
      valorOriginal: 85_000,
      valor: 85_000,
    });
    const own = await get(`/api/frequencia/alunos/${s.b[0].id}`, s.guardian.cookie);
    expect(own.statusCode).toBe(200);
    expect(dataOf<StudentAttendance>(own).geral).toMatchObject({ aulas_dadas: 5, faltas: 2, frequencia: 60 });
    expect(dataOf<StudentAttendance>(own).faltas).toHaveLength(2);
    expect((await get(`/api/frequencia/alunos/${s.b[1].id}`, s.guardian.cookie)).statusCode).toBe(404);
    const home = dataOf<DashboardResponsavel>(await get('/api/dashboard/stats', s.guardian.cookie));
    expect(home.filhos.find((filho) => filho.id === s.b[0].id)).toMatchObject({
      frequencia: 60,
      abaixo_minimo: true,
    });
  });
});

describe('painel do responsável', () => {
  it('reads one absence on the first school day against the year: the absences, the lessons and the year’s limit', async () => {
    clock.pin('2026-02-02');
    const s = await setupSchool();
    const roll = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-02-02',
      faltas: [{ aluno_id: s.b[0].id }],
    });
    expect(roll.statusCode).toBe(200);
    const home = dataOf<DashboardResponsavel>(await get('/api/dashboard/stats', s.guardian.cookie));
    // A daily class: the figure (0,0 %, below 75 % as the rule says) in days, and the year's 215 school
    // days (1 given + 214 still ahead) allow 53 absences.
    expect(home.filhos.find((filho) => filho.id === s.b[0].id)).toMatchObject({
      frequencia: 0,
      abaixo_minimo: true,
      aulas_dadas: 1,
      faltas: 1,
      por_dia: true,
      previstas_ano: 215,
      limite_faltas_ano: 53,
    });
    // A per-lesson class: the lessons its grid schedules on the school days ahead (9 a week).
    const ahead = classifyDays('2026-02-03', '2026-12-11', [], [{ inicio: '2026-02-02', fim: '2026-12-11' }])
      .filter((day) => day.letivo)
      .reduce(
        (sum, day) =>
          sum +
          lessonsOnWeekday(5, [1, 3, 5], weekdayOf(day.data)) +
          lessonsOnWeekday(4, [2, 4], weekdayOf(day.data)),
        0,
      );
    expect(ahead).toBeGreaterThan(380);
    expect(home.filhos.find((filho) => filho.id === s.a[0].id)).toMatchObject({
      frequencia: null,
      abaixo_minimo: false,
      aulas_dadas: 0,
      faltas: 0,
      por_dia: false,
      previstas_ano: ahead,
      limite_faltas_ano: Math.floor(ahead / 4),
    });
    // A per-lesson grid without the days of its lessons: the year's total is not known.
    await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'por_aula',
      disciplinas: [{ disciplina: 'Matemática', aulas_semanais: 5 }],
    });
    const later = dataOf<DashboardResponsavel>(await get('/api/dashboard/stats', s.guardian.cookie));
    expect(later.filhos.find((filho) => filho.id === s.a[0].id)).toMatchObject({
      previstas_ano: null,
      limite_faltas_ano: null,
    });
  });
});

describe('alertas, Conselho Tutelar, mês da turma e painel', () => {
  it('lists students below 75 % and past the Conselho Tutelar line; the letter is recorded and printable', async () => {
    const s = await setupSchool();
    const [b1, b2] = s.b;
    // Twenty days of B: b1 misses 6 (70 %), b2 misses 2 (90 %: past 7.5 %, not below 75 %).
    const roll = classifyDays('2026-02-02', '2026-03-19', [], [{ inicio: '2026-02-02', fim: '2026-12-11' }])
      .filter((day) => day.letivo)
      .map((day) => day.data)
      .slice(0, 20);
    expect(roll).toHaveLength(20);
    for (const [index, data] of roll.entries()) {
      const faltas = [
        ...(index < 6 ? [{ aluno_id: b1.id }] : []),
        ...(index >= 10 && index < 12 ? [{ aluno_id: b2.id }] : []),
      ];
      const response = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
        data,
        faltas,
      });
      expect(response.statusCode).toBe(200);
    }
    const alerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', s.admin.cookie));
    expect(alerts).toMatchObject({ ano: 2026, frequencia_minima: 75, limite_conselho: 7.5 });
    expect(alerts.abaixo_minimo.map((alert) => [alert.aluno.id, alert.frequencia])).toEqual([[b1.id, 70]]);
    expect(alerts.conselho_tutelar.map((alert) => [alert.aluno.id, alert.frequencia])).toEqual([
      [b1.id, 70],
      [b2.id, 90],
    ]);
    // A teacher sees only the alerts of their own classes.
    const mathAlerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', s.math.cookie));
    expect(mathAlerts.conselho_tutelar).toEqual([]);

    // The school's phone, typed as digits in Configurações → Escola (a new school has none).
    const identity = dataOf<{ version: number }>(await get('/api/configuracoes/escola', s.admin.cookie));
    const named = await send('PUT', '/api/configuracoes/escola', s.admin.cookie, {
      nome: 'Escola Girassol',
      telefone: '1134567890',
      version: identity.version,
    });
    expect(named.statusCode, named.body).toBe(200);
    const issued = await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, { aluno_id: b1.id });
    expect(issued.statusCode).toBe(201);
    const notice = dataOf<TutelaryNotification>(issued);
    expect(notice).toMatchObject({ aulas_dadas: 20, faltas: 6, frequencia: 70 });
    const pdf = await get(`/api/frequencia/notificacoes/${notice.id}/pdf`, s.admin.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The school's phone as people write it, not its bare digits.
    expect(pdfText(pdf.rawPayload)).toContain('(11) 3456-7890');
    expect(pdfText(pdf.rawPayload)).not.toContain('1134567890');
    const after = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', s.admin.cookie));
    expect(after.abaixo_minimo[0]!.ultima_notificacao).toMatchObject({ id: notice.id });
    expect((await get(`/api/frequencia/notificacoes/${notice.id}/pdf`, s.tutor.cookie)).statusCode).toBe(403);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notificar_conselho_tutelar'));
    expect(audit!.entityId).toBe(b1.id);
    // Not past the line: refused.
    const fine = await insertStudent(t, s.classB.id);
    expect(
      (await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, { aluno_id: fine.id })).statusCode,
    ).toBe(409);
  });

  it('a Conselho Tutelar letter asked without a student names the missing field, not a bad id', async () => {
    const s = await setupSchool();
    const missing = await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Campo obrigatório',
      details: [{ path: 'aluno_id', message: 'Campo obrigatório' }],
    });
    const malformed = await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, { aluno_id: 'abc' });
    expect(malformed.json()).toMatchObject({
      details: [{ path: 'aluno_id', message: 'Identificador inválido' }],
    });
  });

  it('the alerts of a class outside the teacher’s scope are 404, as every other class route', async () => {
    const s = await setupSchool();
    const alertsOf = (turmaId: string, cookie: string) =>
      get(`/api/frequencia/alertas?turma_id=${turmaId}`, cookie);
    expect((await alertsOf(s.classB.id, s.math.cookie)).statusCode).toBe(404);
    expect((await alertsOf(s.classB.id, s.math.cookie)).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Turma não encontrada.',
    });
    expect((await alertsOf(s.classA.id, s.tutor.cookie)).statusCode).toBe(404);
    expect((await alertsOf(s.classA.id, s.math.cookie)).statusCode).toBe(200);
    expect((await alertsOf(s.classB.id, s.tutor.cookie)).statusCode).toBe(200);
    expect((await alertsOf(s.classB.id, s.admin.cookie)).statusCode).toBe(200);
    // A class that does not exist at all: 404 to everyone.
    expect((await alertsOf('00000000-0000-4000-8000-000000000000', s.admin.cookie)).statusCode).toBe(404);
  });

  it('the class month shows students × days; the dashboard shows real attendance per class', async () => {
    const s = await setupSchool();
    const late = await insertStudent(t, null);
    await send('POST', `/api/turmas/${s.classB.id}/alunos`, s.admin.cookie, {
      aluno_id: late.id,
      data_enturmacao: '2026-03-18',
    });
    for (const [data, faltas] of [
      ['2026-03-16', [{ aluno_id: s.b[0].id }]],
      ['2026-03-18', [{ aluno_id: late.id }]],
    ] as const)
      await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, { data, faltas });
    const month = dataOf<ClassMonth>(
      await get(`/api/frequencia/turmas/${s.classB.id}/mes?mes=2026-03`, s.tutor.cookie),
    );
    expect(month.dias).toHaveLength(31);
    expect(month.dias[15]).toMatchObject({ data: '2026-03-16', letivo: true, chamadas: 1 });
    const line = (id: string) => month.alunos.find((aluno) => aluno.id === id)!;
    expect(line(s.b[0].id).faltas.slice(14, 19)).toEqual([null, 1, null, 0, null]);
    expect(line(late.id).faltas.slice(14, 19)).toEqual([null, null, null, 1, null]);
    expect(line(late.id)).toMatchObject({ aulas_dadas: 1, total_faltas: 1, frequencia: 0 });
    expect(line(s.b[1].id)).toMatchObject({ aulas_dadas: 2, total_faltas: 0, frequencia: 100 });
    expect(
      (await get(`/api/frequencia/turmas/${s.classB.id}/mes?mes=2026-13`, s.tutor.cookie)).statusCode,
    ).toBe(400);

    const home = dataOf<DashboardEscola>(await get('/api/dashboard/stats', s.admin.cookie));
    // B: 2 rolls × 2 students + 1 roll × the late one = 5 given, 2 counted absences.
    expect(home.frequencia_media).toBe(60);
    expect(home.performance_turmas).toEqual([{ turma: s.classB.nome, media: null, frequencia: 60 }]);
  });
});
