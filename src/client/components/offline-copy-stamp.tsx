import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isOfflineQuery, isScreenContent } from '../lib/offline/reading-allowlist';
import { useIsOnline } from '../lib/offline/online';

const pad = (value: number) => String(value).padStart(2, '0');

/** 'Atualizado em 28/11 às 07:42' (the device's time zone, as the person reads their clock). */
export function formatUpdatedAt(moment: number): string {
  const date = new Date(moment);
  return `Atualizado em ${pad(date.getDate())}/${pad(date.getMonth() + 1)} às ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * When the answers on the screen were fetched, at the oldest: the allowlisted queries the screen shows
 * now (observed, with data). 0 when it shows none.
 */
export function oldestShownCopy(client: QueryClient): number {
  let oldest = 0;
  for (const query of client.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || query.state.data === undefined) continue;
    if (!isOfflineQuery(query.queryKey)) continue;
    const at = query.state.dataUpdatedAt;
    if (at > 0 && (oldest === 0 || at < oldest)) oldest = at;
  }
  return oldest;
}

/**
 * Whether the screen waits for answers it has no copy of: a query it shows is paused with nothing to show,
 * and no query marked as the screen's own content (`SCREEN_CONTENT_META`: the roll, the grades grid, read
 * from the device) has anything to show. A roll reloaded offline from the device is a screen with its
 * copy, even while the school years behind its notice wait for the connection.
 */
export function screenWaitsForConnection(client: QueryClient): boolean {
  const shown = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.getObserversCount() > 0);
  if (shown.some((query) => isScreenContent(query.meta) && query.state.data !== undefined)) return false;
  return shown.some((query) => query.state.data === undefined && query.state.fetchStatus === 'paused');
}

/** Re-reads `read` whenever the query cache changes. */
export function useQueryCacheValue<T>(read: (client: QueryClient) => T): T {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  return useSyncExternalStore(subscribe, () => read(client));
}

/**
 * While offline, on a screen that shows the copy kept on the device: when it was last updated
 * (issue 35 §2). Nothing on-line, nor on a screen with nothing from the copy.
 */
export function OfflineCopyStamp({ className = '' }: { className?: string }) {
  const online = useIsOnline();
  const oldest = useQueryCacheValue(oldestShownCopy);
  if (online || oldest === 0) return null;
  return <p className={`text-sm font-medium ${className}`}>{formatUpdatedAt(oldest)}</p>;
}
