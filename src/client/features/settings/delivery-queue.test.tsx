// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { Fila } from '../../../shared/notificacoes.schemas';
import { renderAt } from '../../test/render';
import { DeliveryQueue } from './delivery-queue';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const fila = (pendentes: number): Fila => ({
  pendentes,
  enviados_24h: 0,
  falhas: 0,
  proxima_tentativa: null,
  email: 'arquivo',
  sms: false,
  ultimos_erros: [],
});

describe('Configurações → Notificações → Fila de envios', () => {
  it('opens as the person’s request and refreshes every 15 s as a background poll', async () => {
    vi.useFakeTimers();
    const calls: { url: string; poll: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const poll = new Headers(init?.headers).get('x-background-poll');
        calls.push({ url, poll });
        return Promise.resolve(
          new Response(JSON.stringify({ success: true, data: fila(calls.length) }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    renderAt(<DeliveryQueue />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    const queue = () => calls.filter((call) => call.url === '/api/configuracoes/notificacoes/fila');
    // The first load is the person opening the screen: it counts as use of the session.
    expect(queue()).toEqual([{ url: '/api/configuracoes/notificacoes/fila', poll: null }]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(queue().map((call) => call.poll)).toEqual([null, '1', '1']);
    // The refreshed figures are on the screen.
    expect(screen.getByText('Na fila').nextElementSibling).toHaveTextContent(String(calls.length));
  });
});
