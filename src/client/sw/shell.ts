/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { clientsClaim } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { isClientRoute, paths } from '../../shared/routes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/**
 * The portal's pages, answered with the precached shell (its `index.html`) with or without a connection:
 * every client route but the public page `/` (rendered by the server, its own weight budget). Never an
 * API answer, a photo or a validation page: those are not client routes, and stay on the network.
 */
export function isShellNavigation(pathname: string): boolean {
  return pathname !== paths.home && isClientRoute(pathname);
}

/** The portal's shell, precached at install; a new version waits until the user accepts the update. */
export function registerShell(worker: ServiceWorkerGlobalScope): void {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  // The first install takes charge of the open page at once (the portal opens offline from then on);
  // a later version still waits for the person's 'Atualizar' (SKIP_WAITING below).
  clientsClaim();
  // A navigation route matched by the same rule the server answers its HTML with (`isClientRoute`),
  // rather than Workbox's NavigationRoute and its allowlist of patterns that would copy the routes.
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' && url.origin === worker.location.origin && isShellNavigation(url.pathname),
    createHandlerBoundToURL('index.html'),
  );
  worker.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
  });
}
