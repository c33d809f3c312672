// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PixAutomaticoConfig } from '../../../shared/pix-automatico.schemas';
import { renderAt, reply, signedInAs, stubApi } from '../../test/render';
import { DebitoAutomaticoConfig } from './debito-automatico-config';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const URL = '/api/financeiro/pix/automatico/config';
const off: PixAutomaticoConfig = {
  ativo: false,
  agencia: null,
  conta: null,
  tipo_conta: null,
  indisponivel: false,
  version: 1,
};

describe('Débito automático (Pix Automático) settings', () => {
  it('switched on, asks for the account in place, then saves it', async () => {
    const fetchMock = stubApi({
      '/api/auth/me': signedInAs(),
      [URL]: (request) =>
        request.method === 'PUT'
          ? { ...off, ativo: true, agencia: '0001', conta: '123456', tipo_conta: 'CORRENTE', version: 2 }
          : off,
    });
    renderAt(<DebitoAutomaticoConfig provedorAtivo />);
    const section = await screen.findByRole('region', { name: 'Débito automático (Pix Automático)' });
    expect(await within(section).findByText('Não oferecido')).toBeTruthy();
    expect(section.textContent).toContain('de 2 a 10 dias antes do vencimento');
    const form = await within(section).findByRole('form', { name: 'Débito automático' });
    fireEvent.click(within(form).getByRole('switch', { name: 'Oferecer débito automático às famílias' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar débito automático' }));
    expect(within(form).getByRole('alert').textContent).toContain('informe agência, conta e tipo de conta');
    expect(fetchMock.requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/Agência/), { target: { value: '0001' } });
    fireEvent.change(within(form).getByLabelText(/Conta \(só números\)/), { target: { value: '123456' } });
    fireEvent.change(within(form).getByLabelText(/Tipo de conta/), { target: { value: 'CORRENTE' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar débito automático' }));
    await waitFor(() => expect(fetchMock.requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(fetchMock.requests.find((request) => request.method === 'PUT')!.body).toEqual({
      ativo: true,
      agencia: '0001',
      conta: '123456',
      tipo_conta: 'CORRENTE',
      version: 1,
    });
    expect(await within(section).findByText('Oferecido às famílias')).toBeTruthy();
  });

  it('says why families do not see it: the Pix charges off, or the bank without Pix Automático', async () => {
    stubApi({
      '/api/auth/me': signedInAs(),
      [URL]: { ...off, ativo: true, agencia: '1', conta: '2', tipo_conta: 'CORRENTE', indisponivel: true },
    });
    renderAt(<DebitoAutomaticoConfig provedorAtivo={false} />);
    const section = await screen.findByRole('region', { name: 'Débito automático (Pix Automático)' });
    expect((await within(section).findByRole('note')).textContent).toContain('não oferece Pix Automático');
    expect(section.textContent).toContain('Ligue antes o Pix automático (cobranças) acima');
    expect(within(section).getByText('Não oferecido')).toBeTruthy();
  });

  it('puts what the bank refuses under the field it is about', async () => {
    stubApi({
      '/api/auth/me': signedInAs(),
      [URL]: (request) =>
        request.method === 'PUT'
          ? reply(400, {
              success: false,
              message: 'Confira os dados da conta.',
              details: [{ path: 'conta', message: 'O banco não reconhece esta conta.' }],
            })
          : { ...off, ativo: true, agencia: '0001', conta: '999', tipo_conta: 'CORRENTE' },
    });
    renderAt(<DebitoAutomaticoConfig provedorAtivo />);
    const form = await screen.findByRole('form', { name: 'Débito automático' });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar débito automático' }));
    expect(await within(form).findByText('O banco não reconhece esta conta.')).toBeTruthy();
  });
});
