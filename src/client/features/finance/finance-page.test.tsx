// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { FinanceStats } from '../../../shared/finance.schemas';
import { builtInPerfilPermissions } from '../../../shared/permissions';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { FinancePage } from './finance-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A school with no money moved yet. */
const noFigures: FinanceStats = {
  receita_total: 0,
  receita_mes_atual: 0,
  receitas_pendentes: 0,
  despesas_mes: 0,
  saldo_atual: 0,
  mensalidades_vencidas: 0,
  mensalidades_pagas: 0,
  mensalidades_pendentes: 0,
  inadimplencia_taxa: 0,
  mes: '2026-11',
  serie_mensal: [],
};

/** Every other answer is an empty page: the tabs' own tests are elsewhere; this one is about which show. */
function signedInWith(permissoes: (typeof builtInPerfilPermissions)['direcao']) {
  return stubApi(
    {
      '/api/auth/me': signedInAs({ permissoes: [...permissoes] }),
      '/api/financeiro/comprovantes': [],
      '/api/financeiro/boleto/disponivel': { disponivel: false, banco_nome: null },
      '/api/financeiro/stats': noFigures,
    },
    { data: [], total: 0, page: 1, limit: 20, totalPages: 0 },
  );
}

describe('FinancePage', () => {
  it("shows the school's figures (dashboard, receitas, despesas, relatórios) only to who holds finance.figures", async () => {
    signedInWith(builtInPerfilPermissions.financeiro);
    renderAt(<FinancePage />);
    expect(await screen.findByRole('tab', { name: 'Despesas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nova Receita/ })).toBeTruthy();
  });

  it('a tuition desk without the figures sees only Mensalidades and Boletos, and no Nova Receita/Despesa', async () => {
    const desk = builtInPerfilPermissions.financeiro.filter((permission) => permission !== 'finance.figures');
    const fetchMock = signedInWith(desk);
    renderAt(<FinancePage />);
    expect(await screen.findByRole('heading', { name: 'Gestão Financeira' })).toBeTruthy();
    // The bank's files (remessa, retorno) are the desk's work too (issue 36): the boletos tab beside it.
    const tabs = (await screen.findAllByRole('tab')).map((tab) => tab.textContent);
    expect(tabs).toEqual(['Mensalidades', 'Boletos']);
    expect(screen.queryByRole('button', { name: /Nova Receita|Nova Despesa/ })).toBeNull();
    // Nothing asked of the routes it would be refused (403): stats, transactions, reports.
    const asked = fetchMock.requests.map((request) => request.path);
    expect(asked.filter((path) => /stats|transacoes|relatorios/.test(path))).toEqual([]);
  });
});
