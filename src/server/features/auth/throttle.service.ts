import { inArray, sql } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { loginThrottle } from './auth.table.js';

/**
 * Login throttling (design §5). A whole school signs in from one NAT address, so the per-address limit
 * counts failures only and is generous; the per-account one is tight and grows. A success clears the
 * account's counter and never counts against either. Kept in the database so every instance agrees.
 */
export const THROTTLE = {
  windowMinutes: 15,
  ipMaxFailures: 100,
  accountFreeFailures: 5,
  accountBaseDelaySeconds: 30,
  accountMaxDelaySeconds: 15 * 60,
} as const;

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/** Throws 429 with Retry-After when any key is blocked. Runs before any password hashing. */
export async function assertNotThrottled(db: DbOrTx, keys: string[]): Promise<void> {
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
  const now = Date.now();
  const until = Math.max(0, ...rows.map((row) => row.blockedUntil?.getTime() ?? 0));
  if (until > now) {
    const retryAfter = Math.ceil((until - now) / 1000);
    throw new AppError('RATE_LIMITED', messages.rateLimited, undefined, {
      'retry-after': String(retryAfter),
    });
  }
}

async function countFailure(db: DbOrTx, key: string): Promise<{ failures: number; windowStartedAt: Date }> {
  const window = sql.raw(`interval '${THROTTLE.windowMinutes} minutes'`);
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} < now() - ${window} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < now() - ${window} then now() else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
  return row!;
}

async function blockUntil(db: DbOrTx, key: string, until: Date): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ blockedUntil: until })
    .where(sql`${loginThrottle.key} = ${key}`);
}

export async function recordLoginFailure(db: DbOrTx, email: string, ip: string | null): Promise<void> {
  const account = await countFailure(db, accountKey(email));
  const over = account.failures - THROTTLE.accountFreeFailures;
  if (over >= 0) {
    const seconds = Math.min(THROTTLE.accountMaxDelaySeconds, THROTTLE.accountBaseDelaySeconds * 2 ** over);
    await blockUntil(db, accountKey(email), new Date(Date.now() + seconds * 1000));
  }
  if (ip) {
    const address = await countFailure(db, ipKey(ip));
    if (address.failures >= THROTTLE.ipMaxFailures) {
      const end = address.windowStartedAt.getTime() + THROTTLE.windowMinutes * 60_000;
      await blockUntil(db, ipKey(ip), new Date(Math.max(end, Date.now() + 1000)));
    }
  }
}

export async function clearAccountFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [accountKey(email)]));
}
