// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Boleto } from '../../../shared/boleto.schemas';
import { mensalidadeAnswer } from '../../test/answers';
import { renderAt, reply, signedInAs, stubApi } from '../../test/render';
import { GuardianFinance } from './guardian-finance';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const outubro = mensalidadeAnswer({ mes_referencia: '2099-10', data_vencimento: '2099-10-10' });
const MENSALIDADE = outubro.id;

const boleto: Boleto = {
  mensalidade_id: MENSALIDADE,
  banco: '001',
  banco_nome: 'Banco do Brasil',
  nosso_numero: '12345670000000001',
  codigo_barras: '00191000000000850000000001234567000000000117',
  linha_digitavel: '00190000090123456700400000001171100000000085000',
  linha_digitavel_formatada: '00190.00009 01234.567004 00000.001171 1 00000000085000',
  vencimento: '2099-10-10',
  valor: 85_000,
  multa: 0,
  juros: 0,
  vencimento_mensalidade: null,
  situacao: 'a_registrar',
  motivo_rejeicao: null,
  pagador: { nome: 'Carla Souza', cpf: '52998224725' },
};

function familyScreen(disponivel: boolean, answer: unknown = boleto) {
  const fetchMock = stubApi({
    '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
    '/api/financeiro/mensalidades': (request) => {
      const status = new URL(request.url, 'http://x').searchParams.get('status');
      return { items: status === 'pendente' ? [outubro] : [], total: 1, page: 1, pageSize: 200 };
    },
    '/api/financeiro/boleto/disponivel': { disponivel, banco_nome: disponivel ? 'Banco do Brasil' : null },
    [`/api/financeiro/mensalidades/${MENSALIDADE}/boleto`]: answer as object,
  });
  renderAt(<GuardianFinance />);
  return fetchMock;
}

describe("the family's boleto", () => {
  it('opens the boleto: amount, due date, the linha digitável to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    familyScreen(true);
    const card = await screen.findByTestId('familia-mensalidade');
    fireEvent.click(await within(card).findByRole('button', { name: 'Boleto: Lia Souza, outubro de 2099' }));
    const dialog = await screen.findByRole('dialog', { name: 'Boleto' });
    const linha = await within(dialog).findByLabelText<HTMLTextAreaElement>('Linha digitável');
    expect(linha.value).toBe(boleto.linha_digitavel_formatada);
    expect(dialog.textContent).toContain('R$\u00a0850,00');
    expect(dialog.textContent).toContain('10/10/2099');
    expect(within(dialog).getByRole('button', { name: 'Baixar boleto (PDF)' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copiar linha digitável' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(boleto.linha_digitavel));
  });

  it('past its due date, speaks of the amount printed and of today’s, never of paying before the due date', async () => {
    const julho = mensalidadeAnswer({
      id: '00000000-0000-4000-8000-000000000007',
      mes_referencia: '2026-07',
      data_vencimento: '2026-07-11',
      status: 'vencido',
      valor_atualizado: 90_808,
    });
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/financeiro/mensalidades': (request) => {
        const status = new URL(request.url, 'http://x').searchParams.get('status');
        return { items: status === 'pendente' ? [julho] : [], total: 1, page: 1, pageSize: 200 };
      },
      '/api/financeiro/boleto/disponivel': { disponivel: true, banco_nome: 'Banco do Brasil' },
      [`/api/financeiro/mensalidades/${julho.id}/boleto`]: {
        ...boleto,
        mensalidade_id: julho.id,
        vencimento: '2026-07-11',
      },
    });
    renderAt(<GuardianFinance />);
    fireEvent.click(await screen.findByRole('button', { name: 'Boleto: Lia Souza, julho de 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Boleto' });
    await within(dialog).findByLabelText('Linha digitável');
    expect(dialog.textContent).toContain(
      'Valor impressoR$\u00a0850,00Hoje, com multa e juros: R$\u00a0908,08',
    );
    expect(dialog.textContent).toContain('Este boleto venceu em 11/07/2026.');
    expect(dialog.textContent).not.toContain('até o vencimento');
  });

  it('an overdue month with no boleto before: the boleto’s own due date and the amount of that day, with multa and juros (ADR 0131)', async () => {
    const maio = mensalidadeAnswer({
      id: '00000000-0000-4000-8000-000000000005',
      mes_referencia: '2099-05',
      data_vencimento: '2099-05-10',
      status: 'vencido',
      valor_atualizado: 86_870,
    });
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/financeiro/mensalidades': (request) => {
        const status = new URL(request.url, 'http://x').searchParams.get('status');
        return { items: status === 'pendente' ? [maio] : [], total: 1, page: 1, pageSize: 200 };
      },
      '/api/financeiro/boleto/disponivel': { disponivel: true, banco_nome: 'Banco do Brasil' },
      [`/api/financeiro/mensalidades/${maio.id}/boleto`]: {
        ...boleto,
        mensalidade_id: maio.id,
        vencimento: '2099-05-16',
        valor: 86_870,
        multa: 1_700,
        juros: 170,
        vencimento_mensalidade: '2099-05-10',
      },
    });
    renderAt(<GuardianFinance />);
    fireEvent.click(await screen.findByRole('button', { name: 'Boleto: Lia Souza, maio de 2099' }));
    const dialog = await screen.findByRole('dialog', { name: 'Boleto' });
    await within(dialog).findByLabelText('Linha digitável');
    expect(dialog.textContent).toContain(
      'ValorR$\u00a0868,70R$\u00a0850,00 + multa R$\u00a017,00 + juros R$\u00a01,70',
    );
    expect(dialog.textContent).toContain('Vencimento do boleto16/05/2099');
    expect(within(dialog).getByRole('note').textContent).toContain(
      'A mensalidade venceu em 10/05/2099. Este boleto vence em 16/05/2099 e já traz a multa e os juros até esse dia.',
    );
    expect(dialog.textContent).toContain('Depois dele, o banco cobra só os juros de cada dia a mais.');
    expect(dialog.textContent).not.toContain('Valor impresso');
  });

  it('says why there is no boleto (the payer without CPF)', async () => {
    familyScreen(
      true,
      reply(422, {
        success: false,
        code: 'UNPROCESSABLE',
        message: 'O responsável financeiro (Carla Souza) não tem CPF cadastrado.',
      }),
    );
    const card = await screen.findByTestId('familia-mensalidade');
    fireEvent.click(await within(card).findByRole('button', { name: /^Boleto:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Boleto' });
    expect((await within(dialog).findByText(/não tem CPF cadastrado/)).textContent).toContain('Carla Souza');
  });

  it('offers no boleto while the school does not issue them', async () => {
    const fetchMock = familyScreen(false);
    await screen.findByTestId('familia-mensalidade');
    await waitFor(() =>
      expect(fetchMock.requests.some((r) => r.path === '/api/financeiro/boleto/disponivel')).toBe(true),
    );
    expect(screen.queryByRole('button', { name: /^Boleto:/ })).toBeNull();
  });
});
