// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pagamento } from '../../../shared/mensalidades.schemas';
import { mensalidadeAnswer, uuidOf } from '../../test/answers';
import { renderAt, stubApi } from '../../test/render';
import { PagamentosModal, ReativarModal } from './estorno-modals';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const paga = mensalidadeAnswer({ status: 'pago', valor_pago: 85_000, principal_pago: 85_000 });
const pagamento = (id: number, changes: Partial<Pagamento>): Pagamento => ({
  id: uuidOf(id),
  valor_pago: 42_500,
  principal: 42_500,
  multa: 0,
  juros: 0,
  desconto: 0,
  data_pagamento: '2026-10-05',
  forma: 'dinheiro',
  origem: 'escola',
  ...changes,
});
const DETAIL = `/api/financeiro/mensalidades/${paga.id}`;

describe('Pagamentos e estorno', () => {
  it('lists the payments, offers the estorno only for the school’s, and sends the reason', async () => {
    const api = stubApi({
      [DETAIL]: {
        ...paga,
        pix: null,
        pagamentos: [
          pagamento(10, {}),
          pagamento(11, { forma: 'pix', origem: 'banco', data_pagamento: '2026-10-09' }),
        ],
      },
      [`${DETAIL}/pagamentos/${uuidOf(10)}/estorno`]: {
        mensalidade: { ...paga, status: 'pendente', valor_pago: 42_500, principal_pago: 42_500 },
        pix_a_conciliar: false,
      },
    });
    const user = userEvent.setup();
    renderAt(<PagamentosModal mensalidade={paga} onClose={() => undefined} />);

    const estornar = await screen.findByRole('button', {
      name: /^Estornar pagamento de R\$\s425,00 em dinheiro, pago em 05\/10\/2026$/,
    });
    expect(screen.getAllByRole('button', { name: /^Estornar/ })).toHaveLength(1);
    expect(screen.getByText('Confirmado pelo banco: só o banco devolve este valor à família.')).toBeVisible();

    await user.click(estornar);
    const dialog = await screen.findByRole('dialog', { name: 'Estornar pagamento' });
    expect(dialog).toHaveTextContent('a mensalidade volta a ficar em aberto, com multa e juros');
    await user.click(screen.getByRole('button', { name: 'Estornar pagamento' }));
    expect(await screen.findByText('Informe o motivo')).toBeVisible();
    await user.type(screen.getByLabelText(/Motivo do estorno/), 'Lançado na irmã');
    await user.click(screen.getByRole('button', { name: 'Estornar pagamento' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.path.endsWith('/estorno'))?.body).toEqual({
        motivo: 'Lançado na irmã',
      }),
    );
  });

  it('names who paid each payment (the payer of record, ADR 0112) when the server knows', async () => {
    stubApi({
      [DETAIL]: {
        ...paga,
        pix: null,
        pagamentos: [
          pagamento(10, { pagador: { id: uuidOf(20), nome: 'Carla Souza' } }),
          pagamento(11, { pagador: { id: uuidOf(21), nome: 'Diego Lima' }, data_pagamento: '2026-10-09' }),
          pagamento(12, { pagador: null, data_pagamento: '2026-10-10' }),
        ],
      },
    });
    renderAt(<PagamentosModal mensalidade={paga} onClose={() => undefined} />);
    expect(await screen.findByText('Pago por Carla Souza')).toBeVisible();
    expect(screen.getByText('Pago por Diego Lima')).toBeVisible();
    expect(screen.getAllByText(/^Pago por/)).toHaveLength(2);
  });

  it('reactivates a cancelled tuition with the reason, naming why it was cancelled', async () => {
    const cancelada = mensalidadeAnswer({ status: 'cancelado', motivo_cancelamento: 'Transferida' });
    const api = stubApi({
      [`/api/financeiro/mensalidades/${cancelada.id}/reativar`]: { ...cancelada, status: 'pendente' },
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderAt(<ReativarModal mensalidade={cancelada} onClose={onClose} />);
    expect(await screen.findByRole('dialog', { name: 'Reativar mensalidade' })).toHaveTextContent(
      'Lia Souza, outubro de 2026, cancelada (Transferida).',
    );
    await user.type(screen.getByLabelText(/Motivo da reativação/), 'Cancelada por engano');
    await user.click(screen.getByRole('button', { name: 'Reativar mensalidade' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests.find((request) => request.path.endsWith('/reativar'))?.body).toEqual({
      motivo: 'Cancelada por engano',
    });
  });
});
