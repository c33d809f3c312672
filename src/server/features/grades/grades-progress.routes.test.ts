/** 'Lançamento de notas': the coordenação sees, per class and subject, who still has grades to enter. */
import { describe, expect, it } from 'vitest';
import type { RollClass } from '../../../shared/attendance.schemas.js';
import type { GradesProgress } from '../../../shared/grades-progress.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
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
