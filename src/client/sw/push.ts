/// <reference lib="webworker" />

/** What the server's push carries: a short title and a portal link, never personal data (issue 35). */
interface PushPayload {
  titulo?: string;
  link?: string;
}

function readPayload(event: PushEvent): PushPayload {
  try {
    return (event.data?.json() as PushPayload | undefined) ?? {};
  } catch {
    return {};
  }
}

/** A link inside the portal only: a payload cannot send the person elsewhere. */
function portalLink(worker: ServiceWorkerGlobalScope, link: string | undefined): string {
  const url = new URL(link ?? '/dashboard', worker.location.origin);
  return url.origin === worker.location.origin ? url.pathname + url.search : '/dashboard';
}

/** Web Push: shows the notification (title and link) and opens the link when it is tapped. */
export function registerPush(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    const payload = readPayload(event);
    event.waitUntil(
      worker.registration.showNotification(payload.titulo ?? 'Nova notificação da escola', {
        icon: '/app-icon-192.png',
        badge: '/app-icon-192.png',
        data: { link: portalLink(worker, payload.link) },
      }),
    );
  });
  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = (event.notification.data as { link?: string } | null)?.link ?? '/dashboard';
    event.waitUntil(
      (async () => {
        const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows[0];
        if (open) {
          await open.focus();
          await open.navigate(link);
        } else {
          await worker.clients.openWindow(link);
        }
      })(),
    );
  });
}
