/** 'Lançamento de notas': the coordenação sees, per class and subject, who still has grades to enter. */
import { describe, expect, it } from 'vitest';
import type { RollClass } from '../../../shared/attendance.schemas.js';
import type { GradesProgress } from '../../../shared/grades-progress.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { MATH, setCurriculum } from '../../test/school-fixtures.js';
import { createAssessment, setupGradesTestApp, setupSchool } from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();
const url = (periodoId: string) => `/api/notas/acompanhamento?periodo_id=${periodoId}`;

describe('GET /api/notas/acompanhamento', () => {
  it('counts, per subject, the avaliações and the grades missing of those already given, with the teacher', async () => {
    const s = await setupSchool();
    // Today is 20/03: Prova 1 (10/03) is due, Prova 2 (10/04) not yet.
    const prova1 = await createAssessment(s, s.math.cookie);
    await createAssessment(s, s.math.cookie, { nome: 'Prova 2', data: '2026-04-10' });
    await createAssessment(s, s.portuguese.cookie, { disciplina: 'Português', nome: 'Redação' });
    // Joined on 15/03, after Prova 1: no grade expected of her in it.
    await insertStudent(t, s.classA.id, undefined, '2026-03-15');
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: prova1.id, aluno_id: s.a[0].id, valor: 8 },
        { avaliacao_id: prova1.id, aluno_id: s.a[1].id, valor: 4 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const progress = dataOf<GradesProgress>(await get(url(s.p[0]!.id), s.admin.cookie));
    expect(progress.periodo).toMatchObject({ id: s.p[0]!.id, nome: '1º bimestre' });
    const byName = new Map(progress.linhas.map((line) => [line.disciplina, line]));
    expect(byName.get('Matemática')).toEqual({
      turma_id: s.classA.id,
      turma_nome: s.classA.nome,
      disciplina: 'Matemática',
      professor: s.mathTeacher.nome,
      avaliacoes: 2,
      notas_esperadas: 3,
      notas_faltando: 1,
      fechado: false,
    });
    expect(byName.get('Português')).toMatchObject({ avaliacoes: 1, notas_esperadas: 3, notas_faltando: 3 });

    // The 2nd bimestre has no avaliação yet: every subject is listed with none.
    const second = dataOf<GradesProgress>(await get(url(s.p[1]!.id), s.admin.cookie));
    expect(
      second.linhas.map((line) => [line.disciplina, line.avaliacoes, line.notas_faltando]).sort(),
    ).toEqual([
      ['Matemática', 0, 0],
      ['Português', 0, 0],
    ]);
  });

  it('gives the grades missing per class and subject, with the teacher: what the check before closing names', async () => {
    const s = await setupSchool();
    // A second class with Matemática by the same teacher and one student of its own.
    const classB = await insertClass(t, null, 25, { nome: '7º B' });
    await setCurriculum(t, s.admin.cookie, classB.id, {
      frequencia_modo: 'por_aula',
      disciplinas: [{ ...MATH, professor_id: s.mathTeacher.id }],
    });
    const b1 = await insertStudent(t, classB.id, undefined, '2026-02-02');
    const mathA = await createAssessment(s, s.math.cookie);
    const mathB = await createAssessment(s, s.math.cookie, { turma_id: classB.id });
    await createAssessment(s, s.portuguese.cookie, { disciplina: 'Português', nome: 'Redação' });
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: mathA.id, aluno_id: s.a[0].id, valor: 7 },
        { avaliacao_id: mathB.id, aluno_id: b1.id, valor: 6 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const progress = dataOf<GradesProgress>(await get(url(s.p[0]!.id), s.admin.cookie));
    const missing = progress.linhas.map((line) => [
      line.turma_nome,
      line.disciplina,
      line.professor,
      line.notas_faltando,
    ]);
    expect(missing).toHaveLength(3);
    expect(missing).toEqual(
      expect.arrayContaining([
        [s.classA.nome, 'Matemática', s.mathTeacher.nome, 2],
        [s.classA.nome, 'Português', s.portuguese.teacher.nome, 3],
        ['7º B', 'Matemática', s.mathTeacher.nome, 0],
      ]),
    );
  });

  it('is the coordenação’s (a teacher 403), refuses a malformed period (400) and an unknown one (404)', async () => {
    const s = await setupSchool();
    expect((await get(url(s.p[0]!.id), s.math.cookie)).statusCode).toBe(403);
    expect((await get('/api/notas/acompanhamento?periodo_id=abc', s.admin.cookie)).statusCode).toBe(400);
    const unknown = await get(url('00000000-0000-4000-8000-000000000000'), s.admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Período não encontrado.' });
  });
});

describe('GET /api/notas/acompanhamento?chamadas=true (the check before closing the period)', () => {
  it('lists the classes with rolls not taken on the period’s school days up to today', async () => {
    clock.pin('2026-02-04');
    const s = await setupSchool();
    // A class with a daily roll and no roll taken: Monday to today (Wednesday), three days.
    const daily = await insertClass(t, null, 25, { nome: 'Turma Diária' });
    await insertStudent(t, daily.id, undefined, '2026-02-02');
    // Class A (a roll per lesson): every lesson of the three days taken as the roll list asks, but one.
    let skipped: { data: string; disciplina: string | null; aula: number } | null = null;
    for (const data of ['2026-02-02', '2026-02-03', '2026-02-04']) {
      const day = dataOf<RollClass[]>(await get(`/api/frequencia/turmas?data=${data}`, s.admin.cookie));
      for (const lesson of day.find((turma) => turma.id === s.classA.id)!.aulas) {
        if (!skipped) {
          skipped = { data, disciplina: lesson.disciplina, aula: lesson.aula };
          continue;
        }
        const saved = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
          data,
          disciplina: lesson.disciplina,
          aula: lesson.aula,
          faltas: [],
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
    }
    expect(skipped).not.toBeNull();

    const asked = dataOf<GradesProgress>(await get(`${url(s.p[0]!.id)}&chamadas=true`, s.admin.cookie));
    expect([...asked.chamadas!].sort((a, b) => a.aulas - b.aulas)).toEqual([
      { turma_id: s.classA.id, turma_nome: s.classA.nome, aulas: 1 },
      { turma_id: daily.id, turma_nome: 'Turma Diária', aulas: 3 },
    ]);
    // The Lançamento de notas' own read does not go through every day of the period.
    expect(dataOf<GradesProgress>(await get(url(s.p[0]!.id), s.admin.cookie)).chamadas).toBeUndefined();
    // A period not begun yet has no roll to take.
    expect(
      dataOf<GradesProgress>(await get(`${url(s.p[1]!.id)}&chamadas=true`, s.admin.cookie)).chamadas,
    ).toEqual([]);
  });
});

describe('rolls not taken over a period: the roll list of each of its days, summed', () => {
  it('gives what the roll list gives day by day — recess, sábado letivo, classes of the year', async () => {
    clock.pin('2026-03-20');
    const s = await setupSchool();
    const daily = await insertClass(t, null, 25, { nome: 'Turma Diária' });
    await insertStudent(t, daily.id, undefined, '2026-02-02');
    // Not in the check: a class of next year, an inactive one.
    await insertClass(t, null, 25, { nome: 'Turma 2027', anoLetivo: '2027' });
    await insertClass(t, null, 25, { nome: 'Turma Inativa', status: 'inativo' });
    for (const entry of [
      { tipo: 'recesso', titulo: 'Recesso de março', inicio: '2026-03-02', fim: '2026-03-06' },
      { tipo: 'sabado_letivo', titulo: 'Sábado letivo', inicio: '2026-03-14' },
      { tipo: 'feriado_municipal', titulo: 'Aniversário da cidade', inicio: '2026-03-19' },
    ]) {
      const created = await send('POST', '/api/calendario', s.admin.cookie, { ...entry, publico: true });
      expect(created.statusCode, created.body).toBe(201);
    }
    // Some rolls taken: every lesson of Class A on 11/03, the daily class's on 12/03 and on the sábado.
    const listOn = async (data: string) =>
      dataOf<RollClass[]>(await get(`/api/frequencia/turmas?data=${data}`, s.admin.cookie));
    for (const lesson of (await listOn('2026-03-11')).find((turma) => turma.id === s.classA.id)!.aulas) {
      const saved = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
        data: '2026-03-11',
        disciplina: lesson.disciplina,
        aula: lesson.aula,
        faltas: [],
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    for (const data of ['2026-03-12', '2026-03-14']) {
      const saved = await send('PUT', `/api/frequencia/turmas/${daily.id}`, s.admin.cookie, {
        data,
        faltas: [],
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }

    // The old way: the roll list of every day of the period up to today.
    const expected = new Map<string, number>();
    let schoolDays = 0;
    for (let day = new Date(`${s.p[0]!.inicio}T12:00:00Z`); ; day.setUTCDate(day.getUTCDate() + 1)) {
      const data = day.toISOString().slice(0, 10);
      if (data > '2026-03-20') break;
      const list = await listOn(data);
      if (list[0]?.dia.letivo) schoolDays++;
      for (const turma of list) expected.set(turma.id, (expected.get(turma.id) ?? 0) + turma.pendentes);
    }
    const asked = dataOf<GradesProgress>(await get(`${url(s.p[0]!.id)}&chamadas=true`, s.admin.cookie));
    const checked = new Map(asked.chamadas!.map((line) => [line.turma_id, line.aulas]));
    expect(checked).toEqual(new Map([...expected].filter(([, aulas]) => aulas > 0)));
    expect(asked.chamadas!.map((line) => line.turma_nome).sort()).toEqual(
      [s.classA.nome, 'Turma Diária'].sort(),
    );
    // The daily class: every school day but the two taken (the sábado letivo one of them); none of the
    // recess or the local holiday.
    expect(checked.get(daily.id)).toBe(schoolDays - 2);
    expect((await listOn('2026-03-04'))[0]?.dia).toMatchObject({ tipo: 'recesso', letivo: false });
    expect((await listOn('2026-03-14'))[0]?.dia).toMatchObject({ tipo: 'sabado_letivo', letivo: true });
  });
});
