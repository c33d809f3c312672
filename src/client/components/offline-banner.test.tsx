// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { SCREEN_CONTENT_META } from '../lib/offline/reading-allowlist';
import { Spinner } from './feedback';
import { OfflineBanner } from './offline-banner';

afterEach(() => {
  cleanup();
  // The online manager is the module's own, shared with the other files of this worker.
  onlineManager.setOnline(true);
});

const waitsLine = /Esta tela precisa de internet/;

/** A query the server must answer (the school years behind the roll's notice): paused offline. */
function SecondaryQuery() {
  useQuery({ queryKey: ['school-years'], queryFn: () => Promise.resolve(['2026']) });
  return null;
}

/** The roll read through the device's copy: runs offline too and answers the copy. */
function RollFromDevice() {
  const roll = useQuery({
    queryKey: ['attendance', 'roll', 't1', 'device'],
    networkMode: 'always',
    meta: SCREEN_CONTENT_META,
    queryFn: () => Promise.resolve({ copiaDe: 1 }),
  });
  return roll.data ? <p>Sem conexão — mostrando a cópia salva neste aparelho</p> : null;
}

function renderOffline(screenContent: ReactNode) {
  onlineManager.setOnline(false);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OfflineBanner />
      {screenContent}
    </QueryClientProvider>,
  );
  return client;
}

describe('the offline banner', () => {
  it('says a screen with nothing to show waits for the connection', async () => {
    renderOffline(<SecondaryQuery />);
    expect(await screen.findByText(waitsLine)).toBeInTheDocument();
  });

  it('does not say so over a roll shown from the device, while a secondary query waits beside it', async () => {
    const client = renderOffline(
      <>
        <SecondaryQuery />
        <RollFromDevice />
      </>,
    );
    expect(await screen.findByText(/mostrando a cópia salva neste aparelho/)).toBeInTheDocument();
    expect(client.getQueryState(['school-years'])?.fetchStatus).toBe('paused');
    expect(screen.getByRole('status', { name: 'Sem conexão' })).toBeInTheDocument();
    expect(screen.queryByText(waitsLine)).not.toBeInTheDocument();
  });
});

describe('the banner on a phone', () => {
  it('keeps what works offline folded under one line, so the roll stays on screen', async () => {
    renderOffline(<SecondaryQuery />);
    const summary = await screen.findByText('O que funciona sem internet');
    expect(summary.tagName).toBe('SUMMARY');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(summary.closest('details')).toHaveTextContent('fazer chamada, lançar notas e escrever pareceres');
  });
});

describe('a part of the screen still loading', () => {
  /** A screen part that waits for the server and shows the kit's spinner meanwhile. */
  function Loading() {
    const query = useQuery({ queryKey: ['diary'], queryFn: () => Promise.resolve('aulas') });
    return query.isPending ? <Spinner label="Carregando diário..." /> : <p>{query.data}</p>;
  }

  it('turns while on-line, and offline says it waits for the internet instead of turning forever', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Spinner label="Carregando diário..." />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Carregando diário...');
    cleanup();
    renderOffline(<Loading />);
    expect(
      await screen.findByText('Sem conexão: esta parte aparece quando a internet voltar.'),
    ).toBeVisible();
    expect(screen.queryByText('Carregando diário...')).toBeNull();
    onlineManager.setOnline(true);
    expect(await screen.findByText('aulas')).toBeInTheDocument();
  });
});
