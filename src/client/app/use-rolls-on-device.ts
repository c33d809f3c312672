import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { todayIso } from '../../shared/format';
import { useCurrentUser } from '../lib/current-user';

/** How long after the first screen (or the return to the page) the rolls are loaded, in ms. */
const DELAY_MS = 2000;

/**
 * A teacher's portal, with a connection, keeps today's due rolls on the device (`keepTodaysRollsOnDevice`):
 * two seconds after the first screen, so a classroom without signal still takes the roll. A portal left
 * open (the installed app on a phone, the tab from yesterday) does it again when it comes back to the
 * screen or back online on a day whose rolls it has not kept yet. Nothing for other accounts, and nothing
 * offline (the copies already there stay).
 */
export function useTodaysRollsOnDevice(): void {
  const { data: me } = useCurrentUser();
  const queryClient = useQueryClient();
  const userId = me?.nivel === 'professor' ? me.id : undefined;
  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let keptDay: string | null = null;
    let running = false;
    let timer: number | undefined;
    const keep = () => {
      const today = todayIso();
      if (stopped || running || keptDay === today || !navigator.onLine) return;
      if (document.visibilityState === 'hidden') return;
      running = true;
      void import('../features/attendance/rolls-on-device')
        .then(({ keepTodaysRollsOnDevice }) =>
          keepTodaysRollsOnDevice(queryClient, userId, today, () => stopped),
        )
        .then(() => {
          keptDay = today;
        })
        // A failure (the connection dropped, the server busy) leaves the copies as they were; the next
        // return to the screen or to the network tries again.
        .catch(() => undefined)
        .finally(() => {
          running = false;
        });
    };
    const later = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(keep, DELAY_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') later();
    };
    later();
    window.addEventListener('online', later);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.removeEventListener('online', later);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [userId, queryClient]);
}
