import { DAY_MS } from '../../../shared/calendar.js';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { knownDevices } from '../../db/schema/auth.js';
import { sha256 } from './sessions.service.js';

/** A browser stays known for this long after its last sign-in to the account. */
export const KNOWN_DEVICE_DAYS = 180;

/** The hash of the device id when this browser signed in to the user's account before, else null. */
export async function findKnownDevice(
  db: DbOrTx,
  userId: string,
  deviceToken: string | null,
): Promise<string | null> {
  if (!deviceToken || deviceToken.length < 20 || deviceToken.length > 100) return null;
  const deviceHash = sha256(deviceToken);
  const since = clock.ago(KNOWN_DEVICE_DAYS * DAY_MS);
  const [row] = await db
    .select({ deviceHash: knownDevices.deviceHash })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.deviceHash, deviceHash),
        eq(knownDevices.userId, userId),
        gt(knownDevices.lastUsedAt, since),
      ),
    );
  return row?.deviceHash ?? null;
}

/**
 * After a successful sign-in: remembers this browser for the account. Returns the device id for the
 * cookie — the one the browser sent (several accounts can share a family computer), or a new one.
 */
export async function rememberDevice(
  db: DbOrTx,
  userId: string,
  deviceToken: string | null,
): Promise<string> {
  const token =
    deviceToken && deviceToken.length >= 20 && deviceToken.length <= 100
      ? deviceToken
      : randomBytes(32).toString('base64url');
  const now = clock.now();
  await db
    .insert(knownDevices)
    .values({ deviceHash: sha256(token), userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({
      target: [knownDevices.deviceHash, knownDevices.userId],
      set: { lastUsedAt: now },
    });
  return token;
}

/** A password reset (by link or by an administrator) makes every browser a stranger again. */
export async function forgetDevices(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}

export async function purgeStaleDevices(db: DbOrTx): Promise<void> {
  await db.delete(knownDevices).where(lt(knownDevices.lastUsedAt, clock.ago(KNOWN_DEVICE_DAYS * DAY_MS)));
}
