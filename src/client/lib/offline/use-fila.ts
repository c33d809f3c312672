/**
 * The queue as screens see it (fila.ts): the entries of the signed-in person, re-read on each change,
 * and the triggers that send them (ADR 0053): on start, when the connection returns, when the page
 * becomes visible again, every minute while something waits, when the service worker's Background Sync
 * wakes the page, and through the visible 'Sincronizar agora'.
 */
import { useCallback, useEffect, useState } from 'react';
import { useCurrentUser } from '../current-user';
import {
  isSessionEnded,
  listEntries,
  onQueueChange,
  resumeAfterSignIn,
  setActiveUser,
  syncQueue,
  type QueueEntry,
} from './fila';

export const SYNC_TAG = 'fila';
const EVERY_MINUTE = 60_000;

/** Asks the service worker to wake the page when the connection returns (Chromium only). */
export async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration: unknown = await navigator.serviceWorker.getRegistration();
  // Background Sync is Chromium's only (not in the DOM types): asked for when it is there.
  const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
  await sync?.register(SYNC_TAG).catch(() => undefined);
}

export interface FilaState {
  userId: string | undefined;
  entries: QueueEntry[];
  /** Waiting to be sent (pendente or enviando). */
  pending: number;
  conflicts: number;
  refused: number;
  sessionEnded: boolean;
  syncNow: () => Promise<void>;
}

export function useFila(): FilaState {
  const { data: user } = useCurrentUser();
  const userId = user?.id;
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  const [sessionEnded, setSessionEnded] = useState(isSessionEnded());
  useEffect(() => {
    if (!userId) {
      setEntries([]);
      return;
    }
    let alive = true;
    const read = () => {
      setSessionEnded(isSessionEnded());
      void listEntries(userId)
        .then((list) => {
          if (alive) setEntries(list);
        })
        .catch(() => undefined);
    };
    read();
    const off = onQueueChange(read);
    return () => {
      alive = false;
      off();
    };
  }, [userId]);
  const syncNow = useCallback(async () => {
    if (userId) await syncQueue(userId).catch(() => undefined);
  }, [userId]);
  return {
    userId,
    entries,
    pending: entries.filter((entry) => entry.status === 'pendente' || entry.status === 'enviando').length,
    conflicts: entries.filter((entry) => entry.status === 'conflito').length,
    refused: entries.filter((entry) => entry.status === 'recusado').length,
    sessionEnded,
    syncNow,
  };
}

/** Mounted once by the portal's layout: sends the queue whenever there is a chance. */
export function useFilaSync(): void {
  const { data: user } = useCurrentUser();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    // The portal shows for this person: a session that had ended was renewed by the same person.
    resumeAfterSignIn();
    setActiveUser(userId);
    const sync = () => void syncQueue(userId).catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') sync();
    };
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'fila-sync') sync();
    };
    sync();
    window.addEventListener('online', sync);
    document.addEventListener('visibilitychange', onVisible);
    // Absent outside a secure context (plain http on the network): no Background Sync then.
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    worker?.addEventListener('message', onMessage);
    const timer = window.setInterval(() => {
      void listEntries(userId).then((list) => {
        if (list.some((entry) => entry.status === 'pendente' || entry.status === 'enviando')) sync();
      });
    }, EVERY_MINUTE);
    return () => {
      window.removeEventListener('online', sync);
      document.removeEventListener('visibilitychange', onVisible);
      worker?.removeEventListener('message', onMessage);
      window.clearInterval(timer);
    };
  }, [userId]);
}
