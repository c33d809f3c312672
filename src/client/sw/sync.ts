/// <reference lib="webworker" />
/**
 * Background Sync for the device's queue (ADR 0053; Chromium only — iOS syncs when the app opens and
 * with 'Sincronizar agora'). On `sync` the worker only wakes an open portal page, which sends its own
 * queue. With no page open it sends nothing: the worker cannot tell whose session the cookie holds
 * now, and sending one person's saves under another's session must never happen; the queue is sent
 * the next time the portal opens.
 */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export function registerSync(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('sync', (event: Event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== 'fila') return;
    sync.waitUntil(
      worker.clients.matchAll({ type: 'window' }).then((windows) => {
        for (const client of windows) client.postMessage({ type: 'fila-sync' });
      }),
    );
  });
}
