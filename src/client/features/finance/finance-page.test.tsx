// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FinanceStats } from '../../../shared/finance.schemas';
import type { GerarMensalidadesResult } from '../../../shared/mensalidades.schemas';
import { builtInPerfilPermissions } from '../../../shared/permissions';
import { financeSettingsAnswer } from '../../test/answers';
import { pinDate, renderAt, searchOf, signedInAs, stubApi, type StubRequest } from '../../test/render';
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
  taxas_matricula: { pagas: 0, vencidas: 0, pendentes: 0 },
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

/** The Mensalidades tab's list: nothing but what `mes` finds in `tuition` (month → count). */
function tuitionPage(tuition: Record<string, number>) {
  return (request: StubRequest) => {
    const mes = new URL(request.url, 'http://escola.test').searchParams.get('mes');
    const total = mes ? (tuition[mes] ?? 0) : Object.values(tuition).reduce((sum, n) => sum + n, 0);
    return { items: [], total, page: 1, pageSize: 20 };
  };
}

const settings = financeSettingsAnswer();

/** December: next year's classes get February to December (44 for four students). */
const generated: GerarMensalidadesResult = {
  mensalidades: 44,
  valor_total: 44 * 90_000,
  criadas: 44,
  lote_id: '00000000-0000-4000-8000-000000000077',
  turmas: [
    {
      turma_id: '00000000-0000-4000-8000-000000000010',
      turma_nome: '1º Ano A',
      ano_letivo: '2027',
      ano_letivo_de: '2027-02',
      ano_letivo_ate: '2027-12',
      alunos: 4,
      mensalidades: 44,
      valor: 44 * 90_000,
      primeiro_mes: '2027-02',
      ultimo_mes: '2027-12',
      ja_existiam: 0,
      vencidas: 0,
      com_plano: 0,
    },
  ],
};

describe('FinancePage: the tuition of a new school, generated in December for next year', () => {
  pinDate('2026-12-05T12:00:00-03:00');

  function stubSchool() {
    return stubApi(
      {
        '/api/auth/me': signedInAs({ permissoes: [...builtInPerfilPermissions.direcao] }),
        '/api/financeiro/comprovantes': [],
        '/api/financeiro/boleto/disponivel': { disponivel: false, banco_nome: null },
        '/api/financeiro/stats': noFigures,
        '/api/financeiro/configuracoes': settings,
        '/api/financeiro/alunos': [],
        '/api/financeiro/mensalidades/gerar/simular': generated,
        '/api/financeiro/mensalidades/gerar': generated,
        '/api/financeiro/mensalidades': tuitionPage({ '2027-02': 4, '2027-03': 4 }),
      },
      { items: [], total: 0, page: 1, pageSize: 20 },
    );
  }

  it('after generating, shows the list at the first month generated', async () => {
    stubSchool();
    const router = renderAt(<FinancePage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Gerar mensalidades/ }));
    const form = await screen.findByRole('dialog', { name: 'Gerar mensalidades' });
    await within(form).findByText('Serão geradas 44 mensalidades, total R$ 39.600,00.');
    await user.click(within(form).getByRole('button', { name: 'Gerar' }));
    const done = await screen.findByRole('dialog', { name: 'Mensalidades geradas' });
    await user.click(within(done).getByRole('button', { name: 'Ver mensalidades de fevereiro de 2027' }));
    expect(searchOf(router)).toEqual({ aba: 'mensalidades', mes: '2027-02' });
    expect(
      await screen.findByRole('heading', { name: 'Mensalidades de fevereiro de 2027 (4)' }),
    ).toBeTruthy();
  });

  it("names the month that hides everything, and 'Ver todos os meses' lifts it", async () => {
    stubSchool();
    const router = renderAt(<FinancePage />, '/lista?aba=mensalidades');
    expect(await screen.findByRole('heading', { name: 'Mensalidades de dezembro de 2026 (0)' })).toBeTruthy();
    expect(screen.getByText('Nenhuma mensalidade ou taxa de matrícula em dezembro de 2026')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ver todos os meses' }));
    expect(searchOf(router)).toEqual({ aba: 'mensalidades', mes: '' });
    expect(await screen.findByRole('heading', { name: 'Mensalidades (8)' })).toBeTruthy();
  });

  it('says the pending figures count only up to the end of this month', async () => {
    stubSchool();
    renderAt(<FinancePage />);
    expect(await screen.findByText('A vencer neste mês')).toBeTruthy();
    expect(screen.getByText(/^Vencidas e a vencer até o fim deste mês/)).toBeTruthy();
  });
});
