import { afterEach, describe, expect, it } from 'vitest';
import type { Roll, RollClass } from '../../../shared/attendance.schemas.js';
import type { DashboardProfessor } from '../../../shared/dashboard.schemas.js';
import { clock } from '../../lib/clock.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { setupSchool as buildSchool } from '../../test/school-fixtures.js';

/**
 * Issue 29, item 14: which rolls are due on a date is one answer — the roll list's 'pendentes', the
 * class's roll (can it be saved?) and the teacher's home ('Chamadas de hoje') — and a day without
 * lessons (weekend, holiday, recess) has none, while a sábado letivo has the class's lessons.
 */
const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

afterEach(() => clock.unpin());

/**
 * The 2026 year in bimestres (the 1st closes on 24/04). Class "Diária" takes one roll a day with its
 * responsible teacher (the tutor); class "Por aula" one per lesson: Matemática by the same teacher on
 * Mon/Wed/Fri and Arte (also hers) on Saturdays, for a sábado letivo.
 */
async function setupSchool() {
  clock.pin('2026-03-20');
  const school = await buildSchool(t, {
    mode: 'por_aula',
    tutor: false,
    subjects: [
      { disciplina: 'Matemática', aulas_semanais: 3, dias_semana: [1, 3, 5] },
      { disciplina: 'Arte', aulas_semanais: 1, dias_semana: [6] },
    ],
  });
  const { admin, teacher: tutor, turma: perLesson } = school;
  const daily = await insertClass(t, tutor.teacher.id);
  for (const turma of [daily, perLesson]) {
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    await insertStudent(t, turma.id, undefined, '2026-02-02');
  }
  return { admin, tutor, daily, perLesson };
}

type School = Awaited<ReturnType<typeof setupSchool>>;

const listOf = async (cookie: string, date?: string) =>
  dataOf<RollClass[]>(await get(`/api/frequencia/turmas${date ? `?data=${date}` : ''}`, cookie));

const homeOf = async (cookie: string) =>
  dataOf<DashboardProfessor>(await get('/api/dashboard/stats', cookie)).chamadas_hoje;

/**
 * The three places agree on `date` for the user: each lesson of the roll list is pending exactly when
 * the class's roll of that lesson is not taken and can be saved (no `bloqueio`); on today's date the
 * home lists the same pending lessons. Returns the pending lessons as 'class · lesson'.
 */
async function agreeingPending(cookie: string, date: string, home: boolean): Promise<string[]> {
  const list = await listOf(cookie, date);
  const pending: string[] = [];
  for (const turma of list) {
    expect(turma.pendentes).toBe(turma.aulas.filter((lesson) => lesson.pendente).length);
    for (const lesson of turma.aulas) {
      const lessonQuery = lesson.disciplina
        ? `&disciplina=${encodeURIComponent(lesson.disciplina)}&aula=${String(lesson.aula)}`
        : '';
      const roll = dataOf<Roll>(
        await get(`/api/frequencia/turmas/${turma.id}?data=${date}${lessonQuery}`, cookie),
      );
      expect(lesson.pendente, `${turma.nome} · ${lesson.disciplina ?? 'dia'}`).toBe(
        roll.chamada === null && roll.bloqueio === null,
      );
      if (lesson.pendente) pending.push(`${turma.nome} · ${lesson.disciplina ?? 'Chamada do dia'}`);
    }
  }
  if (home) {
    const today = await homeOf(cookie);
    expect(today.data).toBe(date);
    expect(
      today.pendentes.map((roll) => `${roll.turma_nome} · ${roll.disciplina ?? roll.nome}`).sort(),
    ).toEqual([...pending].sort());
  }
  return pending.sort();
}

const names = (s: School, ...entries: [{ nome: string }, string][]) =>
  entries.map(([turma, lesson]) => `${turma.nome} · ${lesson}`).sort();

describe('rolls due on a date: the roll list, the class and the teacher’s home agree', () => {
  it('a school day: the daily roll and the day’s lessons are pending until taken', async () => {
    const s = await setupSchool();
    // Friday 20/03: the daily roll and Matemática (Mon/Wed/Fri); no Arte (Saturdays).
    expect(await agreeingPending(s.tutor.cookie, '2026-03-20', true)).toEqual(
      names(s, [s.daily, 'Chamada do dia'], [s.perLesson, 'Matemática']),
    );
    const home = await homeOf(s.tutor.cookie);
    expect(home.dia).toMatchObject({ tipo: 'letivo', letivo: true });
    expect(home.feitas).toBe(0);
    expect(home.pendentes.find((roll) => roll.turma_id === s.perLesson.id)).toMatchObject({
      disciplina: 'Matemática',
      aula: 1,
      nome: 'Matemática',
    });

    const saved = await send('PUT', `/api/frequencia/turmas/${s.daily.id}`, s.tutor.cookie, {
      data: '2026-03-20',
      faltas: [],
    });
    expect(saved.statusCode).toBe(200);
    expect(await agreeingPending(s.tutor.cookie, '2026-03-20', true)).toEqual(
      names(s, [s.perLesson, 'Matemática']),
    );
    expect((await homeOf(s.tutor.cookie)).feitas).toBe(1);
  });

  it('a weekend: no roll is pending anywhere, and the day says why', async () => {
    const s = await setupSchool();
    clock.pin('2026-03-21');
    expect(await agreeingPending(s.tutor.cookie, '2026-03-21', true)).toEqual([]);
    const list = await listOf(s.tutor.cookie);
    for (const turma of list) {
      expect(turma).toMatchObject({ pendentes: 0, aulas: [] });
      expect(turma.dia).toMatchObject({ data: '2026-03-21', tipo: 'fim_de_semana', letivo: false });
    }
    const roll = dataOf<Roll>(await get(`/api/frequencia/turmas/${s.daily.id}`, s.tutor.cookie));
    expect(roll.bloqueio).toBe('21/03/2026 não é dia letivo (Fim de semana).');
    const home = await homeOf(s.tutor.cookie);
    expect(home).toMatchObject({ data: '2026-03-21', pendentes: [], feitas: 0 });
    expect(home.dia).toMatchObject({ tipo: 'fim_de_semana', letivo: false });
    // Sunday too, even for the class whose grid has Saturday lessons.
    clock.pin('2026-03-22');
    expect(await agreeingPending(s.tutor.cookie, '2026-03-22', true)).toEqual([]);
  });

  it('a national holiday, a local one and a recess have no pending roll', async () => {
    const s = await setupSchool();
    clock.pin('2026-04-21');
    // Tiradentes, a Tuesday.
    expect(await agreeingPending(s.tutor.cookie, '2026-04-21', true)).toEqual([]);
    expect((await homeOf(s.tutor.cookie)).dia).toMatchObject({
      tipo: 'feriado_nacional',
      letivo: false,
      descricao: 'Tiradentes',
    });
    for (const [tipo, titulo, inicio] of [
      ['feriado_municipal', 'Aniversário da cidade', '2026-04-22'],
      ['recesso', 'Semana do saco cheio', '2026-04-24'],
    ] as const) {
      const entry = await send('POST', '/api/calendario', s.admin.cookie, {
        tipo,
        titulo,
        inicio,
        publico: true,
      });
      expect(entry.statusCode).toBe(201);
      clock.pin(inicio);
      expect(await agreeingPending(s.tutor.cookie, inicio, true), tipo).toEqual([]);
      expect((await homeOf(s.tutor.cookie)).dia).toMatchObject({ tipo, letivo: false, descricao: titulo });
    }
  });

  it('a sábado letivo has the daily roll and the grid’s Saturday lessons', async () => {
    const s = await setupSchool();
    const entry = await send('POST', '/api/calendario', s.admin.cookie, {
      tipo: 'sabado_letivo',
      titulo: 'Sábado letivo de março',
      inicio: '2026-03-28',
      publico: true,
    });
    expect(entry.statusCode).toBe(201);
    clock.pin('2026-03-28');
    expect(await agreeingPending(s.tutor.cookie, '2026-03-28', true)).toEqual(
      names(s, [s.daily, 'Chamada do dia'], [s.perLesson, 'Arte']),
    );
    expect((await homeOf(s.tutor.cookie)).dia).toMatchObject({ tipo: 'sabado_letivo', letivo: true });
    // The Saturday before, without the entry, had none.
    expect(await agreeingPending(s.tutor.cookie, '2026-03-21', false)).toEqual([]);
  });

  it('a lesson the teacher can no longer save (closed period, future date) is not pending', async () => {
    const s = await setupSchool();
    clock.pin('2026-05-04');
    // 15/04 is in the 1st bimestre, closed on 24/04: only the secretaria changes it now.
    expect(await agreeingPending(s.tutor.cookie, '2026-04-15', false)).toEqual([]);
    const list = await listOf(s.tutor.cookie, '2026-04-15');
    expect(list.find((turma) => turma.id === s.daily.id)?.aulas).toHaveLength(1);
    // The administrator still can: for her, the same lessons are pending.
    expect(await agreeingPending(s.admin.cookie, '2026-04-15', false)).toEqual(
      names(s, [s.daily, 'Chamada do dia'], [s.perLesson, 'Matemática']),
    );
    // A date ahead lists its lessons, none pending yet.
    expect(await agreeingPending(s.tutor.cookie, '2026-05-06', false)).toEqual([]);
    expect((await listOf(s.tutor.cookie, '2026-05-06')).every((turma) => turma.aulas.length > 0)).toBe(true);
  });
});
