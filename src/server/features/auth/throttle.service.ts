import { DAY_MS } from '../../../shared/calendar.js';
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { loginThrottle } from '../../db/schema/auth.js';

/**
 * Password-attempt throttling (ADR 0007). Every password check — a login or a re-check of
 * the current password — first reserves its attempt with one atomic upsert per key, refused over the
 * limit, so attempts sent at the same moment cannot all reach argon2. Three keys:
 *
 * - the account from one client (`pair`): a few free failures, then growing delays. The client is the
 *   browser's known-device id when it signed in to this account before, otherwise its address;
 * - the address (`ip`): failures only, generous — a whole school signs in from one NAT address;
 * - the account from every client together (`account`): a much higher threshold that locks the account
 *   for a while, is logged and noticed to the user and the administrators. Known devices skip it (and
 *   the address limit), so a stranger cannot lock the owner out of the browser they always use.
 *
 * A success clears the account's counters and gives its address slot back, so successes never count.
 */
export const THROTTLE = {
  pairFreeFailures: 5,
  pairBaseDelaySeconds: 30,
  pairMaxDelaySeconds: 15 * 60,
  /** A pair's count starts over after this long without attempts. */
  pairForgetMinutes: 60,
  ipWindowMinutes: 15,
  ipMaxFailures: 100,
  accountWindowMinutes: 60,
  accountLockFailures: 50,
  accountLockMinutes: 60,
} as const;

export interface ThrottleSubject {
  /** The e-mail typed (or the signed-in user's), whether or not an account has it. */
  email: string;
  ip: string | null;
  /** The hash of a device id that signed in to this account before, or null. */
  knownDevice: string | null;
}

type Policy = 'pair' | 'ip' | 'account';
interface Reserved {
  policy: Policy;
  key: string;
}
export interface Reservation {
  subject: ThrottleSubject;
  keys: Reserved[];
}

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;
export function pairKey(subject: ThrottleSubject): string {
  const client = subject.knownDevice ? `device:${subject.knownDevice}` : `ip:${subject.ip ?? 'desconhecido'}`;
  return `pair:${subject.email.toLowerCase()}|${client}`;
}

/** The keys an attempt counts against, in the order they are reserved (the pair last: see reserve). */
function keysOf(subject: ThrottleSubject): Reserved[] {
  const keys: Reserved[] = [];
  if (!subject.knownDevice) {
    if (subject.ip) keys.push({ policy: 'ip', key: ipKey(subject.ip) });
    keys.push({ policy: 'account', key: accountKey(subject.email) });
  }
  keys.push({ policy: 'pair', key: pairKey(subject) });
  return keys;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const seconds = (value: number) => sql`(${value} * interval '1 second')`;

/** The pair's delay after `failures` counted attempts: none for the free ones, then doubling. */
export function pairDelaySeconds(failures: number): number {
  if (failures < THROTTLE.pairFreeFailures) return 0;
  return Math.min(
    THROTTLE.pairMaxDelaySeconds,
    THROTTLE.pairBaseDelaySeconds * 2 ** (failures - THROTTLE.pairFreeFailures),
  );
}

/** One atomic upsert: counts the attempt and returns true, or counts nothing and returns false. */
async function reserveKey(db: DbOrTx, { policy, key }: Reserved, now: Date): Promise<boolean> {
  const t = loginThrottle;
  let restart: ReturnType<typeof sql>;
  let allowed: ReturnType<typeof sql>;
  if (policy === 'pair') {
    restart = sql`${t.lastAttemptAt} < ${at(now)} - ${seconds(THROTTLE.pairForgetMinutes * 60)}`;
    const delay = sql`least(${THROTTLE.pairMaxDelaySeconds}, ${THROTTLE.pairBaseDelaySeconds} * power(2, greatest(0, ${t.failures} - ${THROTTLE.pairFreeFailures})))`;
    allowed = sql`(${restart} or ${t.failures} < ${THROTTLE.pairFreeFailures} or ${t.lastAttemptAt} + (${delay} * interval '1 second') <= ${at(now)})`;
  } else if (policy === 'ip') {
    restart = sql`${t.windowStartedAt} < ${at(now)} - ${seconds(THROTTLE.ipWindowMinutes * 60)}`;
    allowed = sql`(${restart} or ${t.failures} < ${THROTTLE.ipMaxFailures})`;
  } else {
    const lockOver = sql`(${t.blockedUntil} is not null and ${t.blockedUntil} <= ${at(now)})`;
    restart = sql`(${t.windowStartedAt} < ${at(now)} - ${seconds(THROTTLE.accountWindowMinutes * 60)} or ${lockOver})`;
    allowed = sql`((${t.blockedUntil} is null or ${lockOver}) and (${restart} or ${t.failures} < ${THROTTLE.accountLockFailures}))`;
  }
  const rows = await db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: now, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${restart} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${restart} then ${at(now)} else ${t.windowStartedAt} end`,
        lastAttemptAt: now,
        blockedUntil: sql`case when ${restart} then null else ${t.blockedUntil} end`,
      },
      setWhere: allowed,
    })
    .returning({ key: t.key });
  return rows.length > 0;
}

/** Gives one counted attempt back (a later key refused it, or it succeeded on the address key). */
async function releaseKey(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

async function retryAfterSeconds(db: DbOrTx, { policy, key }: Reserved, now: Date): Promise<number> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  if (!row) return 1;
  let until: number;
  if (policy === 'pair') until = row.lastAttemptAt.getTime() + pairDelaySeconds(row.failures) * 1000;
  else if (policy === 'ip') until = row.windowStartedAt.getTime() + THROTTLE.ipWindowMinutes * 60_000;
  // Over the threshold but not locked yet: the attempts in flight decide within a second or two.
  else until = row.blockedUntil?.getTime() ?? now.getTime() + 5_000;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/**
 * Counts an attempt against every key before its password is checked; throws 429 with Retry-After
 * (counting nothing) when any key is over its limit. Runs before any hashing.
 */
export async function reserveAttempt(db: DbOrTx, subject: ThrottleSubject): Promise<Reservation> {
  const now = clock.now();
  const keys = keysOf(subject);
  const reserved: Reserved[] = [];
  for (const entry of keys) {
    if (await reserveKey(db, entry, now)) {
      reserved.push(entry);
      continue;
    }
    // The pair is reserved last because its refusal cannot be undone exactly (it moves lastAttemptAt).
    for (const done of reserved) await releaseKey(db, done.key);
    const retryAfter = await retryAfterSeconds(db, entry, now);
    throw new AppError('RATE_LIMITED', messages.rateLimited, undefined, {
      'retry-after': String(retryAfter),
    });
  }
  return { subject, keys: reserved };
}

/** The password was right: the account's counters start over and the address gets its slot back. */
export async function settleSuccess(db: DbOrTx, reservation: Reservation): Promise<void> {
  const cleared = reservation.keys.filter((entry) => entry.policy !== 'ip').map((entry) => entry.key);
  if (cleared.length > 0) await db.delete(loginThrottle).where(inArray(loginThrottle.key, cleared));
  for (const entry of reservation.keys) if (entry.policy === 'ip') await releaseKey(db, entry.key);
}

/**
 * The password was wrong: the attempt stays counted. Returns true when this failure is the one that
 * locked the account (exactly one failure does), so the caller logs it and notifies.
 */
export async function settleFailure(db: DbOrTx, reservation: Reservation): Promise<boolean> {
  const account = reservation.keys.find((entry) => entry.policy === 'account');
  if (!account) return false;
  const now = clock.now();
  const locked = await db
    .update(loginThrottle)
    .set({
      blockedUntil: new Date(now.getTime() + THROTTLE.accountLockMinutes * 60_000),
      windowStartedAt: now,
    })
    .where(
      and(
        eq(loginThrottle.key, account.key),
        gte(loginThrottle.failures, THROTTLE.accountLockFailures),
        or(isNull(loginThrottle.blockedUntil), lte(loginThrottle.blockedUntil, now)),
      ),
    )
    .returning({ key: loginThrottle.key });
  return locked.length > 0;
}

/** Forgets counters nobody has touched for a day (random e-mails sprayed at the login leave rows). */
export async function purgeStaleThrottle(db: DbOrTx): Promise<void> {
  const dayAgo = clock.ago(DAY_MS);
  await db
    .delete(loginThrottle)
    .where(
      and(
        lte(loginThrottle.lastAttemptAt, dayAgo),
        or(isNull(loginThrottle.blockedUntil), lte(loginThrottle.blockedUntil, clock.now())),
      ),
    );
}
