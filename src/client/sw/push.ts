/// <reference lib="webworker" />

/** What the server's push carries: a short title and a portal link, never personal data (issue 35). */
interface PushPayload {
  titulo?: string;
  link?: string;
}

const DEFAULT_TITLE = 'Nova notificação da escola';

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

/**
 * Web Push (ADR 0054): shows the notification and opens its link when tapped. The title is the kind's
 * generic one ('Novo comunicado da escola'), so it is also the tag: a second comunicado replaces the
 * first on the lock screen instead of piling up, and still rings (`renotify`). A tap focuses a portal
 * window already open (navigating it to the link) before opening a new one.
 */
export function registerPush(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    const payload = readPayload(event);
    const title = payload.titulo?.slice(0, 80) || DEFAULT_TITLE;
    const options: NotificationOptions & { renotify?: boolean } = {
      icon: '/app-icon-192.png',
      badge: '/app-icon-192.png',
      tag: title,
      renotify: true,
      data: { link: portalLink(worker, payload.link) },
    };
    event.waitUntil(worker.registration.showNotification(title, options));
  });
  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = (event.notification.data as { link?: string } | null)?.link ?? '/dashboard';
    event.waitUntil(
      (async () => {
        const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const portal =
          windows.find((client) => new URL(client.url).pathname.startsWith('/dashboard')) ?? windows[0];
        if (portal) {
          const focused = await portal.focus();
          // navigate() works only on a window this worker controls; otherwise a new window opens.
          const navigated = await focused.navigate(link).catch(() => null);
          if (navigated) return;
        }
        await worker.clients.openWindow(link);
      })(),
    );
  });
}
