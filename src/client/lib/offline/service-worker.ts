import { Workbox } from 'workbox-window';

type UpdateListener = (accept: () => void) => void;

let waitingListener: UpdateListener | undefined;
let pendingUpdate: (() => void) | undefined;

/**
 * Says when a new version of the portal is waiting (its worker installed): the prompt shows, and only
 * the person's click (`accept`) activates it and reloads — never a silent reload mid-form (issue 35 §1).
 */
export function onUpdateWaiting(listener: UpdateListener): () => void {
  waitingListener = listener;
  if (pendingUpdate) listener(pendingUpdate);
  return () => {
    if (waitingListener === listener) waitingListener = undefined;
  };
}

/**
 * Registers the portal's service worker (`/sw.js`, scope `/`, ADR 0052) in production builds: the
 * development server has no worker to serve, and the public page never calls this (no weight for `/`).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    pendingUpdate = () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    waitingListener?.(pendingUpdate);
  });
  void workbox.register().catch(() => undefined);
}
