// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { NovaConversaModal } from './nova-conversa-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('Nova mensagem (the family’s side)', () => {
  it('sends the family to the secretaria when no teacher of the child uses the portal, instead of an empty list', async () => {
    stubApi({ '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }) });
    renderAt(
      <NovaConversaModal
        destinos={[
          { aluno: { id: 'a1', nome: 'Luiza Lima' }, professores: [] },
          { aluno: { id: 'a2', nome: 'Lucas Lima' }, professores: [{ id: 'p1', nome: 'Rui Prado' }] },
        ]}
        onClose={() => undefined}
        onStarted={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nova mensagem' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Para'), 'professor');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Nenhum professor de Luiza Lima ainda usa o portal. Escreva para a secretaria',
    );
    expect(within(dialog).queryByLabelText('Professor')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Escrever para a secretaria' }));
    expect(within(dialog).getByLabelText('Para')).toHaveValue('secretaria');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();

    // A child whose teachers sign in keeps the teacher's list.
    await userEvent.selectOptions(within(dialog).getByLabelText('Sobre qual estudante'), 'a2');
    await userEvent.selectOptions(within(dialog).getByLabelText('Para'), 'professor');
    expect(
      within(within(dialog).getByLabelText('Professor')).getByRole('option', { name: 'Rui Prado' }),
    ).toBeInTheDocument();
  });

  it('says at once that a message written without signal was not sent, and keeps the text', async () => {
    const api = stubApi({ '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }) });
    // The portal knows it is offline; the request that tries anyway gets no answer.
    onlineManager.setOnline(false);
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url === '/api/auth/me' ? api(url, init) : Promise.reject(new TypeError('Failed to fetch')),
    );
    renderAt(
      <NovaConversaModal
        destinos={[
          { aluno: { id: '00000000-0000-4000-8000-000000000011', nome: 'Luiza Lima' }, professores: [] },
        ]}
        onClose={() => undefined}
        onStarted={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nova mensagem' });
    await userEvent.type(within(dialog).getByLabelText(/Assunto/), 'Passeio');
    await userEvent.type(within(dialog).getByLabelText(/Mensagem/), 'Ela pode levar lanche?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    // Not a button spinning until the connection returns: the failure is said (the toast and the form).
    expect(
      await screen.findAllByText(
        'Sem conexão: a mensagem não foi enviada. Ela continua escrita aqui; envie de novo quando a internet voltar.',
      ),
    ).not.toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Enviar' })).toBeEnabled();
    expect(within(dialog).getByLabelText(/Mensagem/)).toHaveValue('Ela pode levar lanche?');
  });
});
