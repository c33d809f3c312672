import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { formatDateTime } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { atSilentLimit, WRITE_LIMITS } from '../../lib/write-limits.js';
import { NEW_DEVICE_TITLE, notifyNewDevice } from '../notificacoes/index.js';
import type { UserRow } from '../../db/schema/users.js';
import { signInFingerprints } from '../../db/schema/auth.js';
import { sha256, type SessionContext } from './sessions.service.js';
import { matchUserAgent } from './user-agent.js';

/** How many of an account's sign-ins are remembered to recognise a device without its cookie. */
export const REMEMBERED_SIGN_INS = 10;

/**
 * The network an address belongs to: the first three octets of an IPv4 address (a home or office
 * network keeps them when its provider hands out another address) or the first 48 bits of an IPv6 one.
 */
export function networkPrefixOf(ip: string | null): string {
  if (!ip) return '';
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]!}.${v4[2]!}.${v4[3]!}`;
  return ip.toLowerCase().split(':').slice(0, 3).join(':');
}

/** A device's fingerprint: the browser (user agent) on a network (address prefix), hashed. */
export function fingerprintOf(context: SessionContext): string {
  return sha256(`${context.userAgent ?? ''}|${networkPrefixOf(context.ip)}`);
}

/** 'Chrome no Windows': enough for a person to recognise their own device in the notice. */
export function describeBrowser(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = matchUserAgent(ua, [
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ]);
  const system = matchUserAgent(ua, [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iPhone/iPad'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ]);
  if (browser && system) return `${browser} no ${system}`;
  return browser ?? system ?? 'navegador não identificado';
}

/**
 * After a successful sign-in, in its transaction: tells the person when it came from a new device,
 * and remembers this sign-in's fingerprint. A device is new when all of these hold:
 * - the browser did not bring a device cookie known to this account (`known_devices`, 180 days): a
 *   browser that signed in before is never new;
 * - its fingerprint (user agent + network prefix) is not among the account's last 10 sign-ins: the same
 *   browser on the same network without its cookie (a private window, cleared cookies) is not new
 *   either — an attacker would need the same browser build and the same network;
 * - the account signed in before (`ultimo_login`): a first sign-in has nothing to compare with.
 */
export async function recordSignIn(
  ctx: AppContext,
  tx: DbOrTx,
  user: Pick<UserRow, 'id' | 'ultimoLogin'>,
  knownDevice: boolean,
  context: SessionContext,
): Promise<boolean> {
  const fingerprint = fingerprintOf(context);
  const recent = await tx
    .select({ fingerprint: signInFingerprints.fingerprint, createdAt: signInFingerprints.createdAt })
    .from(signInFingerprints)
    .where(eq(signInFingerprints.userId, user.id))
    .orderBy(desc(signInFingerprints.createdAt))
    .limit(REMEMBERED_SIGN_INS);
  const isNew =
    !knownDevice && user.ultimoLogin !== null && !recent.some((row) => row.fingerprint === fingerprint);
  const now = clock.now();
  await tx.insert(signInFingerprints).values({ userId: user.id, fingerprint, createdAt: now });
  const oldest = recent[REMEMBERED_SIGN_INS - 2];
  if (oldest) {
    // Only the newest few are kept: the history is for recognising devices, not for tracking people.
    await tx
      .delete(signInFingerprints)
      .where(and(eq(signInFingerprints.userId, user.id), lt(signInFingerprints.createdAt, oldest.createdAt)));
  }
  // Signing in again and again with new browsers would mail the owner each time: after so many
  // notices a day the sign-in goes on without another (ADR 0018); the bell already shows them.
  if (
    isNew &&
    !(await atSilentLimit(tx, user.id, 'dispositivo-novo', WRITE_LIMITS.avisosDispositivoNovo, {
      clock: 'app',
      rows: sql`select created_at as at from notificacoes
        where usuario_id = ${user.id}::uuid and tipo = 'seguranca' and titulo = ${NEW_DEVICE_TITLE}`,
    }))
  )
    await notifyNewDevice(ctx, tx, user.id, {
      navegador: describeBrowser(context.userAgent),
      quando: formatDateTime(now),
    });
  return isNew;
}
