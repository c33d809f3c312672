// @vitest-environment jsdom
/**
 * 'Sair' on a phone with notifications on (ADR 0138): the phone stops receiving the person's pushes — the
 * server forgets this device while the session still allows it, and the browser drops the subscription.
 */
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/providers';
import { useLogout } from './auth.api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/aparelho-do-professor';

describe('useLogout', () => {
  it("turns this device's notifications off before the session ends", async () => {
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    const registration = {
      pushManager: { getSubscription: () => Promise.resolve({ endpoint: ENDPOINT, unsubscribe }) },
    };
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        serviceWorker: { getRegistration: () => Promise.resolve(registration) },
      }),
    );
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push(`${init.method ?? 'GET'} ${url} ${typeof init.body === 'string' ? init.body : ''}`.trim());
        return Promise.resolve(
          new Response(JSON.stringify({ data: null, message: 'ok' }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const leave = vi.fn();
    const { result } = renderHook(() => useLogout(leave), { wrapper });
    result.current.mutate();
    await waitFor(() => expect(leave).toHaveBeenCalledWith(true));
    expect(calls).toEqual([
      `DELETE /api/notificacoes/push/assinaturas ${JSON.stringify({ endpoint: ENDPOINT })}`,
      'POST /api/auth/logout',
    ]);
    expect(unsubscribe).toHaveBeenCalledOnce();
  });
});
