// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToaster } from '../../app/providers';
import { BackgroundExport } from './report-export';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIMIT =
  'Limite de 30 arquivos de relatório gerados em segundo plano em 24 horas atingido. Você poderá gerar outro a partir de 21/03/2026 11:00.';

/** The class list's 'Gerar arquivo' (CSV) in a fresh query client, with `beside` it (the toaster, say). */
function renderExport(beside?: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BackgroundExport
        reportId="lista-turma"
        titulo="Lista"
        formato="csv"
        values={{}}
        label="Gerar arquivo"
      />
      {beside}
    </QueryClientProvider>,
  );
}

describe('BackgroundExport', () => {
  it('shows why the server refused to start the file (429: the cap and when it frees)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ success: false, code: 'RATE_LIMITED', message: LIMIT }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '82800' },
          }),
        ),
      ),
    );
    renderExport(<AppToaster />);
    await userEvent.click(screen.getByRole('button', { name: /Gerar arquivo/ }));
    expect(await screen.findByText(LIMIT)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('while the file is built, the button keeps its place, held (aria-disabled, not disabled), and starts no second one', async () => {
    const user = userEvent.setup();
    const job = {
      id: '00000000-0000-4000-8000-000000000031',
      relatorio: 'lista-turma',
      formato: 'csv',
      status: 'gerando',
      feitos: 1,
      total: 3,
      arquivo: null,
      erro: null,
      criado_em: '2026-03-20T11:00:00.000Z',
      concluido_em: null,
      url: null,
    };
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posts.push(url);
        return Promise.resolve(
          new Response(JSON.stringify({ success: true, data: job }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    renderExport();
    const button = screen.getByRole('button', { name: /Gerar arquivo/ });
    await user.click(button);
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await user.click(button);
    expect(posts).toHaveLength(1);
  });
});
