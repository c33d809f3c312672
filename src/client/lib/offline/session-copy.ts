import { openDB, type DBSchema } from 'idb';
import type { CurrentUser } from '../../../shared/auth.schemas';
import { localDatabaseName, localDatabases, READING_PARTS, wipeLocalData } from './local-data';

/**
 * The signed-in person kept on the device (issue 35 §2 and §5, ADR 0052): when `/api/auth/me` cannot be
 * reached, the portal opens with this copy — only until the session's absolute limit, after which the
 * person signs in again. One database per person (`sistema-escolar:sessao:<userId>`), only the latest
 * kept; a sign-out or a session that ended (401) wipes it.
 */
export interface SessionCopy {
  user: CurrentUser;
  /** The session's absolute limit (ISO 8601), as the server said at sign-in or at the last `/me`. */
  expiresAt: string;
  /** When the copy was written (ISO 8601). */
  savedAt: string;
}

interface SessionDb extends DBSchema {
  copia: { key: string; value: SessionCopy };
}

const STORE = 'copia';
const KEY = 'atual';

/** The copy answers only before the session's absolute limit (a copy with a bad date never answers). */
export function isUsableCopy(copy: Pick<SessionCopy, 'expiresAt'>, now: Date): boolean {
  const limit = Date.parse(copy.expiresAt);
  return Number.isFinite(limit) && limit > now.getTime();
}

/** Opened for one read or write and closed at once, so a sign-out in another tab is never blocked. */
function open(userId: string) {
  return openDB<SessionDb>(localDatabaseName('sessao', userId), 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
}

const available = () => typeof indexedDB !== 'undefined';

/** Keeps the person and their session's limit; any other person's copies on this device go. */
export async function saveSessionCopy(user: CurrentUser, expiresAt: string): Promise<void> {
  if (!available()) return;
  // Another person signed in on this device (a shared family phone): their copies go, the person's
  // own and their reading copy stay. Saves still waiting (`fila`) stay for their owner (issue 35 §5).
  const mine = new Set([localDatabaseName('sessao', user.id), localDatabaseName('consultas', user.id)]);
  const others = (await localDatabases(['sessao', 'consultas'])).filter((name) => !mine.has(name));
  for (const name of others) indexedDB.deleteDatabase(name);
  const db = await open(user.id);
  try {
    await db.put(STORE, { user, expiresAt, savedAt: new Date().toISOString() }, KEY);
  } finally {
    db.close();
  }
}

/** The copy on this device, if any (usable or not: the caller judges it with `isUsableCopy`). */
export async function readSessionCopy(): Promise<SessionCopy | undefined> {
  if (!available()) return undefined;
  const [name] = await localDatabases(['sessao']);
  if (!name) return undefined;
  const db = await open(name.slice(localDatabaseName('sessao', '').length));
  try {
    return await db.get(STORE, KEY);
  } finally {
    db.close();
  }
}

/**
 * The session ended (a 401): the reading copy and the person's copy go; the saves waiting (`fila`) stay
 * under the person's name, to be sent after they sign in again (issue 35 §5).
 */
export async function forgetSessionCopy(): Promise<void> {
  await wipeLocalData(READING_PARTS);
}
