// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mensalidadeAnswer } from '../../test/answers';
import { renderAt, stubApi } from '../../test/render';
import { PixCobrancaStatus } from './pix-cobranca-status';

afterEach(cleanup);

const id = '00000000-0000-4000-8000-0000000000a1';
const showWith = (pix: object) => {
  stubApi({ [`/api/financeiro/mensalidades/${id}`]: { ...mensalidadeAnswer({ id }), pagamentos: [], pix } });
  renderAt(<PixCobrancaStatus mensalidadeId={id} />);
};

describe('PixCobrancaStatus', () => {
  it('an active charge confirms itself', async () => {
    showWith({ status: 'ativa', txid: 'abc123' });
    expect(await screen.findByText('o pagamento é confirmado sozinho', { exact: false })).toBeInTheDocument();
  });

  it('a charge the bank no longer accepts says so: the fixed code does not confirm itself', async () => {
    showWith({ status: 'ativa', txid: 'abc123', expirou_em: '2026-05-10' });
    expect(await screen.findByText('Expirada no banco')).toBeInTheDocument();
    expect(screen.getByTestId('pix-cobranca')).toHaveTextContent(
      'O banco aceitou a cobrança até 10/05/2026. Agora a família paga pelo código Pix fixo da escola, que não se confirma sozinho',
    );
    expect(screen.queryByText(/o pagamento é confirmado sozinho/)).toBeNull();
  });
});
