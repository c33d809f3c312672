// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import { mensalidadeAnswer } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { GuardianFinance } from './guardian-finance';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = mensalidadeAnswer({
  status: 'vencido',
  multa: 1_700,
  juros: 500,
  valor_atualizado: 87_200,
  dias_atraso: 17,
  comprovante_recusa: 'O comprovante é de outro mês.',
});
const confirming: Mensalidade = {
  ...base,
  id: '00000000-0000-4000-8000-000000000003',
  mes_referencia: '2026-09',
  data_vencimento: '2026-09-10',
  status: 'em_confirmacao',
  em_confirmacao_desde: '2026-09-20',
  comprovante_visivel: true,
  comprovante_recusa: null,
  valor_atualizado: 87_000,
};
/** Sent by the child's other guardian: their bank and account are not this reader's to open. */
const confirmingByOther: Mensalidade = {
  ...confirming,
  id: '00000000-0000-4000-8000-000000000004',
  aluno_nome: 'Rui Souza',
  comprovante_visivel: false,
};

const page = (items: Mensalidade[]) => ({ items, total: items.length, page: 1, pageSize: 200 });

describe('GuardianFinance', () => {
  it("shows 'Já paguei' on an open charge with the school's refusal, and 'Em confirmação' apart; sends the file", async () => {
    const fetchMock = stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/financeiro/mensalidades': (request) => {
        const status = new URL(request.url, 'http://x').searchParams.get('status');
        if (status === 'vencido') return page([base]);
        if (status === 'em_confirmacao') return page([confirming, confirmingByOther]);
        return page([]);
      },
      [`/api/financeiro/mensalidades/${base.id}/comprovante`]: {
        mensalidade: { ...base, status: 'em_confirmacao' },
        comprovante: {},
      },
    });
    renderAt(<GuardianFinance />);

    const overdue = await screen.findByRole('region', { name: 'Vencida' });
    expect(within(overdue).getByTestId('comprovante-recusado').textContent).toContain(
      'A escola não confirmou o comprovante enviado: O comprovante é de outro mês.',
    );
    const waiting = screen.getByRole('region', { name: 'Em confirmação' });
    expect(waiting.textContent).toContain('Lia Souza');
    expect(waiting.textContent).toContain('Comprovante enviado em 20/09/2026');
    expect(waiting.textContent).toMatch(/R\$\s870,00/);
    // No PIX nor 'Já paguei' on what the school is already checking.
    expect(within(waiting).queryByRole('button')).toBeNull();
    // The reader opens the comprovante they sent, not the one the other guardian sent.
    const [mine, theirs] = within(waiting).getAllByTestId('familia-mensalidade');
    expect(within(mine!).getByRole('link', { name: 'Ver comprovante' }).getAttribute('href')).toBe(
      `/api/financeiro/mensalidades/${confirming.id}/comprovante`,
    );
    expect(within(theirs!).queryByRole('link')).toBeNull();
    expect(theirs).toHaveTextContent('Enviado por outro responsável.');

    fireEvent.click(within(overdue).getByRole('button', { name: 'Já paguei: Lia Souza, outubro de 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Já paguei' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar comprovante' }));
    expect(within(dialog).getByText('Tire uma foto do comprovante ou escolha o arquivo.')).toBeTruthy();
    const file = new File(['%PDF-1.4'], 'pix.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('Comprovante (foto ou PDF)'), {
      target: { files: [file] },
    });
    expect(within(dialog).getByTestId('comprovante-escolhido').textContent).toContain('pix.pdf');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar comprovante' }));
    await waitFor(() => expect(fetchMock.requests.some((request) => request.method === 'POST')).toBe(true));
    const sent = fetchMock.requests.find((request) => request.method === 'POST')!;
    expect(sent.path).toBe(`/api/financeiro/mensalidades/${base.id}/comprovante`);
    expect((sent.init?.body as FormData).get('arquivo')).toBeInstanceOf(File);
  });

  it("states the school's own multa and juros for paying late, and nothing of what it does not charge", async () => {
    let encargos = { multa_percentual: 2, juros_mensal_percentual: 0.5 };
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/financeiro/mensalidades': page([]),
      '/api/financeiro/encargos': () => encargos,
    });
    renderAt(<GuardianFinance />);
    const note = screen.getByTestId('encargos-atraso');
    await waitFor(() =>
      expect(note).toHaveTextContent(
        'Mensalidades pagas depois do vencimento têm multa de 2% e juros de 0,5% ao mês, proporcionais aos dias de atraso. Débitos nunca bloqueiam o acesso a notas, boletins ou documentos.',
      ),
    );
    cleanup();

    encargos = { multa_percentual: 1.5, juros_mensal_percentual: 0 };
    renderAt(<GuardianFinance />);
    await waitFor(() =>
      expect(screen.getByTestId('encargos-atraso')).toHaveTextContent(
        'Mensalidades pagas depois do vencimento têm multa de 1,5%. Débitos nunca bloqueiam',
      ),
    );
    expect(screen.getByTestId('encargos-atraso')).not.toHaveTextContent(/juros/);
  });
  it('counts an overdue enrolment fee as a fee in the summary, not as a mensalidade (ADR 0103)', async () => {
    const taxa: Mensalidade = {
      ...base,
      id: '00000000-0000-4000-8000-000000000005',
      tipo: 'taxa_matricula',
      anuidade_ano: 2027,
      comprovante_recusa: null,
    };
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/financeiro/mensalidades': (request) =>
        new URL(request.url, 'http://x').searchParams.get('status') === 'vencido'
          ? page([base, taxa])
          : page([]),
    });
    renderAt(<GuardianFinance />);
    await screen.findByRole('region', { name: 'Vencidas' });
    expect(screen.getByTestId('familia-resumo')).toHaveTextContent(
      'Em aberto: 1 mensalidade e 1 taxa de matrícula (2 vencidas)',
    );
  });

  it('is named for what it lists: the months, the fee, or both (ADR 0094)', async () => {
    const taxa: Mensalidade = {
      ...base,
      id: '00000000-0000-4000-8000-000000000006',
      tipo: 'taxa_matricula',
      anuidade_ano: 2027,
      status: 'pendente',
      comprovante_recusa: null,
    };
    const paidMonth: Mensalidade = { ...base, id: '00000000-0000-4000-8000-000000000007', status: 'pago' };
    const paidFee: Mensalidade = { ...taxa, id: '00000000-0000-4000-8000-000000000008', status: 'pago' };
    const answer = (byStatus: Partial<Record<string, Mensalidade[]>>) =>
      stubApi({
        '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
        '/api/financeiro/mensalidades': (request) =>
          page(byStatus[new URL(request.url, 'http://x').searchParams.get('status') ?? ''] ?? []),
      });

    // A new family: only the fee, due ahead.
    answer({ pendente: [taxa] });
    renderAt(<GuardianFinance />);
    expect(await screen.findByRole('region', { name: 'Próxima taxa de matrícula' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Taxa de matrícula' })).toBeVisible();
    expect(screen.getByText('Taxa de matrícula dos seus filhos, com Pix e recibos')).toBeVisible();
    cleanup();

    // The fee and the months, the fee paid in the history.
    answer({ vencido: [base], pago: [paidMonth, paidFee] });
    renderAt(<GuardianFinance />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mensalidades e taxa de matrícula' }),
    ).toBeVisible();
    // The history's table is named for what it holds.
    expect(await screen.findByRole('list', { name: 'Mensalidades e taxas pagas' })).toBeInTheDocument();
    cleanup();

    // Only months: as it always was.
    answer({ vencido: [base], pago: [paidMonth] });
    renderAt(<GuardianFinance />);
    expect(await screen.findByRole('list', { name: 'Mensalidades pagas' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mensalidades' })).toBeVisible();
  });
});
