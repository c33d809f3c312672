import type { Database, DbOrTx } from '../db/client.js';

/**
 * An in-process cache of values read from the database that stays true across instances (ADR 0009):
 * - every write that changes a value makes each instance forget it (its service right after commit,
 *   and database triggers NOTIFYing the others);
 * - a generation counter: a value read before an invalidation is not stored (`begin` → read → `set`);
 * - a bounded life, a bounded size (the oldest entries go first), and no caching at all while the
 *   notifications may be getting lost (`suspend`).
 */
export class InvalidatedCache<V> {
  private readonly entries = new Map<string, { value: V; cachedAt: number }>();
  private generation = 0;
  private active = true;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** A fresh value for the key, or undefined (then ask the database). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.cachedAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Call before reading the database; pass the result to `set`. */
  begin(): number {
    return this.generation;
  }

  /** Stores what was read, unless something was invalidated since `begin()`. */
  set(key: string, value: V, generation: number): void {
    if (!this.active || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, cachedAt: this.now() });
  }

  forget(keys: readonly string[]): void {
    this.generation++;
    for (const key of keys) this.entries.delete(key);
  }

  forgetWhere(matches: (value: V) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Stop caching (and forget everything) until `resume`: invalidations may be getting lost. */
  suspend(): void {
    this.active = false;
    this.clear();
  }

  resume(): void {
    this.clear();
    this.active = true;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Keeps `cache` for `database` (found in `registry` by its `db`) while the channel's notifications
 * arrive: nothing is cached until the listener is up, nor while its connection is lost. Returns the
 * function that stops it.
 */
export async function watchInvalidations<C extends Pick<InvalidatedCache<unknown>, 'suspend' | 'resume'>>(
  database: Database,
  channel: string,
  cache: C,
  registry: WeakMap<DbOrTx, C>,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  cache.suspend();
  registry.set(database.db, cache);
  const stop = await database.listen(channel, {
    onPayload,
    onLost: () => cache.suspend(),
    onListening: () => cache.resume(),
  });
  return async () => {
    cache.suspend();
    registry.delete(database.db);
    await stop();
  };
}
