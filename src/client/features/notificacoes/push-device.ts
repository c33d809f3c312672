import {
  type PushAssinatura,
  type PushChave,
  base64UrlBytes,
  pushAssinaturaSchema,
  pushChaveSchema,
} from '../../../shared/push.schemas';
import { api, apiWithMessage } from '../../lib/api-client';

/**
 * 'Notificações neste aparelho' (issue 35 §4): this browser's Web Push subscription, turned on and off.
 * - `sem-suporte`: the browser has no Web Push;
 * - `instalar-ios`: iPhone/iPad outside the installed app (Safari offers push only to Home Screen apps);
 * - `negada`: the person blocked notifications for the site (only the browser's settings undo it);
 * - `desligada` / `ligada`: on this device, now.
 */
export type PushDeviceState = 'sem-suporte' | 'instalar-ios' | 'negada' | 'desligada' | 'ligada';

/** How long to wait for the app's service worker before saying the app is still being installed. */
const WORKER_WAIT_MS = 10_000;

function isAppleMobile(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    // iPadOS presents itself as a Mac, with touch.
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)
  );
}

function isInstalledApp(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function hasPush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration) return registration;
  // The portal registers its worker at start (main.tsx); on a first visit it may still be on its way.
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(
        () =>
          reject(
            new Error(
              'O app ainda está sendo instalado neste aparelho. Recarregue a página e tente de novo.',
            ),
          ),
        WORKER_WAIT_MS,
      ),
    ),
  ]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readPushDeviceState(): Promise<PushDeviceState> {
  if (!hasPush()) return isAppleMobile() && !isInstalledApp() ? 'instalar-ios' : 'sem-suporte';
  if (Notification.permission === 'denied') return 'negada';
  if (Notification.permission !== 'granted') return 'desligada';
  return (await currentSubscription()) ? 'ligada' : 'desligada';
}

/** Asks the permission, subscribes with the server's VAPID key and registers the subscription. */
export async function enablePushOnDevice(): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'negada' : 'desligada';
  const registration = await workerRegistration();
  const { publicKey } = await api<PushChave>('/api/notificacoes/push/chave', { schema: pushChaveSchema });
  const applicationServerKey = base64UrlBytes(publicKey);
  if (!applicationServerKey) throw new Error('Chave de notificações do servidor inválida.');
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys were replaced) cannot receive: made again.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && !sameBytes(new Uint8Array(key), applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey.buffer as ArrayBuffer,
    });
  } catch {
    // The browser's own words ('Registration failed - permission denied') say nothing to a family.
    throw new Error(
      'o navegador não conseguiu se inscrever no serviço de notificações dele. Confira a conexão e tente de novo; se continuar, use o Chrome ou instale o app.',
    );
  }
  await registerSubscription(subscription.toJSON());
  return 'ligada';
}

/** Registers a PushSubscription's JSON for the signed-in person (the device's own, or a test's). */
export async function registerSubscription(subscription: PushSubscriptionJSON): Promise<PushAssinatura> {
  const { data } = await apiWithMessage<PushAssinatura>('/api/notificacoes/push/assinaturas', {
    method: 'POST',
    body: subscription,
    schema: pushAssinaturaSchema,
    globalErrors: false,
  });
  return data;
}

/** Stops notifications on this device: the server forgets it, then the browser drops it. */
export async function disablePushOnDevice(): Promise<PushDeviceState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await apiWithMessage('/api/notificacoes/push/assinaturas', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      globalErrors: false,
    });
    await subscription.unsubscribe();
  }
  return readPushDeviceState();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
