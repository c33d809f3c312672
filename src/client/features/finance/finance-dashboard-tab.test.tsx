// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { FinanceStats } from '../../../shared/finance.schemas';
import { renderAt, stubApi } from '../../test/render';
import { FinanceDashboardTab } from './finance-dashboard-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stats: FinanceStats = {
  receita_total: 0,
  receita_mes_atual: 0,
  receitas_pendentes: 0,
  despesas_mes: 0,
  saldo_atual: 0,
  mensalidades_vencidas: 3,
  mensalidades_pagas: 10,
  mensalidades_pendentes: 4,
  taxas_matricula: { pagas: 2, vencidas: 1, pendentes: 0 },
  inadimplencia_taxa: 0,
  mes: '2026-12',
  serie_mensal: [],
};

/** The rows of a `<dl>` as 'term: value'. */
const rowsOf = (list: Element) =>
  [...list.querySelectorAll('dt')].map(
    (term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`,
  );

describe('FinanceDashboardTab', () => {
  it('counts the enrolment fees apart from the tuition, under their own name (ADR 0099)', async () => {
    stubApi({ '/api/financeiro/stats': stats }, null);
    renderAt(<FinanceDashboardTab />);
    const box = await screen.findByRole('region', { name: 'Mensalidades' });
    expect(within(box).getByRole('heading', { name: 'Taxas de matrícula' })).toBeTruthy();
    expect([...box.querySelectorAll('dl')].map(rowsOf)).toEqual([
      ['Pagas este mês: 10', 'Vencidas: 3', 'A vencer neste mês: 4'],
      ['Pagas este mês: 2', 'Vencidas: 1', 'A vencer neste mês: 0'],
    ]);
  });

  it('shows no fees where there are none', async () => {
    stubApi(
      { '/api/financeiro/stats': { ...stats, taxas_matricula: { pagas: 0, vencidas: 0, pendentes: 0 } } },
      null,
    );
    renderAt(<FinanceDashboardTab />);
    const box = await screen.findByRole('region', { name: 'Mensalidades' });
    expect(within(box).queryByRole('heading', { name: 'Taxas de matrícula' })).toBeNull();
  });
});
