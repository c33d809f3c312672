// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Mensalidade } from '../../../shared/mensalidades.schemas';
import type { NfseFamilia } from '../../../shared/nfse-documentos.schemas';
import { mensalidadeAnswer } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { GuardianFinance } from './guardian-finance';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const paid = mensalidadeAnswer({
  id: '00000000-0000-4000-8000-000000000011',
  mes_referencia: '2026-03',
  data_vencimento: '2026-03-10',
  status: 'pago',
  valor_pago: 85_000,
  principal_pago: 85_000,
  data_pagamento: '2026-03-08',
});
const paidWithout: Mensalidade = {
  ...paid,
  id: '00000000-0000-4000-8000-000000000012',
  mes_referencia: '2026-02',
};
const nota = (fields: Partial<NfseFamilia>): NfseFamilia => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  mensalidade_id: paid.id,
  competencia: '2026-03',
  status: 'emitida',
  numero: '42',
  emitida_em: '2026-03-05T13:00:00Z',
  ...fields,
});

const page = (items: Mensalidade[]) => ({ items, total: items.length, page: 1, pageSize: 12 });

describe('GuardianFinance: the NFS-e beside the receipt', () => {
  it('offers the DANFSe of a paid month that has a note (the issued one over a cancelled one), and none otherwise', async () => {
    const fetchMock = stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/financeiro/mensalidades': (request) =>
        new URL(request.url, 'http://x').searchParams.get('status') === 'pago'
          ? page([paid, paidWithout])
          : page([]),
      '/api/fiscal/nfse/familia': [
        nota({ id: '00000000-0000-4000-8000-0000000000a2', status: 'cancelada', numero: '41' }),
        nota({}),
      ],
    });
    renderAt(<GuardianFinance />);

    const button = await screen.findByRole('button', {
      name: 'Nota fiscal (DANFSe): Lia Souza, março de 2026',
    });
    expect(screen.getAllByRole('button', { name: /^Recibo:/ })).toHaveLength(2);
    expect(screen.queryAllByRole('button', { name: /^Nota fiscal/ })).toHaveLength(1);
    fireEvent.click(button);
    await waitFor(() =>
      expect(fetchMock.requests.map((request) => request.path)).toContain(
        '/api/fiscal/nfse/00000000-0000-4000-8000-0000000000a1/danfse.pdf',
      ),
    );
  });

  it('still shows the receipts when the notes cannot be loaded', async () => {
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/financeiro/mensalidades': (request) =>
        new URL(request.url, 'http://x').searchParams.get('status') === 'pago' ? page([paid]) : page([]),
    });
    renderAt(<GuardianFinance />);
    expect(await screen.findByRole('button', { name: 'Recibo: Lia Souza, março de 2026' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Nota fiscal/ })).toBeNull();
  });
});
