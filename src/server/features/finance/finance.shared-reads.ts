import { cacheBusOf } from '../../db/cache-bus.js';
import type { DbOrTx, Tx } from '../../db/client.js';

/**
 * Identical reads of the school's figures share one computation and its result for up to one second
 * (PGlite answers one query at a time, and fifty people opening the dashboard at 8 a.m. ask the same
 * thing). Every finance write drops the shared results when it commits (here and, through the cache bus, on every other instance), so
 * nobody sees figures from before their own change; any other change (a student deleted) shows within
 * a second.
 */
export const SHARED_READ_MS = 1000;
const inflight = new WeakMap<object, Map<string, Promise<unknown>>>();

export function sharedRead<T>(db: DbOrTx, key: string, compute: () => Promise<T>): Promise<T> {
  let reads = inflight.get(db);
  if (!reads) {
    reads = new Map();
    inflight.set(db, reads);
  }
  const existing = reads.get(key) as Promise<T> | undefined;
  if (existing) return existing;
  const map = reads;
  const forget = () => {
    if (map.get(key) === promise) map.delete(key);
  };
  const promise = compute().then(
    (value) => {
      setTimeout(forget, SHARED_READ_MS).unref();
      return value;
    },
    (error: unknown) => {
      forget();
      throw error;
    },
  );
  map.set(key, promise);
  return promise;
}

export function forgetSharedReads(db: DbOrTx): void {
  inflight.get(db)?.clear();
}

export async function writeTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } finally {
    await sharedReadsChanged(db);
  }
}

/**
 * After a finance write commits: this instance's shared reads go, and other instances drop theirs too
 * (ADR 0015; a write they miss still shows within SHARED_READ_MS). A write run inside an outer
 * transaction (an idempotent route's) calls it with the app's database once that transaction is over.
 */
export async function sharedReadsChanged(db: DbOrTx): Promise<void> {
  forgetSharedReads(db);
  await cacheBusOf(db)
    ?.publish(db, 'figures')
    .catch(() => undefined);
}
