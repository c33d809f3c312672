// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRestore } from './settings.api';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that answers after `ms` (unless the request is aborted first, as a browser would). */
function slowServer(ms: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(
            () =>
              resolve(
                new Response(JSON.stringify({ success: true, data: body }), {
                  status: 200,
                  headers: { 'content-type': 'application/json' },
                }),
              ),
            ms,
          );
          init?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(init.signal?.reason as Error);
          });
        }),
    ),
  );
}

describe('useRestore', () => {
  it('waits for a restore that takes longer than an ordinary request (it rewrites the whole school)', async () => {
    vi.useFakeTimers();
    const result = { backup_de: '2026-12-01T10:00:00.000Z', backup_de_seguranca: 'auto.json' };
    slowServer(45_000, result);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result: hook } = renderHook(() => useRestore(), { wrapper });
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = hook.current.mutateAsync({
        source: { kind: 'automatic', nome: 'auto-2026-12-01.json' },
        senha: 'Senha-Forte-2026',
        dryRun: false,
      });
    });
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    await expect(outcome).resolves.toMatchObject({ data: { backup_de_seguranca: 'auto.json' } });
  });
});
