import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { todayIso } from '../../shared/format';
import { useCurrentUser } from '../lib/current-user';

/**
 * A teacher's portal, with a connection, keeps today's due rolls on the device (`keepTodaysRollsOnDevice`):
 * on each page load, two seconds after the first screen, so a classroom without signal still
 * takes the roll. Nothing for other accounts, and nothing offline (the copies already there stay).
 */
export function useTodaysRollsOnDevice(): void {
  const { data: me } = useCurrentUser();
  const queryClient = useQueryClient();
  const userId = me?.nivel === 'professor' ? me.id : undefined;
  useEffect(() => {
    if (!userId || !navigator.onLine) return;
    let stopped = false;
    const timer = window.setTimeout(() => {
      void import('../features/attendance/rolls-on-device')
        .then(({ keepTodaysRollsOnDevice }) =>
          keepTodaysRollsOnDevice(queryClient, userId, todayIso(), () => stopped),
        )
        // A failure (the connection dropped, the server busy) leaves the copies as they were.
        .catch(() => undefined);
    }, 2000);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [userId, queryClient]);
}
