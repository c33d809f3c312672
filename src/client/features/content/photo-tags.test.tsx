// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToaster } from '../../app/providers';
import { PhotoTagsPanel } from './photo-tags';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The server while a tag's change saves: each PUT stays on its way (its body kept in the list returned);
 * any other request is answered by `answer`.
 */
function pendingPuts(answer: (url: string) => Response): unknown[] {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (init?.method !== 'PUT') return Promise.resolve(answer(url));
      puts.push(init.body);
      return new Promise<Response>(() => undefined);
    }),
  );
  return puts;
}
const NOTICE =
  'Alunos da foto salvos. A foto mostra aluno sem consentimento de uso de imagem e não fica na galeria pública.';

describe('PhotoTagsPanel', () => {
  it('tells that a photo stays off the gallery as a warning (status), not as an error (alert)', async () => {
    const caio = { id: uuid(2), nome: 'Caio Semfoto', consentimento_imagem: false };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'PUT')
          return Promise.resolve(
            json({
              success: true,
              data: { media_id: uuid(1), alunos: [caio], publicavel: false },
              message: NOTICE,
            }),
          );
        if (url.startsWith('/api/alunos'))
          return Promise.resolve(
            json({
              success: true,
              data: {
                items: [{ id: caio.id, nome: caio.nome, turma: null }],
                total: 1,
                page: 1,
                pageSize: 8,
              },
            }),
          );
        return Promise.resolve(
          json({ success: true, data: { media_id: uuid(1), alunos: [], publicavel: true } }),
        );
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PhotoTagsPanel mediaId={uuid(1)} />
        <AppToaster />
      </QueryClientProvider>,
    );
    await userEvent.type(await screen.findByLabelText('Buscar aluno pelo nome'), 'Caio');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Caio Semfoto/ }));
    const notice = await screen.findByText(NOTICE);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(notice.closest('[role="alert"]')).toBeNull();
    // Dressed as a warning: the amber bar and its warning sign (an error toast has a red cross).
    const bar = notice.closest('[role="status"]')?.parentElement;
    expect(bar).toHaveStyle({ background: '#fffbeb' });
    expect(bar?.querySelector('svg.text-amber-600')).not.toBeNull();
    // The panel's own explanation stays beside the tag.
    expect(screen.getByRole('alert')).toHaveTextContent('Esta foto não pode ser publicada na galeria');
  });

  it("while a change saves, the tags' Desmarcar wait held (focusable, aria-disabled) and nothing goes twice", async () => {
    const user = userEvent.setup();
    const alunos = [
      { id: uuid(2), nome: 'Ana Lima', consentimento_imagem: true },
      { id: uuid(3), nome: 'Bruno Reis', consentimento_imagem: true },
    ];
    const puts = pendingPuts(() =>
      json({ success: true, data: { media_id: uuid(1), alunos, publicavel: true } }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PhotoTagsPanel mediaId={uuid(1)} />
      </QueryClientProvider>,
    );
    const ana = await screen.findByRole('button', { name: 'Desmarcar Ana Lima' });
    const bruno = screen.getByRole('button', { name: 'Desmarcar Bruno Reis' });
    await user.click(ana);
    expect(puts).toHaveLength(1);
    expect(ana).toHaveFocus();
    for (const button of [ana, bruno]) {
      expect(button).not.toBeDisabled();
      expect(button).toHaveAttribute('aria-disabled', 'true');
    }
    await user.click(bruno);
    await user.click(ana);
    expect(puts).toHaveLength(1);
  });
  it("while a tick saves, the found students' boxes wait held (focusable, aria-disabled) and tick nothing", async () => {
    const user = userEvent.setup();
    const found = [
      { id: uuid(2), nome: 'Ana Lima', turma: null },
      { id: uuid(3), nome: 'Bruno Reis', turma: null },
    ];
    const puts = pendingPuts((url) =>
      url.startsWith('/api/alunos')
        ? json({ success: true, data: { items: found, total: 2, page: 1, pageSize: 8 } })
        : json({ success: true, data: { media_id: uuid(1), alunos: [], publicavel: true } }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PhotoTagsPanel mediaId={uuid(1)} />
      </QueryClientProvider>,
    );
    await user.type(await screen.findByLabelText('Buscar aluno pelo nome'), 'Li');
    const ana = await screen.findByRole('checkbox', { name: /Ana Lima/ });
    const bruno = screen.getByRole('checkbox', { name: /Bruno Reis/ });
    await user.click(ana);
    expect(puts).toHaveLength(1);
    // A disabled box drops the focus to <body> in the browser.
    expect(ana).toHaveFocus();
    for (const box of [ana, bruno]) {
      expect(box).not.toBeDisabled();
      expect(box).toHaveAttribute('aria-disabled', 'true');
    }
    await user.keyboard(' ');
    await user.click(bruno);
    // Ana shows her tick on its way; Bruno's is not taken.
    expect(ana).toBeChecked();
    expect(bruno).not.toBeChecked();
    expect(puts).toHaveLength(1);
  });
});
