import { dehydrate, hydrate, onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { openDB, type DBSchema } from 'idb';
import type { CurrentUser } from '../../../shared/auth.schemas';
import { currentUserKey } from '../current-user';
import { localDatabaseName, onLocalDataWipe } from './local-data';
import { canRestore, isOfflineQuery, READING_COPY_FORMAT, type ReadingCopyRecord } from './reading-allowlist';
import { readSessionCopy } from './session-copy';

/**
 * The copy read offline (issue 35 §2, ADR 0052): the answers of the allowlisted queries
 * (`reading-allowlist.ts`) kept in the person's own IndexedDB `consultas` database, written a moment
 * after they change (throttled), and put back into the query cache when the person is known again
 * (on-line or from the copy of the signed-in person) — before their session's absolute limit only.
 * A sign-out or an ended session wipes it (`wipeLocalData`), and this stops writing first.
 */
interface ReadingDb extends DBSchema {
  copia: { key: string; value: ReadingCopyRecord };
}

const STORE = 'copia';
const KEY = 'consultas';
/** How long after a change the copy is written: one write for a screen's burst of answers. */
export const SAVE_THROTTLE_MS = 1_500;

function open(userId: string) {
  return openDB<ReadingDb>(localDatabaseName('consultas', userId), 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
}

async function readRecord(userId: string): Promise<ReadingCopyRecord | undefined> {
  const db = await open(userId);
  try {
    return await db.get(STORE, KEY);
  } finally {
    db.close();
  }
}

async function writeRecord(record: ReadingCopyRecord): Promise<void> {
  const db = await open(record.userId);
  try {
    await db.put(STORE, record, KEY);
  } finally {
    db.close();
  }
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, index) => part === b[index]);

/** Starts keeping (and restoring) the reading copy for whoever is signed in; returns the stop. */
export function startReadingCopy(client: QueryClient): () => void {
  if (typeof indexedDB === 'undefined') return () => undefined;
  let userId: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    userId = null;
  };

  async function save(forUser: string) {
    const session = await readSessionCopy().catch(() => undefined);
    // Written only under the person's own session (its limit goes with the copy) and if still theirs.
    if (!session || session.user.id !== forUser || userId !== forUser) return;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isOfflineQuery(query.queryKey),
    });
    await writeRecord({
      formato: READING_COPY_FORMAT,
      userId: forUser,
      savedAt: new Date().toISOString(),
      expiresAt: session.expiresAt,
      state,
    });
  }

  function schedule() {
    if (!userId || timer) return;
    const forUser = userId;
    timer = setTimeout(() => {
      timer = undefined;
      void save(forUser).catch(() => undefined);
    }, SAVE_THROTTLE_MS);
  }

  /**
   * The copy is read back only without a connection (now, or when it drops later): on-line the server
   * answers, and a copy put in the cache then seeded forms with what was true before the last save (a
   * class's grade curricular reopened empty right after it was saved).
   */
  async function restore(forUser: string) {
    if (onlineManager.isOnline()) return;
    const record = await readRecord(forUser).catch(() => undefined);
    if (userId !== forUser || !record || !canRestore(record, forUser, new Date())) return;
    // Only what is newer than the cache's replaces it: an answer already fetched on-line stays.
    hydrate(client, record.state);
    // A copy is never a fresh answer: what it put in the cache is asked again as soon as a screen uses
    // it (on-line at once; off-line when the connection returns). Taken as fresh, a copy saved seconds
    // ago hid, after a reload, a change just made on the server (a request answered by the school).
    for (const kept of record.state.queries) {
      const query = client.getQueryCache().find({ queryKey: kept.queryKey, exact: true });
      if (query?.state.dataUpdatedAt === kept.state.dataUpdatedAt)
        void client.invalidateQueries({ queryKey: kept.queryKey, exact: true });
    }
  }

  function onUser(user: CurrentUser | null | undefined) {
    const id = user?.id ?? null;
    if (id === userId) return;
    stop();
    userId = id;
    if (id) void restore(id);
  }

  const stopWatchingConnection = onlineManager.subscribe((online) => {
    if (!online && userId) void restore(userId);
  });
  const stopWatchingWipes = onLocalDataWipe((parts) => {
    if (parts.includes('consultas')) stop();
  });
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey as QueryKey;
    if (sameKey(key, currentUserKey)) {
      if (event.type === 'updated' || event.type === 'added')
        onUser(event.query.state.data as CurrentUser | null | undefined);
      return;
    }
    if (event.type === 'updated' && event.action.type === 'success' && isOfflineQuery(key)) schedule();
  });
  onUser(client.getQueryData<CurrentUser | null>(currentUserKey));
  return () => {
    stop();
    unsubscribe();
    stopWatchingWipes();
    stopWatchingConnection();
  };
}
