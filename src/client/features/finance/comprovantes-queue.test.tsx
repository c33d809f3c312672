// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComprovantePendente } from '../../../shared/mensalidades.schemas';
import { mensalidadeAnswer, uuidOf } from '../../test/answers';
import { renderAt, stubApi } from '../../test/render';
import { ComprovantesQueue } from './comprovantes-queue';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mensalidade = mensalidadeAnswer({ status: 'em_confirmacao', em_confirmacao_desde: '2026-10-12' });
const pendente: ComprovantePendente = {
  mensalidade,
  comprovante: {
    id: uuidOf(20),
    mensalidade_id: mensalidade.id,
    data_referencia: '2026-10-12',
    valor_devido: 85_000,
    nome: 'comprovante.pdf',
    tipo: 'application/pdf',
    tamanho: 1_024,
    situacao: 'aguardando',
    resposta: null,
    enviado_em: '2026-10-12T13:00:00.000Z',
    enviado_por_nome: 'Carla Souza',
    url: `/api/financeiro/mensalidades/${mensalidade.id}/comprovante`,
  },
};
const RECUSAR = `/api/financeiro/mensalidades/${mensalidade.id}/comprovante/recusar`;

describe('Comprovantes a conferir', () => {
  it('refusing asks for the reason the family will read before sending anything', async () => {
    const api = stubApi({
      '/api/financeiro/comprovantes': [pendente],
      [RECUSAR]: { ...mensalidade, status: 'vencido' },
    });
    const user = userEvent.setup();
    renderAt(<ComprovantesQueue />);
    await user.click(await screen.findByRole('button', { name: 'Recusar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar comprovante' });
    await user.click(screen.getAllByRole('button', { name: 'Recusar' }).at(-1)!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Diga à família por que o comprovante foi recusado',
    );
    expect(dialog.querySelector('textarea')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.some((request) => request.path === RECUSAR)).toBe(false);

    await user.type(dialog.querySelector('textarea')!, 'O valor do comprovante é de outro mês');
    await user.click(screen.getAllByRole('button', { name: 'Recusar' }).at(-1)!);
    await waitFor(() =>
      expect(api.requests.find((request) => request.path === RECUSAR)?.body).toEqual({
        motivo: 'O valor do comprovante é de outro mês',
      }),
    );
  });
});
