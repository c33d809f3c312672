/**
 * What the portal keeps on the device for the signed-in person (issue 35, ADR 0052): IndexedDB databases
 * named `sistema-escolar:<part>:<userId>` — one per part (`consultas`: the copy read offline; `fila`: the
 * saves waiting for the connection) and per person, so nobody ever opens another person's — and the
 * service worker's runtime caches. The precached shell (scripts, styles, the page) holds nothing
 * personal and stays.
 */

const PREFIX = 'sistema-escolar';
/** Workbox's precache (the shell): kept across sign-outs. */
const SHELL_CACHE = /^workbox-precache/;

/**
 * `consultas`: the copy read offline; `fila`: the saves waiting (part C); `sessao`: the signed-in person
 * and their session's absolute limit, so the portal opens offline after sign-in (session-copy.ts).
 */
export type LocalPart = 'consultas' | 'fila' | 'sessao';

/** What a session that ended (a 401) or the public site's 'Sair' wipes: the reading copy, not `fila`. */
export const READING_PARTS: readonly LocalPart[] = ['consultas', 'sessao'];

export function localDatabaseName(part: LocalPart, userId: string): string {
  return `${PREFIX}:${part}:${userId}`;
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab holds it open: it is deleted once that tab lets go (its `versionchange` closes it).
    request.onblocked = () => resolve();
  });
}

/** The names of this origin's local databases of the given parts (every person's). */
export async function localDatabases(parts: readonly LocalPart[]): Promise<string[]> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return [];
  const all = await indexedDB.databases();
  return all
    .map((database) => database.name ?? '')
    .filter((name) => parts.some((part) => name.startsWith(`${PREFIX}:${part}:`)));
}

/**
 * A `fila` database also keeps the last roll and grade grid its screens read (store `copias`, so they open
 * offline): reading data, wiped with the reading copy while the saves waiting beside it stay.
 */
const QUEUE_READING_STORE = 'copias';

function clearStore(name: string, store: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.open(name);
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(store)) {
        db.close();
        resolve();
        return;
      }
      const transaction = db.transaction(store, 'readwrite');
      transaction.objectStore(store).clear();
      transaction.oncomplete =
        transaction.onerror =
        transaction.onabort =
          () => {
            db.close();
            resolve();
          };
    };
  });
}

const wipeListeners = new Set<(parts: readonly LocalPart[]) => void>();

/** Told before a wipe starts (the reading copy stops writing, so it cannot recreate what is wiped). */
export function onLocalDataWipe(listener: (parts: readonly LocalPart[]) => void): () => void {
  wipeListeners.add(listener);
  return () => wipeListeners.delete(listener);
}

/**
 * Wipes the device's copy at sign-out: every part of every person (a shared family phone keeps nothing
 * of the previous user to read) and the runtime caches. Saves still waiting are wiped only when `parts`
 * names `fila` — the sign-out asks first (issue 35: never silently) — and then only those of `leaving`,
 * the person signing out, when known: another person's saves still waiting on this phone (their session
 * ended before they could send them) are not theirs to discard, and stay for that person's next sign-in
 * (ADR 0138); only their copy of what screens read (`copias`) goes.
 */
export async function wipeLocalData(
  parts: readonly LocalPart[] = ['consultas', 'fila', 'sessao'],
  leaving?: string,
): Promise<void> {
  for (const listener of wipeListeners) listener(parts);
  const kept =
    leaving === undefined
      ? []
      : (await localDatabases(['fila'])).filter((name) => name !== localDatabaseName('fila', leaving));
  const names = (await localDatabases(parts)).filter((name) => !kept.includes(name));
  await Promise.all(names.map(deleteDatabase));
  const queues = parts.includes('fila') ? kept : await localDatabases(['fila']);
  if (parts.includes('consultas'))
    await Promise.all(queues.map((name) => clearStore(name, QUEUE_READING_STORE)));
  if (typeof caches !== 'undefined') {
    const keys = await caches.keys();
    await Promise.all(keys.filter((key) => !SHELL_CACHE.test(key)).map((key) => caches.delete(key)));
  }
}
