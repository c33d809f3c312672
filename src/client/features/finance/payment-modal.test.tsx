// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayIso } from '../../../shared/format';
import { IDEMPOTENCY_HEADER } from '../../../shared/idempotency.schemas';
import { mensalidadeAnswer } from '../../test/answers';
import { renderAt, stubApi } from '../../test/render';
import { PaymentModal } from './payment-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lia = mensalidadeAnswer();
const PAGAMENTO = `/api/financeiro/mensalidades/${lia.id}/pagamento`;
const COTACAO = `/api/financeiro/mensalidades/${lia.id}/cotacao`;
/** The quote of a month paid on time: R$ 850,00, nothing added. */
const EM_DIA = { principal: 85_000, multa: 0, juros: 0, total: 85_000, dias_atraso: 0 };

describe('Registrar pagamento', () => {
  it('asks how it was paid instead of presetting PIX, and sends what the secretary chose', async () => {
    const api = stubApi({
      [COTACAO]: EM_DIA,
      [PAGAMENTO]: { pagamento: null },
    });
    const user = userEvent.setup();
    renderAt(<PaymentModal mensalidade={lia} onClose={() => undefined} />);
    const forma = await screen.findByLabelText(/Forma de pagamento/);
    expect(forma).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText(/Valor pago/)).toHaveValue('850,00'));

    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Escolha a forma de pagamento.')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === PAGAMENTO)).toBe(false);

    await user.selectOptions(forma, 'Dinheiro');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(api.requests.some((request) => request.path === PAGAMENTO)).toBe(true));
    expect(api.requests.find((request) => request.path === PAGAMENTO)?.body).toEqual({
      valor_pago: 85_000,
      data_pagamento: todayIso(),
      forma: 'dinheiro',
    });
  });

  it('sent again after a lost answer, the same payment carries the same Idempotency-Key; a changed one another', async () => {
    const api = stubApi({
      [COTACAO]: EM_DIA,
      [PAGAMENTO]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderAt(<PaymentModal mensalidade={lia} onClose={() => undefined} />);
    await user.selectOptions(await screen.findByLabelText(/Forma de pagamento/), 'Dinheiro');
    await waitFor(() => expect(screen.getByLabelText(/Valor pago/)).toHaveValue('850,00'));
    const keysSent = () =>
      api.requests
        .filter((request) => request.path === PAGAMENTO)
        .map((request) => new Headers(request.init?.headers).get(IDEMPOTENCY_HEADER));

    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(keysSent()).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Registrar' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(keysSent()).toHaveLength(2));
    const [first, again] = keysSent();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBe(first);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Registrar' })).toBeEnabled());
    await user.clear(screen.getByLabelText(/Valor pago/));
    await user.type(screen.getByLabelText(/Valor pago/), '400,00');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(keysSent()).toHaveLength(3));
    expect(keysSent()[2]).not.toBe(first);
  });
});
