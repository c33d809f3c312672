/**
 * 'Instalar o app' (issue 35, docs/app-instalavel.md): Chrome on Android and on computers offers to install
 * a site through `beforeinstallprompt`, which fires once, early — before any screen is drawn — and only if
 * the page keeps it. It is kept here from the start (`captureInstallPrompt` in main.tsx) and handed to the
 * screen that offers it. Safari on iPhone has no such event: the screen tells how to do it by hand.
 */

/** Chrome's event (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chrome's own mini-bar from showing: the school's screen offers it at a calmer moment.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

/** Whether the browser can install the portal now (the event was kept). */
export const canPromptInstall = () => deferred !== null;

export function onInstallChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's own install dialog; answers whether the person accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  notify();
  return outcome === 'accepted';
}

/** Already opened as the installed app (or added to the iPhone's home screen). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  // jsdom (the tests) has no matchMedia.
  const media =
    typeof window.matchMedia === 'function' ? window.matchMedia('(display-mode: standalone)') : null;
  return ios || (media?.matches ?? false);
}

/** Safari on an iPhone or iPad (iPadOS says 'Macintosh' but has touch), where installing is by hand. */
export function isIosSafari(): boolean {
  if (typeof navigator === 'undefined') return false;
  const agent = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(agent) && !/CriOS|FxiOS|EdgiOS/.test(agent);
}
