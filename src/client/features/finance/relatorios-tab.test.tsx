// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  InadimplenciaResponsavelRow,
  InadimplenciaSoma,
  Relatorios,
} from '../../../shared/finance.schemas';
import { getSiteContent } from '../../domain/site-content-store';
import { pinDate, renderAt, searchOf, signedInAs, stubApi } from '../../test/render';
import { RelatoriosTab } from './relatorios-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});
// 15/09/2026, 10:00 in São Paulo.
pinDate('2026-09-15T13:00:00Z');

const none: InadimplenciaSoma = {
  mensalidades_vencidas: 0,
  taxas_matricula_vencidas: 0,
  valor_em_aberto: 0,
  valor_atualizado: 0,
};
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Family n owes n months of R$ 850 (the largest first, as the server orders them), with charges. */
function family(n: number, fields: Partial<InadimplenciaResponsavelRow> = {}): InadimplenciaResponsavelRow {
  return {
    nome: `Família ${String(n).padStart(2, '0')}`,
    mensalidades_vencidas: 1,
    taxas_matricula_vencidas: 0,
    valor_em_aberto: 85_000,
    valor_atualizado: 88_598,
    em_negociacao: none,
    responsavel_id: id(n),
    telefone: '11987654321',
    ultimo_lembrete: null,
    ...fields,
  };
}

const negotiated = {
  mensalidades_vencidas: 1,
  taxas_matricula_vencidas: 0,
  valor_em_aberto: 85_000,
  valor_atualizado: 88_598,
};
/** 25 families: the first owes 3 months, one of them em negociação; the last has only negotiated months. */
const familias = [
  family(1, {
    mensalidades_vencidas: 3,
    valor_em_aberto: 255_000,
    valor_atualizado: 263_160,
    em_negociacao: negotiated,
  }),
  ...Array.from({ length: 23 }, (_, index) => family(index + 2)),
  family(25, { em_negociacao: negotiated }),
];
const inadimplencia: Relatorios['inadimplencia'] = {
  ano: 2026,
  por_turma: [
    {
      nome: '4º Ano B',
      mensalidades_vencidas: 27,
      taxas_matricula_vencidas: 0,
      valor_em_aberto: 2_295_000,
      valor_atualizado: 2_392_512,
      em_negociacao: { ...negotiated, mensalidades_vencidas: 2, valor_em_aberto: 170_000 },
    },
  ],
  por_responsavel: familias,
  totais: {
    mensalidades_vencidas: 27,
    taxas_matricula_vencidas: 0,
    valor_em_aberto: 2_295_000,
    valor_atualizado: 2_392_512,
    em_negociacao: {
      mensalidades_vencidas: 2,
      taxas_matricula_vencidas: 0,
      valor_em_aberto: 170_000,
      valor_atualizado: 177_196,
    },
  },
};

function renderReports(url = '/lista', report: Relatorios['inadimplencia'] = inadimplencia) {
  stubApi({
    '/api/auth/me': signedInAs(),
    '/api/financeiro/relatorios/fluxo': {
      ano: 2026,
      linhas: [],
      total_receitas: 0,
      total_despesas: 0,
      saldo: 0,
    } satisfies Relatorios['fluxo'],
    '/api/financeiro/relatorios/inadimplencia': report,
    '/api/financeiro/relatorios/categorias': { ano: 2026, linhas: [] } satisfies Relatorios['categorias'],
  });
  return renderAt(<RelatoriosTab />, url);
}

const text = (element: HTMLElement) => element.textContent.replace(/\s/g, ' ');

describe('Relatórios → Inadimplência', () => {
  it('totals the whole report: principal, updated today with multa and juros, and how much is em negociação', async () => {
    renderReports();
    const totais = await screen.findByTestId('inadimplencia-totais');
    expect(text(totais)).toContain('Em aberto (principal)R$ 22.950,00');
    expect(text(totais)).toContain('27 mensalidades vencidas');
    expect(text(totais)).toContain('Atualizado hoje (com multa e juros)R$ 23.925,12');
    expect(text(totais)).toContain('Encargos até hoje: R$ 975,12');
    expect(text(totais)).toContain('Em negociação (principal)R$ 1.700,00');
    expect(text(totais)).toContain('2 mensalidades · R$ 1.771,96 atualizado hoje');
    // The class's row says how much of it is negotiated.
    const turma = screen.getByRole('row', { name: /4º Ano B/ });
    expect(text(turma)).toContain('2 em negociação · R$ 1.700,00');
    expect(text(turma)).toContain('R$ 23.925,12');
  });

  it('shows the families a page at a time, the page in the URL, each with what it owes today and its negotiation', async () => {
    const router = renderReports();
    const list = await screen.findByRole('list', { name: 'Inadimplência por responsável' });
    const rows = within(list).getAllByTestId('inadimplencia-responsavel');
    expect(rows).toHaveLength(20);
    expect(screen.getByText('1–20 de 25')).toBeTruthy();
    const first = rows[0]!;
    expect(text(first)).toContain('3 mensalidades vencidas');
    expect(text(first)).toContain('Em abertoR$ 2.550,00');
    expect(text(first)).toContain('Atualizado hojeR$ 2.631,60');
    expect(text(first)).toContain('1 em negociação · R$ 850,00');
    // Some months still chased: the reminder is there (it leaves the negotiated one out).
    expect(within(first).getByRole('button', { name: 'Enviar lembrete a Família 01' })).toBeTruthy();
    expect(text(rows[1]!)).not.toContain('negociação');

    // jsdom lays nothing out and has no scrollIntoView.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    fireEvent.click(screen.getByRole('button', { name: /Próxima/ }));
    await waitFor(() => expect(searchOf(router).page).toBe('2'));
    // Read from the top of the new page, not from the foot where the button was.
    expect(scrolled.mock.contexts).toEqual([list]);
    const second = within(list).getAllByTestId('inadimplencia-responsavel');
    expect(second.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Família 21',
      'Família 22',
      'Família 23',
      'Família 24',
      'Família 25',
    ]);
    // Everything em negociação: no reminder goes (the server refuses it), and the row says why.
    const last = second[4]!;
    expect(within(last).queryByRole('button', { name: /Enviar lembrete/ })).toBeNull();
    expect(text(last)).toContain('Em negociação: sem lembretes até o acordo terminar.');
    // The totals stay the whole report's.
    expect(text(screen.getByTestId('inadimplencia-totais'))).toContain('R$ 22.950,00');
  });

  it('a page past the end (a link from a bigger year) shows the last one', async () => {
    renderReports('/lista?page=9');
    const list = await screen.findByRole('list', { name: 'Inadimplência por responsável' });
    expect(within(list).getAllByTestId('inadimplencia-responsavel')).toHaveLength(5);
    expect(screen.getByText('21–25 de 25')).toBeTruthy();
  });

  it('prints every family, whatever the page, under a header with the school, the report and when it was generated', async () => {
    renderReports('/lista?page=2');
    await screen.findByRole('list', { name: 'Inadimplência por responsável' });
    // On paper, one table of all 25 families (the screen list and its paging are left off).
    const paper = screen.getByTestId('inadimplencia-impressao');
    expect(paper.className).toContain('print:table');
    expect(within(paper).getAllByRole('row')).toHaveLength(1 + 25);
    expect(text(within(paper).getAllByRole('row')[1]!)).toContain('Família 01');
    expect(text(within(paper).getAllByRole('row')[1]!)).toContain('1 · R$ 850,00');
    expect(screen.getByRole('list', { name: 'Inadimplência por responsável' }).className).toContain(
      'print:hidden',
    );

    const header = screen.getByTestId('relatorio-cabecalho');
    expect(header.className).toContain('print:block');
    expect(text(header)).toContain(getSiteContent().configuracoes.nome_escola);
    expect(text(header)).toContain('Relatórios financeiros 2026');
    expect(text(header)).toContain('Gerado em 15/09/2026 às 10:00');

    // 'Imprimir' on the section: that report alone, with its own title, while the dialog is open.
    const seen: { header: string; fluxoHidden: boolean; inadimplenciaHidden: boolean }[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      seen.push({
        header: text(screen.getByTestId('relatorio-cabecalho')),
        fluxoHidden: screen
          .getByRole('region', { name: 'Fluxo de caixa 2026' })
          .className.includes('print:hidden'),
        inadimplenciaHidden: screen
          .getByRole('region', { name: 'Inadimplência 2026' })
          .className.includes('print:hidden'),
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir: Inadimplência 2026' }));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.header).toContain('Relatório de inadimplência 2026');
    expect(seen[0]!.header).toContain('Gerado em 15/09/2026 às 10:00');
    expect(seen[0]).toMatchObject({ fluxoHidden: true, inadimplenciaHidden: false });
    // The dialog closed: back to all three.
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(text(screen.getByTestId('relatorio-cabecalho'))).toContain('Relatórios financeiros 2026');
    expect(screen.getByRole('region', { name: 'Fluxo de caixa 2026' }).className).not.toContain(
      'print:hidden',
    );
  });
  it('counts an enrolment fee as a fee, never among the mensalidades vencidas (ADR 0103)', async () => {
    const comTaxa = { taxas_matricula_vencidas: 1, valor_em_aberto: 305_000, valor_atualizado: 316_160 };
    renderReports('/lista', {
      ...inadimplencia,
      por_turma: [{ ...inadimplencia.por_turma[0]!, mensalidades_vencidas: 26, ...comTaxa }],
      por_responsavel: [
        family(1, { mensalidades_vencidas: 2, ...comTaxa }),
        family(2, { mensalidades_vencidas: 0, taxas_matricula_vencidas: 1 }),
      ],
      totais: { ...inadimplencia.totais, mensalidades_vencidas: 26, taxas_matricula_vencidas: 2 },
    });
    const totais = await screen.findByTestId('inadimplencia-totais');
    expect(text(totais)).toContain('26 mensalidades vencidas e 2 taxas de matrícula vencidas');
    expect(text(screen.getByRole('row', { name: /4º Ano B/ }))).toContain(
      '26 mensalidades e 1 taxa de matrícula',
    );
    const rows = within(screen.getByRole('list', { name: 'Inadimplência por responsável' })).getAllByTestId(
      'inadimplencia-responsavel',
    );
    expect(text(rows[0]!)).toContain('2 mensalidades vencidas e 1 taxa de matrícula vencida');
    expect(text(rows[1]!)).toContain('1 taxa de matrícula vencida');
    expect(text(rows[1]!)).not.toContain('0 mensalidades');
    // On paper too.
    const paper = within(screen.getByTestId('inadimplencia-impressao')).getAllByRole('row');
    expect(text(paper[2]!)).toContain('1 taxa de matrícula');
    expect(text(paper[2]!)).not.toContain('0 mensalidades');
    // The family's list is named for what it holds: the months and the fee, or the fee alone.
    expect(within(rows[0]!).getByRole('link', { name: 'Ver cobranças de Família 01' })).toHaveTextContent(
      'Ver cobranças',
    );
    expect(
      within(rows[1]!).getByRole('link', { name: 'Ver taxa de matrícula de Família 02' }),
    ).toHaveAttribute('href', expect.stringContaining('status=vencido'));
    expect(within(rows[1]!).queryByRole('link', { name: /Ver mensalidades/ })).toBeNull();
    // The reminder says what it reminds of.
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Enviar lembrete a Família 01' }));
    expect(text(await screen.findByRole('dialog'))).toContain(
      'das cobranças vencidas (2 mensalidades e 1 taxa de matrícula)',
    );
  });
});
