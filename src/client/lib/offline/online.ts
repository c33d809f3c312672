import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../api-client';

/** How often, while offline, the portal asks whether the server can be reached again. */
export const PROBE_INTERVAL_MS = 5_000;
let probe: ReturnType<typeof setInterval> | undefined;

async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store', credentials: 'omit' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * No connection (issue 35): the queries wait for it (paused) instead of failing, the banner shows, and
 * the portal asks the server now and then until it answers. The browser's `navigator.onLine` says
 * too little (a Wi-Fi with no internet is "on-line"), so a request that could not reach the server
 * says it too.
 */
export function markOffline(): void {
  if (!onlineManager.isOnline() && probe) return;
  onlineManager.setOnline(false);
  clearInterval(probe);
  probe = setInterval(() => {
    void serverAnswers().then((answers) => {
      if (!answers) return;
      clearInterval(probe);
      probe = undefined;
      onlineManager.setOnline(true);
    });
  }, PROBE_INTERVAL_MS);
}

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.code === 'NETWORK';

/** A request that never got an answer (no network, or none in time): the server may not have it. */
export const isNoConnection = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');

/**
 * Starts from what the browser says, then learns from the requests: a query or a save that could not
 * reach the server marks the portal offline (and the probe brings it back).
 */
export function watchConnection(client: QueryClient): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) markOffline();
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isNetworkFailure(event.action.error))
      markOffline();
  });
  client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isNetworkFailure(event.action.error))
      markOffline();
  });
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether the portal reaches the server (as the browser and the last requests say), kept live. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}
