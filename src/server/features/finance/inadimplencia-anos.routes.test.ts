/**
 * The delinquency report of a year counts what is still overdue from that year and the years before
 * (ADR 0135): in January, last December's unpaid month is still owed, as the dashboard's cards say.
 */
import { describe, expect, it } from 'vitest';
import { classWithTuition, lastYear, school, setupFinanceTest, thisYear } from './finance.test-setup.js';

const { call } = setupFinanceTest();

describe('inadimplência across the turn of the year', () => {
  it('this year’s report holds last year’s months still overdue: the same count as the cards', async () => {
    const s = await school();
    // 2025: Ana January–December, Bruno July–December (enrolled in July), all overdue on 2026-06-15.
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    // 2026: Bruno moves to this year's class; January–June are overdue.
    await classWithTuition('6º Ano A', thisYear, [s.bruno.id]);
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });

    const stats = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    expect(stats.mensalidades_vencidas).toBe(12 + 6 + 6);
    const report = (
      await call('GET', `/api/financeiro/relatorios/inadimplencia?ano=${thisYear}`, s.admin)
    ).json().data;
    expect(report.totais.mensalidades_vencidas).toBe(stats.mensalidades_vencidas);
    const carla = report.por_responsavel.find((row: { nome: string }) => row.nome === 'Carla Souza');
    expect(carla).toMatchObject({ mensalidades_vencidas: 12, valor_em_aberto: 12 * 85_000 });
    const csv = (
      await call('GET', `/api/financeiro/relatorios/inadimplencia?ano=${thisYear}&format=csv`, s.admin)
    ).body;
    expect(csv).toContain('Responsável;Carla Souza;12;0;10200,00;');

    // Last year's report: its own months and earlier, not this year's.
    const before = (
      await call('GET', `/api/financeiro/relatorios/inadimplencia?ano=${lastYear}`, s.admin)
    ).json().data;
    expect(before.totais.mensalidades_vencidas).toBe(12 + 6);
  });
});
