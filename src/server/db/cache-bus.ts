import { sql } from 'drizzle-orm';
import type { Database, Db, DbOrTx } from './client.js';

/** The channel the `notify_cache_change` triggers (migration 0013) and `publish` send on. */
export const CACHE_CHANNEL = 'cache_changed';

/**
 * The per-process caches that other instances must drop when the data under them changes:
 * - `content`: the site's content snapshot, its ETag and the replayed `/` and 304 (trigger);
 * - `settings`: the maintenance flag, theme and school name every request may read (trigger);
 * - `calendar`: the school days the roll call reads (trigger);
 * - `figures`: the dashboard and finance figures shared for a second (published by finance writes).
 */
export type CacheName = 'content' | 'settings' | 'calendar' | 'figures';
const cacheNames = new Set<string>(['content', 'settings', 'calendar', 'figures']);

type Handler = () => void;

const buses = new WeakMap<DbOrTx, CacheBus>();

/** The bus of a database, when one is running (tests that open a bare database have none). */
export function cacheBusOf(db: DbOrTx): CacheBus | undefined {
  return buses.get(db);
}

/**
 * One small invalidation bus per process (ADR 0015): a cache registers what to do when its name is
 * notified; a write NOTIFYs the name (triggers do it for tables, `publish` for the rest). The same path
 * runs on PGlite, where the notification comes back in-process.
 *
 * While the listening connection is down, notifications can be missed: every cache is dropped and
 * `isLive()` is false (caches then do not store what they read), and once listening again every cache
 * is dropped once more — a full reload, since anything may have changed in between.
 */
export class CacheBus {
  private readonly handlers = new Map<CacheName, Set<Handler>>();
  private live = false;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  /** Starts listening; resolves once notifications are being received. */
  async start(): Promise<void> {
    buses.set(this.database.db, this);
    this.stopListening = await this.database.listen(CACHE_CHANNEL, {
      onPayload: (payload) => {
        if (payload === '*') this.dropAll();
        else if (cacheNames.has(payload)) this.drop(payload as CacheName);
      },
      onLost: () => {
        this.live = false;
        this.dropAll();
      },
      onListening: () => {
        this.live = true;
        this.dropAll();
      },
    });
  }

  async stop(): Promise<void> {
    this.live = false;
    buses.delete(this.database.db);
    await this.stopListening?.();
    this.stopListening = null;
  }

  /** False while notifications may be getting lost: a cache must not keep what it reads then. */
  isLive(): boolean {
    return this.live;
  }

  /** Runs `handler` whenever `name` is notified, and on every full reload. Returns the unsubscribe. */
  on(name: CacheName, handler: Handler): () => void {
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /**
   * After a write has committed: drops `name` here at once (the writer's next request sees it) and
   * tells every other instance. Never inside a transaction whose rollback would make it a lie — a
   * NOTIFY sent there would wait for the commit anyway, but the local drop would not.
   */
  async publish(db: Db, name: CacheName): Promise<void> {
    this.drop(name);
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${name})`);
  }

  private drop(name: CacheName): void {
    for (const handler of this.handlers.get(name) ?? []) handler();
  }

  private dropAll(): void {
    for (const name of this.handlers.keys()) this.drop(name);
  }
}
