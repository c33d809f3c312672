import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BACKGROUND_POLL_HEADER } from '../../shared/api';
import { api } from './api-client';

/**
 * Refreshes a query's data every `ms` while the page is visible, as the portal's own poll: each refresh
 * carries `X-Background-Poll: 1`, so a screen left open does not keep an idle session alive (the route
 * declares `background: 'poll'`). The query's own fetches — the first load when the person opens the
 * screen, a refresh after something they did — go without it and count as use.
 *
 * A failed refresh is left to the next one; a 401 (the session ended) still takes the portal to the
 * login, as every call does.
 */
export function useBackgroundPoll(queryKey: QueryKey, url: string, ms: number): void {
  const queryClient = useQueryClient();
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      api<unknown>(url, { headers: { [BACKGROUND_POLL_HEADER]: '1' }, globalErrors: false }).then(
        (data) => queryClient.setQueryData(key.current, data),
        () => undefined,
      );
    }, ms);
    return () => clearInterval(timer);
  }, [queryClient, url, ms]);
}
