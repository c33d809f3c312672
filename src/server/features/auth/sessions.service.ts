import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { SESSION_LIMITS } from '../../../shared/auth.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { users, type UserRow } from '../users/users.table.js';
import { sessions } from './auth.table.js';

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
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId,
      persistent,
      idleExpiresAt: new Date(now + limits.idle),
      absoluteExpiresAt: new Date(now + limits.absolute),
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return {
    token,
    sessionId: row!.id,
    persistent,
    maxAge: persistent ? Math.floor(limits.absolute / 1000) : undefined,
  };
}

export interface ResolvedSession {
  sessionId: string;
  user: UserRow;
}

/** The signed-in user for a cookie, or null when the session is unknown, expired or the user disabled. */
export async function resolveSession(db: DbOrTx, token: string): Promise<ResolvedSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256(token)))
    .limit(1);
  if (!found) return null;
  const { session, user } = found;
  const now = Date.now();
  if (session.idleExpiresAt.getTime() <= now || session.absoluteExpiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (user.status !== 'ativo') {
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL) {
    const idle = limitsFor(session.persistent).idle;
    await db
      .update(sessions)
      .set({
        lastSeenAt: new Date(now),
        idleExpiresAt: new Date(Math.min(now + idle, session.absoluteExpiresAt.getTime())),
      })
      .where(eq(sessions.id, session.id));
  }
  return { sessionId: session.id, user };
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
