/**
 * A long text typed on a phone survives a lost connection, a reload and a closed app: while it differs
 * from what the server holds it is kept on the device (fila.ts `rascunhos`, the person's own database),
 * offered back when the same editor opens again, and forgotten once the server saved it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '../current-user';
import { deleteDraft, readDraft, saveDraft } from './fila';

/** Waits this long after a keystroke before writing (one write for a burst of typing). */
export const DRAFT_WRITE_DELAY_MS = 300;

export interface DeviceDraft<T> {
  /** A draft of this editor is on the device (restored, or written while typing). */
  kept: boolean;
  /** The draft restored was typed over an older version than the server's now (someone saved since). */
  stale: boolean;
  /** Writes what waits now (before a save, so a failed one leaves the text on the device). */
  flush: () => Promise<void>;
  /** The server saved `sent`: the draft goes, unless the person typed something else meanwhile. */
  saved: (sent: T) => Promise<void>;
}

export function useDeviceDraft<T>(options: {
  /** The editor's identity on the device ('parecer:<aluno>:<período>'). */
  key: string;
  /** What is on screen now. */
  value: T;
  /** Whether `value` is what the server holds (nothing to keep). */
  isSaved: (value: T) => boolean;
  /** A draft found on opening: the editor shows it instead of the server's text. */
  onRestore: (value: T) => void;
  /** The version of the server's record on screen (kept with the draft). */
  base?: number;
}): DeviceDraft<T> {
  const { data: user } = useCurrentUser();
  const userId = user?.id;
  const { key } = options;
  const [kept, setKept] = useState(false);
  const [stale, setStale] = useState(false);
  // Nothing is written before the draft on the device was read: typing must not overwrite it unseen.
  const [loaded, setLoaded] = useState(false);
  const latest = useRef(options);
  latest.current = options;
  const waiting = useRef<(() => Promise<void>) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!userId) return;
    let alive = true;
    void readDraft<T>(userId, key)
      .then((draft) => {
        if (!alive) return;
        if (draft && !latest.current.isSaved(draft.value)) {
          latest.current.onRestore(draft.value);
          setStale(draft.base !== latest.current.base);
          setKept(true);
        } else if (draft) void deleteDraft(userId, key).catch(() => undefined);
      })
      .catch(() => undefined)
      .finally(() => {
        if (alive) setLoaded(true);
      });
    return () => {
      alive = false;
    };
  }, [userId, key]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const write = waiting.current;
    waiting.current = null;
    await write?.().catch(() => undefined);
  }, []);

  // By its text: a render that changes nothing typed (a toast, a status) writes nothing.
  const typed = JSON.stringify(options.value);
  useEffect(() => {
    if (!userId || !loaded) return;
    const value = latest.current.value;
    const unsaved = !latest.current.isSaved(value);
    waiting.current = async () => {
      if (unsaved) await saveDraft(userId, key, value, latest.current.base);
      else await deleteDraft(userId, key);
      setKept(unsaved);
    };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), DRAFT_WRITE_DELAY_MS);
  }, [userId, key, typed, loaded, flush]);

  // Leaving the editor within the pause after a keystroke: the last letters are written on the way out.
  useEffect(() => () => void flush(), [flush]);

  const saved = useCallback(
    async (sent: T) => {
      if (!userId) return;
      await flush();
      const draft = await readDraft<T>(userId, key).catch(() => undefined);
      if (draft && JSON.stringify(draft.value) !== JSON.stringify(sent)) return;
      await deleteDraft(userId, key).catch(() => undefined);
      setKept(false);
      setStale(false);
    },
    [userId, key, flush],
  );

  return { kept, stale, flush, saved };
}
