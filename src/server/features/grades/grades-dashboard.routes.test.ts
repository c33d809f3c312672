/**
 * The dashboard's grade figures: each class's average, a teacher's pending avaliações and closing periods.
 */
import { describe, expect, it } from 'vitest';
import type { DashboardEscola, DashboardProfessor } from '../../../shared/dashboard.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf } from '../../test/records-fixtures.js';
import { createAssessment, setupSchool, setupGradesTestApp } from './grades.test-setup.js';

const { send, get } = setupGradesTestApp();

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
