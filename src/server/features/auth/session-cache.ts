import type { UserRow } from '../users/users.table.js';
import type { sessions } from './auth.table.js';

export type SessionRow = typeof sessions.$inferSelect;

export interface CachedSession {
  session: SessionRow;
  user: UserRow;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

/** How long an entry may answer without the database, should every invalidation be lost. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Enough for every member of a large school signed in at once; the oldest entries go first. */
export const SESSION_CACHE_MAX_ENTRIES = 5_000;

/**
 * The sessions resolved recently, by token hash, so a signed-in request does not wait for the database
 * (under PGlite every query is queued behind the others: ADR 0009).
 *
 * Correctness rests on three things:
 * - every write that changes a session or a user forgets the affected entries: the services call
 *   `forget*` right after their transaction commits (same instance, the very next request), and
 *   triggers on `users` and `sessions` NOTIFY every instance of the change (`watchAuthChanges`);
 * - a generation counter: a lookup that read the database before an invalidation may not store what
 *   it read (it could be the state from before the write);
 * - a bounded life (SESSION_CACHE_TTL_MS), and no caching at all while the notifications are not
 *   being received (`suspend`), so a lost notification cannot keep a revoked session alive.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private active = true;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {}

  /** A fresh entry for the token hash, or undefined (then ask the database). */
  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() - entry.cachedAt >= this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Call before reading the database; pass the result to `set`. */
  begin(): number {
    return this.generation;
  }

  /** Stores what was read, unless something was invalidated since `begin()`. */
  set(tokenHash: string, value: CachedSession, generation: number): void {
    if (!this.active || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(tokenHash)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { ...value, cachedAt: this.now() });
  }

  forgetToken(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  forgetSession(sessionId: string): void {
    this.forgetWhere((entry) => entry.session.id === sessionId);
  }

  forgetUser(userId: string): void {
    this.forgetWhere((entry) => entry.user.id === userId);
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

  private forgetWhere(matches: (entry: Entry) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (matches(entry)) this.entries.delete(key);
  }
}

/** The channel the `users`/`sessions` triggers notify (migration 0005): `user:<id>`, `session:<id>`, `*`. */
export const AUTH_CHANGES_CHANNEL = 'auth_changed';

/** Applies one notification from AUTH_CHANGES_CHANNEL. */
export function applyAuthChange(cache: SessionCache, payload: string): void {
  if (payload.startsWith('user:')) cache.forgetUser(payload.slice(5));
  else if (payload.startsWith('session:')) cache.forgetSession(payload.slice(8));
  else cache.clear();
}
