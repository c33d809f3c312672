/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** The portal's shell, precached at install; a new version waits until the user accepts the update. */
export function registerShell(worker: ServiceWorkerGlobalScope): void {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  worker.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
  });
}
