// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import type { Parecer } from '../../../shared/pareceres.schemas';
import { parecerAnswer } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { ParecerEditor } from './parecer-editor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const PERIODO = '00000000-0000-4000-8000-000000000021';
const KEPT = 'Rascunho guardado neste aparelho — ainda não salvo na escola.';
const UNSENT =
  'Sem conexão: o parecer ficou guardado neste aparelho. Salve de novo quando a internet voltar.';

const savedParecer = (alunoId: string, texto: string): Parecer => parecerAnswer(alunoId, { texto });

/** The editor as the page opens it (a reload is the same: a new page reading the device again). */
function openEditor(alunoId: string, connected: () => boolean, parecer: Parecer | null = null) {
  const api = stubApi({
    '/api/auth/me': signedInAs(),
    [`/api/pareceres/${alunoId}/${PERIODO}`]: (request) =>
      savedParecer(alunoId, (request.body as { texto: string }).texto),
  });
  // No signal: the request never gets an answer (fetch rejects, as a browser's does).
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
    connected() || url === '/api/auth/me' ? api(url, init) : Promise.reject(new TypeError('Failed to fetch')),
  );
  renderAt(
    <ParecerEditor
      aluno={{ id: alunoId, nome: 'Lia Prado' }}
      periodoId={PERIODO}
      parecer={parecer}
      canReview={false}
    />,
  );
  return api;
}

const reload = (alunoId: string, connected: () => boolean) => {
  cleanup();
  return openEditor(alunoId, connected);
};

describe('ParecerEditor: what is typed is kept on the device', () => {
  it('keeps the text as a draft while typing and brings it back, with a note, after a reload', async () => {
    const ALUNO = '00000000-0000-4000-8000-000000000071';
    openEditor(ALUNO, () => true);
    await userEvent.type(await screen.findByLabelText('Parecer geral'), 'Chegou curiosa.');
    expect(await screen.findByRole('status')).toHaveTextContent(KEPT);

    reload(ALUNO, () => true);
    await waitFor(() => expect(screen.getByLabelText('Parecer geral')).toHaveValue('Chegou curiosa.'));
    expect(screen.getByRole('status')).toHaveTextContent(KEPT);
    // Announced politely, never by taking the focus from where the teacher is.
    expect(screen.getByRole('status')).not.toHaveFocus();
  });

  it('says at once that a save without signal stayed on the device; a save with signal clears the draft', async () => {
    const ALUNO = '00000000-0000-4000-8000-000000000072';
    let connected = false;
    onlineManager.setOnline(false);
    openEditor(ALUNO, () => connected);
    await userEvent.type(await screen.findByLabelText('Parecer geral'), 'Conduz as rodas de conversa.');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    // Not a spinner waiting for the connection: the failure is said, and Salvar can be tapped again.
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(UNSENT));
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();

    // The app closed and opened again, still without signal: the text is there.
    reload(ALUNO, () => connected);
    await waitFor(() =>
      expect(screen.getByLabelText('Parecer geral')).toHaveValue('Conduz as rodas de conversa.'),
    );

    connected = true;
    onlineManager.setOnline(true);
    const api = reload(ALUNO, () => connected);
    await waitFor(() =>
      expect(screen.getByLabelText('Parecer geral')).toHaveValue('Conduz as rodas de conversa.'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Parecer salvo.')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'PUT').map((r) => r.body)).toEqual([
      { texto: 'Conduz as rodas de conversa.', campos: {}, enviar: false },
    ]);
    await waitFor(() => expect(screen.queryByText(KEPT)).not.toBeInTheDocument());

    // Saved at the school: opening again shows no draft (the server's text comes from the server).
    reload(ALUNO, () => connected);
    await screen.findByLabelText('Parecer geral');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Parecer geral')).toHaveValue('');
    expect(screen.queryByText(KEPT)).not.toBeInTheDocument();
  });

  it('says when the parecer was saved at the school after the draft was started', async () => {
    const ALUNO = '00000000-0000-4000-8000-000000000073';
    openEditor(ALUNO, () => true);
    await userEvent.type(await screen.findByLabelText('Parecer geral'), 'Texto do celular.');
    expect(await screen.findByRole('status')).toHaveTextContent(KEPT);

    // Meanwhile the coordination saved another text (version 2): the draft still comes back, with a word.
    cleanup();
    openEditor(ALUNO, () => true, { ...savedParecer(ALUNO, 'Texto da coordenação.'), version: 2 });
    await waitFor(() => expect(screen.getByLabelText('Parecer geral')).toHaveValue('Texto do celular.'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'O parecer foi alterado na escola depois deste rascunho: confira antes de salvar',
    );
  });
});

describe('ParecerEditor while it saves', () => {
  it('Salvar keeps the focus and Enviar para revisão waits held (aria-disabled, not disabled): nothing goes twice', async () => {
    const ALUNO = '00000000-0000-4000-8000-000000000079';
    const user = userEvent.setup();
    const api = stubApi({ '/api/auth/me': signedInAs() });
    const puts: string[] = [];
    // The save's request stays on its way.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (init?.method !== 'PUT') return api(url, init);
      puts.push(url);
      return new Promise<Response>(() => undefined);
    });
    renderAt(
      <ParecerEditor
        aluno={{ id: ALUNO, nome: 'Lia Prado' }}
        periodoId={PERIODO}
        parecer={null}
        canReview={false}
      />,
    );
    await user.type(await screen.findByLabelText('Parecer geral'), 'Chegou curiosa.');
    const salvar = screen.getByRole('button', { name: 'Salvar' });
    const enviar = screen.getByRole('button', { name: 'Enviar para revisão' });
    await user.click(salvar);
    expect(puts).toHaveLength(1);
    expect(salvar).toHaveAttribute('aria-busy', 'true');
    expect(salvar).toHaveFocus();
    expect(enviar).not.toBeDisabled();
    expect(enviar).toHaveAttribute('aria-disabled', 'true');
    await user.click(enviar);
    await user.click(salvar);
    expect(puts).toHaveLength(1);
  });
});
