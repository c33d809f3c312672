// @vitest-environment jsdom
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
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BackgroundExport
          reportId="lista-turma"
          titulo="Lista"
          formato="csv"
          values={{}}
          label="Gerar arquivo"
        />
        <AppToaster />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Gerar arquivo/ }));
    expect(await screen.findByText(LIMIT)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
