import { useSyncExternalStore } from 'react';
import { defaultSiteContent } from '../../shared/content.defaults';
import { CONTENT_POLL_MS, SITE_CONTENT_STORAGE_KEY } from '../../shared/content.constants';
import type { SiteContent } from '../../shared/content.schemas';
import { normalizeContent } from './normalize-content';

/**
 * The site's content as every page sees it (spec 'Site content loading'): starts from what the server
 * rendered (or the copy in localStorage, or the defaults), then follows the server every 5 s while the
 * tab is visible, on focus, and other tabs through the `storage` event.
 *
 * A poll names the version it has (`If-None-Match`), so an unchanged content is a bodiless 304 that is
 * neither parsed nor compared: on a family's phone the open page does no work every 5 s.
 */
let current: SiteContent | null = null;
let serialized = '';
/** The server's tag for `current`, when known (from the page or the last 200). */
let etag: string | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let inFlight = false;

function parse(value: unknown): SiteContent | null {
  return normalizeContent(value);
}

function readStored(): SiteContent | null {
  try {
    const raw = window.localStorage.getItem(SITE_CONTENT_STORAGE_KEY);
    return raw ? parse(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function store(content: SiteContent) {
  try {
    window.localStorage.setItem(SITE_CONTENT_STORAGE_KEY, JSON.stringify(content));
  } catch {
    // Private mode or a full quota: the page still works from memory.
  }
}

/** Writes the local copy when the browser has nothing else to do (not while the page is hydrating). */
function storeWhenIdle(content: SiteContent) {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => store(content), { timeout: 2000 });
  else setTimeout(() => store(content), 0);
}

function replace(content: SiteContent, persist = true) {
  const next = JSON.stringify(content);
  if (next === serialized) return;
  current = content;
  serialized = next;
  if (persist) store(content);
  for (const listener of listeners) listener();
}

/**
 * Seeds the store with what the server rendered (fresher than the local copy) and its tag: the first
 * poll then asks only whether it changed.
 */
export function seedSiteContent(content: SiteContent, tag: string | null = null) {
  current = content;
  serialized = JSON.stringify(content);
  etag = tag;
  if (typeof window !== 'undefined') storeWhenIdle(content);
}

export function getSiteContent(): SiteContent {
  if (!current) {
    current = (typeof window === 'undefined' ? null : readStored()) ?? defaultSiteContent;
    serialized = JSON.stringify(current);
  }
  return current;
}

/** Puts content saved by the editor in place at once (and in other tabs through localStorage). */
export function publishSiteContent(content: SiteContent) {
  replace(content);
}

export async function refreshSiteContent(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  try {
    // With our own If-None-Match the browser leaves its cache aside and hands over the 304 itself.
    const response = await fetch('/api/content/public', {
      cache: 'no-store',
      headers: etag ? { accept: 'application/json', 'if-none-match': etag } : { accept: 'application/json' },
    });
    if (response.status === 304 || !response.ok) return;
    const body = (await response.json()) as { success?: boolean; data?: unknown };
    if (body.success !== true) return;
    const content = parse(body.data);
    if (!content) return;
    etag = response.headers.get('etag');
    replace(content);
  } catch (error) {
    // The spec: a failure is only logged and the local copy is kept.
    console.warn('Não foi possível atualizar o conteúdo do site.', error);
  } finally {
    inFlight = false;
  }
}

function startTimer() {
  if (timer === undefined && document.visibilityState === 'visible') {
    timer = setInterval(() => void refreshSiteContent(), CONTENT_POLL_MS);
  }
}

function stopTimer() {
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
}

function handleVisibility() {
  if (document.visibilityState === 'visible') {
    void refreshSiteContent();
    startTimer();
  } else stopTimer();
}

function handleFocus() {
  void refreshSiteContent();
}

function handleStorage(event: StorageEvent) {
  if (event.key !== SITE_CONTENT_STORAGE_KEY || event.newValue === null) return;
  try {
    const content = parse(JSON.parse(event.newValue));
    if (content) replace(content, false);
  } catch {
    // Another tab wrote something unreadable: keep ours.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    document.addEventListener('visibilitychange', handleVisibility);
    window.addEventListener('focus', handleFocus);
    window.addEventListener('storage', handleStorage);
    // What the server just rendered is current: the timer asks again in 5 s.
    if (etag === null) void refreshSiteContent();
    startTimer();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      document.removeEventListener('visibilitychange', handleVisibility);
      window.removeEventListener('focus', handleFocus);
      window.removeEventListener('storage', handleStorage);
      stopTimer();
    }
  };
}

/** The live content; `serverContent` is what the server rendered (used while hydrating). */
export function useSiteContent(serverContent?: SiteContent): SiteContent {
  return useSyncExternalStore(
    subscribe,
    getSiteContent,
    () => serverContent ?? current ?? defaultSiteContent,
  );
}
