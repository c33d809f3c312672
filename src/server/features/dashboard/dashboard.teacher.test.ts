import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardProfessor } from '../../../shared/dashboard.schemas.js';
import { clock } from '../../lib/clock.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { dataOf, insertClass, insertStudent, insertTeacher } from '../../test/records-fixtures.js';
import { createSchoolYear } from '../../test/school-fixtures.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { dropCalendarSnapshot } from '../calendar/calendar.service.js';
import { classes } from '../../db/schema/classes.js';
import { schoolPeriods } from '../../db/schema/calendar.js';
import { assessments } from '../../db/schema/grades.js';

const t = setupTestApp();
const { get } = requestsOf(() => t.app);

beforeEach(() => clock.pin('2026-04-20'));
afterEach(() => clock.unpin());

/** The 2026 year in bimestres: the 1st ends on 17/04 and closes on 24/04 (within a week of 20/04). */
async function openYear() {
  const admin = await signedIn(t, 'administrador');
  await createSchoolYear(t, admin.cookie);
  const [first] = await t.database.db.select().from(schoolPeriods).orderBy(schoolPeriods.numero).limit(1);
  return { admin, firstPeriod: first! };
}

/**
 * A teacher with `count` classes of two students each, every kind the home reads: daily classes they
 * are responsible for and per-lesson ones where they teach Matemática (Mon/Wed/Fri), each with a roll
 * taken, an assessment without grades and the 1st bimestre closing within the week.
 */
async function teacherWithClasses(count: number, periodoId: string) {
  const login = await signedIn(t, 'professor');
  const teacher = await insertTeacher(t, login.user.id);
  for (let index = 0; index < count; index++) {
    const daily = index % 2 === 0;
    const turma = await insertClass(t, daily ? teacher.id : null);
    await t.app.ctx.db.insert(classSubjects).values({
      turmaId: turma.id,
      disciplina: 'Matemática',
      professorId: teacher.id,
      aulasSemanais: 3,
      diasSemana: [1, 3, 5],
    });
    if (!daily)
      await t.app.ctx.db.update(classes).set({ frequenciaModo: 'por_aula' }).where(eq(classes.id, turma.id));
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    await t.app.ctx.db.insert(attendanceRolls).values({
      turmaId: turma.id,
      data: '2026-03-16',
      aula: daily ? 0 : 1,
      disciplina: daily ? null : 'Matemática',
    });
    await t.app.ctx.db.insert(assessments).values({
      turmaId: turma.id,
      disciplina: 'Matemática',
      periodoId,
      nome: `Prova ${String(index + 1)}`,
      data: '2026-04-10',
    });
  }
  return login;
}

describe('the teacher’s home costs the same whatever the number of classes', () => {
  it('sends as many queries for a teacher of 10 classes as for one of 2', async () => {
    const { firstPeriod } = await openYear();
    const few = await teacherWithClasses(2, firstPeriod.id);
    const many = await teacherWithClasses(10, firstPeriod.id);
    const home = async (cookie: string) => {
      // Warm (the session), then count one request with the calendar read again like the first time.
      expect((await get('/api/dashboard/stats', cookie)).statusCode).toBe(200);
      dropCalendarSnapshot(t.database.db);
      let stats: DashboardProfessor | undefined;
      const queries = await t.queriesOf(async () => {
        stats = dataOf<DashboardProfessor>(await get('/api/dashboard/stats', cookie));
      });
      return { stats: stats!, queries };
    };
    const two = await home(few.cookie);
    const ten = await home(many.cookie);
    // The figures really cover every class (the count below is not of an empty home).
    expect(two.stats.turmas).toHaveLength(2);
    expect(ten.stats.turmas).toHaveLength(10);
    expect(ten.stats.avaliacoes_pendentes).toHaveLength(10);
    expect(ten.stats.periodos_fechando).toHaveLength(10);
    expect(ten.queries.length).toBe(two.queries.length);
  });
});

describe('today’s rolls on a day without class', () => {
  it('point to the latest school day: the Monday before Tiradentes, the Friday before a Saturday', async () => {
    await openYear();
    const login = await signedIn(t, 'professor');
    const read = async (day: string) => {
      clock.pin(day);
      return dataOf<DashboardProfessor>(await get('/api/dashboard/stats', login.cookie)).chamadas_hoje;
    };
    expect(await read('2026-04-20')).toMatchObject({ dia: { letivo: true }, ultimo_dia_letivo: null });
    expect(await read('2026-04-21')).toMatchObject({
      dia: { letivo: false },
      ultimo_dia_letivo: '2026-04-20',
    });
    expect(await read('2026-04-25')).toMatchObject({
      dia: { letivo: false },
      ultimo_dia_letivo: '2026-04-24',
    });
  });
});

describe('the teacher’s “Minhas turmas”', () => {
  it('lists the classes in progress, not last year’s concluded ones', async () => {
    await openYear();
    const login = await signedIn(t, 'professor');
    const teacher = await insertTeacher(t, login.user.id);
    const current = await insertClass(t, teacher.id, 25, { nome: '3º Ano A' });
    await insertStudent(t, current.id, undefined, '2026-02-02');
    await insertClass(t, teacher.id, 25, { nome: '3º Ano A', anoLetivo: '2025', status: 'concluido' });
    const stats = dataOf<DashboardProfessor>(await get('/api/dashboard/stats', login.cookie));
    expect(stats.turmas.map((turma) => [turma.id, turma.alunos_count])).toEqual([[current.id, 1]]);
    expect(stats.total_turmas).toBe(1);
    expect(stats.total_alunos).toBe(1);
  });
});

describe('the teacher’s “Minhas turmas” in December', () => {
  it('lists this school year’s classes; next year’s, opened for the rematrícula, come apart under their year', async () => {
    await openYear();
    clock.pin('2026-12-07');
    const login = await signedIn(t, 'professor');
    const teacher = await insertTeacher(t, login.user.id);
    const current = await insertClass(t, teacher.id, 25, { nome: '3º Ano A' });
    await insertStudent(t, current.id, undefined, '2026-02-02');
    const next = await insertClass(t, teacher.id, 25, {
      nome: '4º Ano A',
      serie: '4º ano',
      anoLetivo: '2027',
    });
    await insertStudent(t, next.id, undefined, '2026-12-01');
    const preschool = await insertClass(t, teacher.id, 20, {
      nome: 'Pré I A',
      serie: 'Pré I',
      nivel: 'Educação Infantil',
      anoLetivo: '2027',
    });
    // A 2025 class the school left 'ativo' is neither this year's nor next year's.
    await insertClass(t, teacher.id, 25, { nome: '2º Ano A', serie: '2º ano', anoLetivo: '2025' });
    const stats = dataOf<DashboardProfessor>(await get('/api/dashboard/stats', login.cookie));
    expect(stats.ano_letivo).toBe(2026);
    expect(stats.turmas.map((turma) => [turma.id, turma.alunos_count])).toEqual([[current.id, 1]]);
    expect(stats.total_turmas).toBe(1);
    expect(stats.total_alunos).toBe(1);
    expect(stats.proximo_ano).toEqual({
      ano: 2027,
      turmas: [
        {
          id: preschool.id,
          nome: 'Pré I A',
          serie: 'Pré I',
          turno: 'noite',
          alunos_count: 0,
          capacidade_maxima: 20,
          pareceres: true,
        },
        {
          id: next.id,
          nome: '4º Ano A',
          serie: '4º ano',
          turno: 'noite',
          alunos_count: 1,
          capacidade_maxima: 25,
        },
      ],
    });
  });

  it('says nothing of a next year when none of its classes is open', async () => {
    await openYear();
    const login = await signedIn(t, 'professor');
    const teacher = await insertTeacher(t, login.user.id);
    await insertClass(t, teacher.id);
    const stats = dataOf<DashboardProfessor>(await get('/api/dashboard/stats', login.cookie));
    expect(stats.turmas).toHaveLength(1);
    expect(stats.proximo_ano).toBeUndefined();
  });
});

describe('the order of a teacher’s classes', () => {
  it('is the school’s on the home, in today’s rolls and in the roll list: Pré II before the 1º ano', async () => {
    await openYear();
    const login = await signedIn(t, 'professor');
    const teacher = await insertTeacher(t, login.user.id);
    for (const [nome, serie, nivel] of [
      ['9º Ano B', '9º ano', 'Fundamental II'],
      ['1º Ano A', '1º ano', 'Fundamental I'],
      ['Pré II A', 'Pré II', 'Educação Infantil'],
    ] as const) {
      const turma = await insertClass(t, teacher.id, 25, { nome, serie, nivel });
      await insertStudent(t, turma.id, undefined, '2026-02-02');
    }
    const inOrder = ['Pré II A', '1º Ano A', '9º Ano B'];
    const stats = dataOf<DashboardProfessor>(await get('/api/dashboard/stats', login.cookie));
    expect(stats.turmas.map((turma) => turma.nome)).toEqual(inOrder);
    // The Infantil class is assessed by pareceres: its card leads there, not to grades.
    expect(stats.turmas.map((turma) => turma.pareceres ?? false)).toEqual([true, false, false]);
    expect(stats.chamadas_hoje.pendentes.map((roll) => roll.turma_nome)).toEqual(inOrder);
    const rolls = dataOf<{ nome: string }[]>(
      await get('/api/frequencia/turmas?data=2026-04-20', login.cookie),
    );
    expect(rolls.map((turma) => turma.nome)).toEqual(inOrder);
  });
});
