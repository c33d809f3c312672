import { InvalidatedCache } from '../../lib/invalidated-cache.js';
import type { UserRow } from '../../db/schema/users.js';
import type { sessions } from '../../db/schema/auth.js';
import type { Permission } from '../../../shared/permissions.js';

export type SessionRow = typeof sessions.$inferSelect;

export interface CachedSession {
  session: SessionRow;
  user: UserRow;
  /** The user's permissions (the union of their profiles'): a profile change forgets the entries. */
  permissoes: readonly Permission[];
  perfis: readonly string[];
}

/** How long an entry may answer without the database, should every invalidation be lost. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Enough for every member of a large school signed in at once; the oldest entries go first. */
export const SESSION_CACHE_MAX_ENTRIES = 5_000;

/**
 * The sessions resolved recently, by token hash, so a signed-in request does not wait for the database
 * (under PGlite every query is queued behind the others: ADR 0009).
 *
 * On PostgreSQL, shared by several instances, every hit is confirmed by the database before it answers
 * (the session still exists, the user's `auth_version` is the cached one: ADR 0060, `resolveSession`);
 * the rest below is what keeps it true on PGlite, where a hit costs no query.
 *
 * Correctness rests on three things:
 * - every write that changes a session, a user or a profile (ADR 0025) forgets the affected entries: the services call
 *   `forget*` right after their transaction commits (same instance, the very next request), and
 *   triggers on `users`, `sessions`, `perfis` and `user_perfis` NOTIFY every instance of the change (`watchAuthChanges`);
 * - a generation counter: a lookup that read the database before an invalidation may not store what
 *   it read (it could be the state from before the write);
 * - a bounded life (SESSION_CACHE_TTL_MS), and no caching at all while the notifications are not
 *   being received (`suspend`), so a lost notification cannot keep a revoked session alive.
 */
export class SessionCache extends InvalidatedCache<CachedSession> {
  constructor(
    now: () => number = Date.now,
    ttlMs = SESSION_CACHE_TTL_MS,
    maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {
    super(now, ttlMs, maxEntries);
  }

  forgetToken(tokenHash: string): void {
    this.forget([tokenHash]);
  }

  forgetSession(sessionId: string): void {
    this.forgetWhere((entry) => entry.session.id === sessionId);
  }

  forgetUser(userId: string): void {
    this.forgetWhere((entry) => entry.user.id === userId);
  }
}

/** Applies one notification from AUTH_CHANGES_CHANNEL. */
export function applyAuthChange(cache: SessionCache, payload: string): void {
  if (payload.startsWith('user:')) cache.forgetUser(payload.slice(5));
  else if (payload.startsWith('session:')) cache.forgetSession(payload.slice(8));
  else cache.clear();
}
