// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DebitoAutomatico, Recorrencia } from '../../../shared/pix-automatico.schemas';
import { mensalidadeAnswer, studentAnswer } from '../../test/answers';
import { renderAt, signedInAs, stubApi, type StubRoutes } from '../../test/render';
import { GuardianFinance } from './guardian-finance';
import { PixModal } from './pix-modal';
import { DebitoNaMensalidade } from './debito-automatico-mensalidade';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALUNO = '00000000-0000-4000-8000-000000000002';
const MENSALIDADE = '00000000-0000-4000-8000-000000000001';
const DEBITO = `/api/financeiro/pix/automatico/alunos/${ALUNO}`;

const lia = studentAnswer({ id: ALUNO, nome: 'Lia Souza' });

const outubro = mensalidadeAnswer({ id: MENSALIDADE, aluno_id: ALUNO });

const recorrencia = (fields: Partial<Recorrencia>): Recorrencia => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  status: 'aguardando',
  valor_maximo: 100_000,
  data_inicial: '2026-10-01',
  contrato: 'MAT-2026001',
  copia_e_cola: '00020101021226990014br.gov.bcb.pix2577pix.exemplo/rec/1',
  encerrada_por: null,
  pedido_por: 'Ana Souza',
  pedido_por_voce: true,
  cobrancas: [],
  ...fields,
});

/** Active, with October's debit scheduled. */
const ativa = recorrencia({
  status: 'ativa',
  cobrancas: [
    {
      mensalidade_id: MENSALIDADE,
      txid: 'r1',
      status: 'ativa',
      valor: 85_000,
      data_vencimento: '2026-10-10',
      erro: null,
    },
  ],
});

function guardianScreen(debito: DebitoAutomatico | (() => DebitoAutomatico), extra: StubRoutes = {}) {
  const fetchMock = stubApi({
    '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
    '/api/alunos': { items: [lia], total: 1, page: 1, pageSize: 100 },
    '/api/financeiro/mensalidades': (request) => {
      const status = new URL(request.url, 'http://x').searchParams.get('status');
      return { items: status === 'pendente' ? [outubro] : [], total: 1, page: 1, pageSize: 200 };
    },
    [DEBITO]: (request) =>
      request.method === 'GET'
        ? typeof debito === 'function'
          ? debito()
          : debito
        : recorrencia({ status: 'aguardando' }),
    ...extra,
  });
  renderAt(<GuardianFinance />);
  return fetchMock;
}

describe('Débito automático via Pix (family)', () => {
  it('explains it and asks for it with the ceiling and the start date', async () => {
    const fetchMock = guardianScreen({ disponivel: true, recorrencia: null }, {});
    const section = await screen.findByRole('region', { name: 'Débito automático via Pix' });
    const card = within(section).getByRole('article', { name: 'Lia Souza' });
    expect(card.textContent).toContain('debitada da sua conta no dia do vencimento');
    fireEvent.click(within(card).getByRole('button', { name: 'Quero débito automático' }));
    const form = within(card).getByRole('form', { name: 'Pedir débito automático para Lia Souza' });
    const valor = within(form).getByLabelText(/Valor máximo por mês/);
    fireEvent.change(valor, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pedir débito automático' }));
    expect(within(form).getByRole('alert').textContent).toContain('Informe o valor máximo');
    fireEvent.change(valor, { target: { value: '1.200,00' } });
    fireEvent.change(within(form).getByLabelText(/A partir de/), { target: { value: '2099-11-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Pedir débito automático' }));
    await waitFor(() => expect(fetchMock.requests.some((request) => request.method === 'POST')).toBe(true));
    const sent = fetchMock.requests.find((request) => request.method === 'POST')!;
    expect(sent.path).toBe(DEBITO);
    expect(sent.body).toEqual({ valor_maximo: 120_000, data_inicial: '2099-11-01' });
  });

  it('waiting: shows the code to authorise in the bank app, and can withdraw the request', async () => {
    guardianScreen({ disponivel: true, recorrencia: recorrencia({ status: 'aguardando' }) });
    const card = await screen.findByRole('article', { name: 'Lia Souza' });
    expect(within(card).getByText('Aguardando autorização')).toBeTruthy();
    expect(within(card).getByText('Autorize no app do seu banco')).toBeTruthy();
    expect(within(card).getByLabelText<HTMLTextAreaElement>('Pix Copia e Cola da autorização').value).toBe(
      recorrencia({}).copia_e_cola,
    );
    expect(within(card).getByRole('button', { name: 'Cancelar pedido de débito automático' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Quero débito automático' })).toBeNull();
  });

  it('active: the next debit, and cancelling asks first', async () => {
    const fetchMock = guardianScreen(
      { disponivel: true, recorrencia: ativa },
      { [`${DEBITO}/cancelar`]: ativa },
    );
    const card = await screen.findByRole('article', { name: 'Lia Souza' });
    expect(within(card).getByText('Ativo')).toBeTruthy();
    expect(within(card).getByTestId('proximo-debito').textContent).toMatch(
      /Próximo débito: R\$\s850,00 em 10\/10\/2026/,
    );
    // The month's own card says it goes by the debit, so it is not paid twice by Pix.
    expect((await screen.findByTestId('debito-agendado-linha')).textContent).toBe(
      'Débito automático agendado para 10/10 (da sua conta): não é preciso pagar pelo Pix.',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Cancelar débito automático' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar débito automático?' });
    expect(fetchMock.requests.some((request) => request.path.endsWith('/cancelar'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar débito automático' }));
    await waitFor(() =>
      expect(fetchMock.requests.some((request) => request.path === `${DEBITO}/cancelar`)).toBe(true),
    );
  });

  it('a month the debit will pay says so first on its card, and paying it by Pix now is the second choice', async () => {
    guardianScreen({ disponivel: true, recorrencia: ativa });
    const line = await screen.findByTestId('debito-agendado-linha');
    const card = line.closest('article')!;
    // The debit's message before the due date and the amount, not after them.
    expect(card.textContent.indexOf('Débito automático agendado')).toBeLessThan(
      card.textContent.indexOf('Vence em'),
    );
    expect(within(card).queryByRole('button', { name: /^Pagar com Pix/ })).toBeNull();
    const anyway = within(card).getByRole('button', {
      name: 'Pagar agora pelo Pix mesmo assim: Lia Souza, outubro de 2026',
    });
    expect(anyway).toHaveClass('bg-white');
    expect(anyway).not.toHaveClass('bg-primary-strong');
  });

  it('a month with no debit scheduled keeps Pix as its main action', async () => {
    guardianScreen({ disponivel: true, recorrencia: recorrencia({ status: 'ativa' }) });
    const pix = await screen.findByRole('button', { name: 'Pagar com Pix: Lia Souza, outubro de 2026' });
    expect(pix).toHaveClass('bg-primary-strong');
    expect(screen.queryByTestId('debito-agendado-linha')).toBeNull();
    expect(screen.queryByRole('button', { name: /mesmo assim/ })).toBeNull();
  });

  it('a debit the school withdrew (the month changed) says so, and the month is paid by its Pix', async () => {
    const retirada = recorrencia({
      status: 'ativa',
      cobrancas: [{ ...ativa.cobrancas[0]!, status: 'retirada' }],
    });
    guardianScreen({ disponivel: true, recorrencia: retirada });
    const card = await screen.findByRole('article', { name: 'Lia Souza' });
    expect(within(card).getByTestId('debito-retirado').textContent).toMatch(
      /^O débito de R\$\s850,00 em 10\/10\/2026 foi cancelado pela escola no banco, porque a mensalidade mudou/,
    );
    expect(within(card).getByTestId('proximo-debito').textContent).toContain(
      'O próximo débito é agendado de 2 a 10 dias antes do vencimento.',
    );
    await screen.findByRole('button', { name: /Pagar com Pix/ });
    expect(screen.queryByTestId('debito-agendado-linha')).toBeNull();
  });

  it('a month the bank never took says so, and the month is paid by its Pix', async () => {
    const naoEnviada = recorrencia({
      status: 'ativa',
      cobrancas: [{ ...ativa.cobrancas[0]!, status: 'nao_enviada', erro: 'Recebedor inválido' }],
    });
    guardianScreen({ disponivel: true, recorrencia: naoEnviada });
    const card = await screen.findByRole('article', { name: 'Lia Souza' });
    expect(within(card).getByTestId('debito-nao-enviado').textContent).toMatch(
      /^O débito de 10\/10\/2026 não foi aceito pelo banco e não será feito/,
    );
    expect(within(card).queryByTestId('debito-retirado')).toBeNull();
    await screen.findByRole('button', { name: /Pagar com Pix/ });
    expect(screen.queryByTestId('debito-agendado-linha')).toBeNull();
  });

  it('the other guardian: sees whose account it debits, no code to authorise and no cancel button', async () => {
    guardianScreen({ disponivel: true, recorrencia: { ...ativa, pedido_por_voce: false } });
    const card = await screen.findByRole('article', { name: 'Lia Souza' });
    expect(card.textContent).toContain('debitadas da conta de Ana Souza no vencimento');
    expect(card.textContent).toContain('Só Ana Souza, que pediu o débito, ou a secretaria da escola');
    expect(within(card).queryByRole('button', { name: /Cancelar/ })).toBeNull();
    cleanup();

    guardianScreen({ disponivel: true, recorrencia: recorrencia({ pedido_por_voce: false }) });
    const waiting = await screen.findByRole('article', { name: 'Lia Souza' });
    expect(waiting.textContent).toContain('Pedido feito por Ana Souza; falta a autorização no app do banco.');
    expect(within(waiting).queryByLabelText('Pix Copia e Cola da autorização')).toBeNull();
    expect(within(waiting).queryByRole('button', { name: /Cancelar/ })).toBeNull();
  });

  it('cancelled in the bank app: says so and offers it again', async () => {
    guardianScreen({
      disponivel: true,
      recorrencia: recorrencia({ status: 'cancelada', encerrada_por: 'banco' }),
    });
    const card = await screen.findByRole('article', { name: 'Lia Souza' });
    expect(card.textContent).toContain('O débito automático foi cancelado no app do banco.');
    expect(within(card).getByRole('button', { name: 'Quero débito automático' })).toBeTruthy();
  });

  it('hidden when the school does not offer it', async () => {
    guardianScreen({ disponivel: false, recorrencia: null });
    await screen.findByRole('region', { name: 'Próxima mensalidade' });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Débito automático via Pix' })).toBeNull(),
    );
  });

  it("'Pagar com Pix' of a month that goes by automatic debit says when", async () => {
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      [`/api/financeiro/mensalidades/${MENSALIDADE}/pix`]: {
        copia_e_cola: '000201',
        qrcode: 'data:image/png;base64,AA==',
        valor: 85_000,
        txid: 'c1',
        dinamico: true,
        confirmacao_automatica: true,
      },
      [DEBITO]: {
        disponivel: true,
        recorrencia: ativa,
      },
    });
    renderAt(<PixModal mensalidade={outubro} onClose={() => undefined} />);
    const note = await screen.findByTestId('debito-agendado');
    expect(note.textContent).toContain('Débito automático agendado para 10/10.');
    expect(note.textContent).toContain('não é preciso pagar por este código');
    expect(note.textContent).toContain(
      'Se pagar por ele agora, a escola cancela o débito deste mês no banco.',
    );
  });

  it('the school’s side names whose account it debits, in the note and in the cancellation', async () => {
    stubApi({
      '/api/auth/me': signedInAs(),
      [DEBITO]: { disponivel: true, recorrencia: { ...ativa, pedido_por_voce: false } },
    });
    renderAt(<DebitoNaMensalidade mensalidade={outubro} staff />);
    const note = await screen.findByTestId('debito-agendado');
    expect(note.textContent).toContain('serão debitados da conta de Ana Souza no vencimento');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar débito automático' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancelar débito automático?' });
    expect(confirm.textContent).toContain('deixam de ser debitadas da conta de Ana Souza');
  });
});
