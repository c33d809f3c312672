// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mensalidadeAnswer } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { AdjustModal } from './adjust-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdjustModal', () => {
  it('opens on the discount; cancelling the mensalidade is a choice the secretaria makes on purpose', async () => {
    stubApi({ '/api/auth/me': signedInAs() });
    renderAt(
      <AdjustModal mensalidade={mensalidadeAnswer({ principal_pago: 0 })} onClose={() => undefined} />,
    );
    const action = await screen.findByLabelText('Ação');
    expect(action).toHaveDisplayValue('Conceder desconto');
    expect(screen.getByRole('button', { name: 'Aplicar desconto' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancelar mensalidade' })).toBeNull();

    await userEvent.selectOptions(action, 'cancelar');
    expect(screen.getByRole('button', { name: 'Cancelar mensalidade' })).toBeVisible();
    expect(screen.queryByLabelText(/Desconto total/)).toBeNull();
  });

  it('starts from the discount already given (a bolsa) and says what the month becomes, above today’s value too', async () => {
    stubApi({ '/api/auth/me': signedInAs() });
    renderAt(
      <AdjustModal
        mensalidade={mensalidadeAnswer({ principal_pago: 0, valor: 42_500, motivo_desconto: 'Bolsa de 50%' })}
        onClose={() => undefined}
      />,
    );
    const field = await screen.findByLabelText(/Desconto total sobre o valor original/);
    expect(field).toHaveValue('425,00');
    expect(
      screen.getByText(/Hoje: R\$\s425,00 \(Bolsa de 50%\)\. Com este desconto: R\$\s425,00\.$/),
    ).toBeVisible();
    // 'R$ 25,00 more for the sibling' typed as the whole discount would undo the bolsa: said before saving.
    await userEvent.clear(field);
    await userEvent.type(field, '25,00');
    expect(
      screen.getByText(
        /Hoje: R\$\s425,00 \(Bolsa de 50%\)\. Com este desconto: R\$\s825,00 — mais do que hoje\.$/,
      ),
    ).toBeVisible();
  });

  it('says, before cancelling, that the tuition’s issued NFS-e stays for the Direção to cancel', async () => {
    const mensalidade = mensalidadeAnswer({ principal_pago: 0 });
    stubApi({
      '/api/auth/me': signedInAs(),
      '/api/fiscal/nfse': [
        {
          id: '00000000-0000-4000-8000-000000000901',
          lote_id: null,
          mensalidade_id: mensalidade.id,
          competencia: mensalidade.mes_referencia,
          status: 'emitida',
          ambiente: 'producao_restrita',
          serie: '1',
          numero_dps: 7,
          numero: '207',
          chave_acesso: null,
          codigo: null,
          motivo: null,
          aluno: { id: mensalidade.aluno_id, nome: mensalidade.aluno_nome },
          tomador: { nome: 'Carla Souza', cpf: null },
          valor: mensalidade.valor_original,
          emitida_em: '2026-12-01T13:00:00Z',
          cancelada_em: null,
          motivo_cancelamento: null,
          mensalidade_cancelada: false,
        },
      ],
    });
    renderAt(<AdjustModal mensalidade={mensalidade} onClose={() => undefined} />);
    const action = await screen.findByLabelText('Ação');
    expect(screen.queryByRole('note')).toBeNull();
    await userEvent.selectOptions(action, 'cancelar');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'A NFS-e nº 207 desta mensalidade já foi emitida e continua válida depois do cancelamento: a Direção deve cancelá-la em Notas fiscais.',
    );
  });
});
