import { describe, expect, it } from 'vitest';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { YearEndStatus } from '../../../shared/year-end.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass } from '../../test/records-fixtures.js';
import {
  closeYear,
  createAssessment,
  issuedHistoricoYear,
  setupGradesTestApp,
  setupSchool,
} from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

/**
 * The third student has 8,0 in Matemática and 4,0 in Português in the 1º bimestre of class A, then moves
 * on 04/05 to class B, whose grade curricular has Matemática and no Português (ADR 0136).
 */
async function movedMidYear() {
  const s = await setupSchool();
  const exam = await createAssessment(s, s.math.cookie, { periodo_id: s.p[0]!.id, data: '2026-03-10' });
  const essay = await createAssessment(s, s.portuguese.cookie, {
    disciplina: 'Português',
    periodo_id: s.p[0]!.id,
    nome: 'Redação',
    data: '2026-03-12',
  });
  const saved = await send('PUT', '/api/notas', s.admin.cookie, {
    notas: [
      { avaliacao_id: exam.id, aluno_id: s.a[2].id, valor: 8 },
      { avaliacao_id: essay.id, aluno_id: s.a[2].id, valor: 4 },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const classB = await insertClass(t, null);
  const grid = await send('PUT', `/api/turmas/${classB.id}/disciplinas`, s.admin.cookie, {
    frequencia_modo: 'por_aula',
    disciplinas: [
      { disciplina: 'Matemática', professor_id: null, aulas_semanais: 5, dias_semana: [1, 3, 5] },
    ],
  });
  expect(grid.statusCode, grid.body).toBe(200);
  clock.pin('2026-05-04');
  const moved = await send('POST', `/api/turmas/${classB.id}/alunos`, s.admin.cookie, {
    aluno_id: s.a[2].id,
    data_enturmacao: '2026-05-04',
  });
  expect(moved.statusCode, moved.body).toBe(201);
  return { s, classB };
}

const cardOf = async (cookie: string, alunoId: string) =>
  dataOf<ReportCard>(await get(`/api/boletins/alunos/${alunoId}?ano=2026`, cookie));

describe('a subject the student left with their class during the year', () => {
  it('keeps its grades on the boletim, without a result of its own: it does not fail the year', async () => {
    const { s, classB } = await movedMidYear();
    const running = await cardOf(s.admin.cookie, s.a[2].id);
    expect(running.turma?.id).toBe(classB.id);
    const portuguese = running.disciplinas.find((subject) => subject.disciplina === 'Português')!;
    expect(portuguese).toMatchObject({ turma_deixada_em: '2026-05-04', situacao: 'cursando' });
    expect(portuguese.periodos[0]!.media_texto).toBe('4,0');
    // Nor is the student 'at risk' in it in class B's report (the subject is no longer theirs).
    const risk = await get(`/api/relatorios/alunos-em-risco?turma_id=${classB.id}`, s.admin.cookie);
    expect(risk.statusCode, risk.body).toBe(200);
    expect(dataOf<{ linhas: Record<string, unknown>[] }>(risk).linhas).toEqual([]);

    // The year's end: nobody can give a recuperação final of Português in class B, nor is any pending.
    clock.pin('2026-12-20');
    const status = dataOf<YearEndStatus>(
      await get(`/api/anos-letivos/${s.year.id}/encerramento`, s.admin.cookie),
    );
    expect(status.pendencias_recuperacao_final).toEqual({ total: 0, itens: [] });
    await closeYear(s.year.id, s.admin.cookie);
    const closed = await cardOf(s.admin.cookie, s.a[2].id);
    expect(closed.disciplinas.find((subject) => subject.disciplina === 'Matemática')).toMatchObject({
      media_anual_texto: '8,0',
      situacao: 'aprovado',
    });
    expect(closed.disciplinas.find((subject) => subject.disciplina === 'Português')).toMatchObject({
      media_anual_texto: '4,0',
      situacao: 'cursando',
      turma_deixada_em: '2026-05-04',
    });
    expect(closed.situacao).toBe('aprovado');
    // The histórico: the grade studied and until when, no 'Reprovado por nota'.
    const historico = await issuedHistoricoYear(s.admin.cookie, s.a[2].id);
    expect(historico.resultado).toBe('Aprovado');
    expect(historico.disciplinas.find((subject) => subject.disciplina === 'Português')).toMatchObject({
      nota: '4,0',
      resultado: 'Saiu da turma em 04/05/2026',
    });
  });
});
