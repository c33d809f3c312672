import { describe, expect, it } from 'vitest';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, detailsOf } from '../../test/records-fixtures.js';
import { createAssessment, gridUrl, setupGradesTestApp, setupSchool } from './grades.test-setup.js';

const { send, get } = setupGradesTestApp();

describe('a student who left the class during the period', () => {
  it('takes no grade in an assessment dated after the day they left; the ones before stay gradable', async () => {
    const s = await setupSchool();
    const before = await createAssessment(s, s.math.cookie, { nome: 'Prova 1', data: '2026-03-10' });
    clock.pin('2026-04-12');
    const transfer = await send('PATCH', `/api/alunos/${s.a[2].id}/status`, s.admin.cookie, {
      status: 'transferido',
      data_saida: '2026-04-01',
      destino: { escola: 'EE Jorge Amado', municipio: 'Campinas', uf: 'SP' },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const after = await createAssessment(s, s.math.cookie, { nome: 'Prova 2', data: '2026-04-10' });

    // The grid still lists them (they belonged in the bimestre) and says from when they are out.
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.alunos.find((aluno) => aluno.id === s.a[2].id)).toMatchObject({
      turma_saida_em: '2026-04-01',
    });
    expect(grid.alunos.find((aluno) => aluno.id === s.a[0].id)).not.toHaveProperty('turma_saida_em');

    // A zero typed down the column of 10/04 for everyone: not for one who left on 01/04.
    const refused = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: after.id, aluno_id: s.a[0].id, valor: 7 },
        { avaliacao_id: after.id, aluno_id: s.a[2].id, valor: 0 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toEqual([
      {
        path: 'notas.1.aluno_id',
        message: 'O aluno saiu da turma em 01/04/2026: esta avaliação é de depois da saída.',
      },
    ]);
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: after.id, aluno_id: s.a[0].id, valor: 7 },
        { avaliacao_id: before.id, aluno_id: s.a[2].id, valor: 8 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}?ano=2026`, s.admin.cookie));
    expect(card.disciplinas.find((item) => item.disciplina === 'Matemática')!.periodos[0]!.media_texto).toBe(
      '8,0',
    );
  });
});
