import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { SESSION_LIMITS } from '../../../shared/auth.schemas.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { sessions } from '../../db/schema/auth.js';
import { AUTH_CHANGES_CHANNEL } from '../../db/channels.js';
import { applyAuthChange, SessionCache, type CachedSession, type SessionRow } from './session-cache.js';
import { watchInvalidations } from '../../lib/invalidated-cache.js';
import type { Permission } from '../../../shared/permissions.js';
import { loadUserAccess } from './user-permissions.js';
import { confirmSession } from './session-confirmations.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** lastSeen is written at most this often, so reading a page does not write on every request. */
const TOUCH_INTERVAL = MINUTE;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface SessionContext {
  ip: string | null;
  userAgent: string | null;
}

export interface NewSession {
  token: string;
  sessionId: string;
  persistent: boolean;
  /** Cookie lifetime in seconds; undefined for a browser-session cookie. */
  maxAge: number | undefined;
  /** The session's absolute limit: the portal's offline copy answers no longer than this (issue 35). */
  absoluteExpiresAt: Date;
}

function limitsFor(persistent: boolean) {
  return persistent
    ? { idle: SESSION_LIMITS.rememberIdleDays * DAY, absolute: SESSION_LIMITS.rememberAbsoluteDays * DAY }
    : { idle: SESSION_LIMITS.idleMinutes * MINUTE, absolute: SESSION_LIMITS.absoluteHours * HOUR };
}

export async function createSession(
  db: DbOrTx,
  userId: string,
  persistent: boolean,
  context: SessionContext,
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const limits = limitsFor(persistent);
  const absoluteExpiresAt = new Date(now + limits.absolute);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId,
      persistent,
      idleExpiresAt: new Date(now + limits.idle),
      absoluteExpiresAt,
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return {
    token,
    sessionId: row!.id,
    persistent,
    maxAge: persistent ? Math.floor(limits.absolute / 1000) : undefined,
    absoluteExpiresAt,
  };
}

export interface ResolvedSession {
  sessionId: string;
  user: UserRow;
  /** The union of the user's profiles' permissions (ADR 0025), cached with the session. */
  permissoes: readonly Permission[];
  /** The names of the user's profiles. */
  perfis: readonly string[];
  /** The session's absolute limit (the idle one moves with use; this one never does). */
  absoluteExpiresAt: Date;
  /**
   * The version of the list named by `resolveSession`'s `recordVersion` (`record_versions`), read in the
   * same statement as the confirmation of a cached session on PostgreSQL: null when the row is missing;
   * absent when it was not read (PGlite, a full read): then the list reads it itself.
   */
  recordVersion?: number | null;
}

/** The session cache of each database whose changes are watched (`watchAuthChanges`); none, no cache. */
const caches = new WeakMap<DbOrTx, SessionCache>();
/** The databases (PostgreSQL) where a cache hit is confirmed by the database before it answers. */
const confirming = new WeakSet<DbOrTx>();

/**
 * Caches resolved sessions for this database. Returns the function that stops it.
 *
 * - PGlite, which one process owns: every revocation happens in this process and forgets its entries
 *   before its response is sent; the `users`/`sessions`/`perfis` triggers NOTIFY every change too, and
 *   while the notifications may be getting lost the cache is off. A hit costs no query.
 * - PostgreSQL: other instances share the sessions, and a NOTIFY reaches them asynchronously — a logout
 *   answered by A could meet a cached hit on B a few milliseconds later. Revocation must hold on the very
 *   next request everywhere (ADR 0015), so a hit is confirmed by one small read (`confirmSession`): the
 *   session still exists and the user's `auth_version` is the cached one (ADR 0060). That read alone keeps
 *   the cache true, so it needs no notifications.
 */
export async function watchAuthChanges(database: Database): Promise<() => Promise<void>> {
  const cache = new SessionCache();
  if (database.kind === 'postgres') {
    caches.set(database.db, cache);
    confirming.add(database.db);
    return async () => {
      cache.clear();
      caches.delete(database.db);
      confirming.delete(database.db);
    };
  }
  return watchInvalidations(database, AUTH_CHANGES_CHANNEL, cache, caches, (payload) =>
    applyAuthChange(cache, payload),
  );
}

/**
 * After a transaction that changed a user or ended sessions has committed: the very next request on
 * this instance must not be answered from the cache (other instances learn it from the NOTIFY).
 */
export function forgetCachedSessions(
  db: DbOrTx,
  what: { userId: string } | { token: string } | { sessionId: string } | 'all',
): void {
  const cache = caches.get(db);
  if (!cache) return;
  if (what === 'all') cache.clear();
  else if ('userId' in what) cache.forgetUser(what.userId);
  else if ('token' in what) cache.forgetToken(sha256(what.token));
  else cache.forgetSession(what.sessionId);
}

const isLive = (session: { idleExpiresAt: Date; absoluteExpiresAt: Date }, now: number) =>
  session.idleExpiresAt.getTime() > now && session.absoluteExpiresAt.getTime() > now;

const isDueForTouch = (session: { lastSeenAt: Date }, now: number) =>
  now - session.lastSeenAt.getTime() > TOUCH_INTERVAL;

/** Moves the idle deadline (at most once per TOUCH_INTERVAL); returns the new values. */
async function touchSession(
  db: DbOrTx,
  session: { id: string; persistent: boolean; absoluteExpiresAt: Date },
  now: number,
): Promise<{ lastSeenAt: Date; idleExpiresAt: Date }> {
  const idle = limitsFor(session.persistent).idle;
  const touched = {
    lastSeenAt: new Date(now),
    idleExpiresAt: new Date(Math.min(now + idle, session.absoluteExpiresAt.getTime())),
  };
  await db.update(sessions).set(touched).where(eq(sessions.id, session.id));
  return touched;
}

const resolved = (entry: CachedSession): ResolvedSession => ({
  sessionId: entry.session.id,
  user: entry.user,
  permissoes: entry.permissoes,
  perfis: entry.perfis,
  absoluteExpiresAt: entry.session.absoluteExpiresAt,
});

/**
 * A cache hit on PostgreSQL, once the database confirmed it: null when the session is gone, undefined
 * when the full read must decide (the user changed, the session expired).
 */
async function confirmedHit(
  db: DbOrTx,
  cache: SessionCache,
  tokenHash: string,
  cached: CachedSession,
  touch: boolean,
  now: number,
  versionName: string | null,
): Promise<ResolvedSession | null | undefined> {
  const check = await confirmSession(db, cached.session.id, versionName);
  if (!check) {
    cache.forgetToken(tokenHash);
    return null;
  }
  const { authVersion, recordVersion, ...state } = check;
  if (authVersion !== cached.user.authVersion || !isLive(state, now)) return undefined;
  let session: SessionRow = { ...cached.session, ...state };
  if (touch && isDueForTouch(session, now))
    session = { ...session, ...(await touchSession(db, session, now)) };
  const hit = resolved({ ...cached, session });
  return recordVersion === undefined ? hit : { ...hit, recordVersion };
}

/**
 * The signed-in user for a cookie, or null when the session is unknown, expired or the user disabled.
 * A request counts as use (the idle deadline moves) unless `touch` is false: a background poll.
 * `recordVersion`: the `record_versions` row the route will check its cache against, read with the
 * confirmation when there is one (`ResolvedSession.recordVersion`).
 */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  { touch = true, recordVersion = null }: { touch?: boolean; recordVersion?: string | null } = {},
): Promise<ResolvedSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const tokenHash = sha256(token);
  const cache = caches.get(db);
  const now = Date.now();
  const cached = cache?.get(tokenHash);
  if (cached && cached.user.status === 'ativo') {
    if (confirming.has(db)) {
      const hit = await confirmedHit(db, cache!, tokenHash, cached, touch, now, recordVersion);
      if (hit !== undefined) return hit;
    } else if (isLive(cached.session, now) && !(touch && isDueForTouch(cached.session, now))) {
      // PGlite: anything but a plain hit (expired, due for its lastSeen write) goes to the database,
      // which decides and writes.
      return resolved(cached);
    }
  }
  const generation = cache?.begin() ?? 0;
  // The user's row (and its auth_version) is read before the profiles: what is cached is never older
  // than the version it is cached under.
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!found) return null;
  const { user } = found;
  let { session } = found;
  if (!isLive(session, now)) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (user.status !== 'ativo') {
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    return null;
  }
  if (touch && isDueForTouch(session, now))
    session = { ...session, ...(await touchSession(db, session, now)) };
  const access = await loadUserAccess(db, user);
  cache?.set(tokenHash, { session, user, ...access }, generation);
  return { sessionId: session.id, user, ...access, absoluteExpiresAt: session.absoluteExpiresAt };
}

export async function revokeSessionByToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function purgeExpiredSessions(db: DbOrTx): Promise<void> {
  await db
    .delete(sessions)
    .where(sql`${sessions.idleExpiresAt} < now() or ${sessions.absoluteExpiresAt} < now()`);
}
