import { InvalidatedCache, watchInvalidations } from '../../lib/invalidated-cache.js';
import type { Database, DbOrTx } from '../../db/client.js';

/** The channel the `notificacoes` triggers notify: the changed accounts' ids, comma-separated, or `*`. */
export const UNREAD_CHANGES_CHANNEL = 'notificacoes_contagem';

/**
 * How long a count may answer without the database, should every invalidation be lost. The portal
 * polls the bell every 30 s: a longer life makes those polls free, and the triggers keep it true.
 */
export const UNREAD_CACHE_TTL_MS = 5 * 60_000;
/** More than a large school's families signed in at once; the oldest entries go first. */
export const UNREAD_CACHE_MAX_ENTRIES = 20_000;

/**
 * The bell's unread counts read recently, by account, so the polling bell does not wait for the
 * database. Kept true the way the session cache is (features/auth/session-cache.ts):
 * - every write to `notificacoes` — a new notice, a read, read-all, a deletion, a truncate, from this
 *   instance or another one on the same PostgreSQL — NOTIFYs the accounts it touched (triggers, migration
 *   0019), and every instance forgets them; a read mark also forgets its account here right after its
 *   commit, so the very next request on this instance recounts;
 * - a generation counter: a count read before an invalidation is not stored;
 * - a bounded life, and no caching while the notifications may be getting lost (`suspend`).
 */
export class UnreadCountCache extends InvalidatedCache<number> {
  constructor(
    now: () => number = Date.now,
    ttlMs = UNREAD_CACHE_TTL_MS,
    maxEntries = UNREAD_CACHE_MAX_ENTRIES,
  ) {
    super(now, ttlMs, maxEntries);
  }
}

/** Applies one notification from UNREAD_CHANGES_CHANNEL. */
export function applyUnreadChange(cache: UnreadCountCache, payload: string): void {
  if (payload === '*' || payload === '') cache.clear();
  else cache.forget(payload.split(','));
}

/** The cache of each database whose changes are watched (`watchUnreadChanges`); none, no cache. */
const caches = new WeakMap<DbOrTx, UnreadCountCache>();

export function unreadCacheOf(db: DbOrTx): UnreadCountCache | undefined {
  return caches.get(db);
}

/**
 * Caches the unread counts for this database while its `notificacoes` changes are being received;
 * `onChange` runs after each change is applied. Returns the function that stops it.
 */
export async function watchUnreadChanges(
  database: Database,
  onChange: () => void = () => undefined,
): Promise<() => Promise<void>> {
  const cache = new UnreadCountCache();
  return watchInvalidations(database, UNREAD_CHANGES_CHANNEL, cache, caches, (payload) => {
    applyUnreadChange(cache, payload);
    onChange();
  });
}

/**
 * After a write to an account's notifications has committed: this instance's next request recounts
 * (the NOTIFY reaches every instance too, a moment later). Inside a transaction (`db` is not the
 * database) it does nothing: the caller forgets after the commit.
 */
export function forgetCachedUnread(db: DbOrTx, usuarioId: string): void {
  caches.get(db)?.forget([usuarioId]);
}
