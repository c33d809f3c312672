/** The year-end rematrícula (grades) applies only the families who signed online, when the school says so. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { RematriculaProposal } from '../../../shared/year-end.schemas.js';
import { dataOf } from '../../test/records-fixtures.js';
import { interessados } from '../../db/schema/matriculas.js';
import { students } from '../../db/schema/students.js';
import { closedFifthGradeYear, setupGradesTestApp } from '../grades/grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();
const CONFIG = '/api/matriculas/anuidades/configuracao';

describe('year-end rematrícula and the online round', () => {
  it('with “only who signed”, the families who did not sign are not re-enrolled; with “all”, as before', async () => {
    // a0 and a1 pass to the 6º ano, a2 stays in the 5º (reprovado); the year closed on 20/12/2026.
    const s = await closedFifthGradeYear();
    const url = `/api/anos-letivos/${s.year.id}/rematricula`;
    const destinos = (proposal: RematriculaProposal) =>
      s.a.map((aluno) => proposal.alunos.find((row) => row.aluno_id === aluno.id)!.destino);
    const started = await send('POST', '/api/matriculas/rematricula-online', s.admin.cookie, {
      ano_letivo: 2027,
    });
    expect(started.statusCode, started.body).toBe(200);
    await t.database.db
      .update(interessados)
      .set({ etapa: 'contrato_assinado' })
      .where(and(eq(interessados.alunoId, s.a[0].id), eq(interessados.tipo, 'rematricula')));

    // 'todos' (the default): the round changes nothing.
    expect(destinos(dataOf<RematriculaProposal>(await get(url, s.admin.cookie)))).toEqual([
      'proxima_serie',
      'proxima_serie',
      'mesma_serie',
    ]);

    const config = await send('PUT', CONFIG, s.admin.cookie, {
      recusar_inadimplentes: false,
      mensagem_inadimplencia: 'Procure a secretaria para regularizar a rematrícula (Lei 9.870, art. 5º).',
      rematricula_aplica: 'assinados',
    });
    expect(config.statusCode, config.body).toBe(200);
    expect(destinos(dataOf<RematriculaProposal>(await get(url, s.admin.cookie)))).toEqual([
      'proxima_serie',
      'nao_rematriculado',
      'nao_rematriculado',
    ]);

    // The administrator may still choose by hand (a family that signed on paper).
    const applied = await send('POST', url, s.admin.cookie, {
      turmas: [],
      alunos: [{ aluno_id: s.a[2].id, destino: 'mesma_serie' }],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(destinos(dataOf<RematriculaProposal>(applied))).toEqual([
      'proxima_serie',
      'nao_rematriculado',
      'mesma_serie',
    ]);
    const after = await t.database.db.select().from(students);
    const statusOf = (id: string) => after.find((row) => row.id === id)!.status;
    expect([statusOf(s.a[0].id), statusOf(s.a[1].id), statusOf(s.a[2].id)]).toEqual([
      'ativo',
      'inativo',
      'ativo',
    ]);
  });

  it('with “only who signed” but no round for the year, everyone goes on', async () => {
    const s = await closedFifthGradeYear();
    await send('PUT', CONFIG, s.admin.cookie, {
      recusar_inadimplentes: false,
      mensagem_inadimplencia: 'Procure a secretaria para regularizar a rematrícula (Lei 9.870, art. 5º).',
      rematricula_aplica: 'assinados',
    });
    const proposal = dataOf<RematriculaProposal>(
      await get(`/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie),
    );
    expect(proposal.contagem).toMatchObject({ proxima_serie: 2, mesma_serie: 1, nao_rematriculado: 0 });
  });
});
