// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { PushDeviceSection } from './push-device-section';

/**
 * 'Notificações neste aparelho' (issue 35 §4): what a person sees on each kind of device, and Ativar →
 * the browser's subscription registered with the server.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
});

function browserWithPush(permission: NotificationPermission, subscribed: PushSubscription | null) {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
  const registration = {
    pushManager: {
      getSubscription: vi.fn(() => Promise.resolve(subscribed)),
      subscribe: vi.fn(() => Promise.resolve(subscription)),
    },
  };
  Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: () => Promise.resolve(registration), ready: Promise.resolve(registration) },
    configurable: true,
  });
  const notification = Object.assign(function Notification() {}, {
    permission,
    requestPermission: vi.fn(() => Promise.resolve('granted' as NotificationPermission)),
  });
  vi.stubGlobal('Notification', notification);
  return { registration, notification };
}

describe('Notificações neste aparelho', () => {
  it('says a browser without Web Push cannot receive them', async () => {
    renderAt(<PushDeviceSection />);
    expect(await screen.findByText(/Este navegador não recebe notificações/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ativar' })).toBeNull();
  });

  it('on an iPhone outside the installed app, says to install it on the Home Screen', async () => {
    Object.defineProperty(navigator, 'userAgent', {
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
      configurable: true,
    });
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    renderAt(<PushDeviceSection />);
    expect(
      await screen.findByText(/Instale o app na Tela de Início para receber notificações/),
    ).toBeInTheDocument();
  });

  it('when blocked, says how to undo it in the browser', async () => {
    browserWithPush('denied', null);
    renderAt(<PushDeviceSection />);
    expect(await screen.findByText('Bloqueadas')).toBeInTheDocument();
    expect(screen.getByText(/Notificações → Permitir/)).toBeInTheDocument();
  });

  it('Ativar asks the permission, subscribes with the server key and registers the subscription', async () => {
    const { registration, notification } = browserWithPush('default', null);
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push({
          url,
          method: init?.method ?? 'GET',
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
        });
        const data = url.endsWith('/chave')
          ? { publicKey: 'BPk' + 'A'.repeat(84) }
          : { aparelho: null, created_at: '2026-11-29T00:00:00.000Z', aparelhos: 1 };
        return Promise.resolve(
          new Response(JSON.stringify({ success: true, data }), {
            status: url.endsWith('/chave') ? 200 : 201,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    renderAt(<PushDeviceSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ativar' }));
    expect(await screen.findByText('Ativadas')).toBeInTheDocument();
    expect(notification.requestPermission).toHaveBeenCalled();
    expect(registration.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
    expect(calls.at(-1)).toMatchObject({
      url: '/api/notificacoes/push/assinaturas',
      method: 'POST',
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
    });
    expect(screen.getByRole('button', { name: 'Desativar' })).toBeInTheDocument();
  });
});
