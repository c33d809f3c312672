import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/users.js';
import { sessions } from '../../db/schema/auth.js';
import { recordVersions } from '../../db/schema/students.js';

/** What the confirmation read returns: the session's own state, its user's version and a list's. */
export interface SessionCheck {
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  authVersion: string;
  recordVersion?: number | null;
}

/** A `record_versions` name a route may declare: a code constant, inlined in its own prepared statement. */
const VERSION_NAME = /^[a-z][a-z_]{0,40}$/;

/** Most sessions one statement confirms; a turn with more sends more statements. */
const MAX_BATCH = 500;

const checkColumns = {
  id: sessions.id,
  lastSeenAt: sessions.lastSeenAt,
  idleExpiresAt: sessions.idleExpiresAt,
  absoluteExpiresAt: sessions.absoluteExpiresAt,
  authVersion: users.authVersion,
};

/**
 * The confirmation read of cache hits on PostgreSQL (ADR 0060): the sessions by primary key and their
 * users by theirs — one row each, no profiles. A session that no longer exists (logout, revoked, purged,
 * the user deleted) has no row.
 *
 * With `versionName` (a route's `config.recordVersion`) it also reads, by primary key, the version of the
 * list the route serves (`record_versions`, ADR 0009), so a page answered from the list's cache costs this
 * one round-trip and no other (issue 38). One prepared statement per name, the name written into it.
 */
function confirmationStatement(db: DbOrTx, versionName: string) {
  if (versionName !== '' && !VERSION_NAME.test(versionName))
    throw new Error(`recordVersion inválido: ${versionName}`);
  const columns =
    versionName === ''
      ? checkColumns
      : {
          ...checkColumns,
          recordVersion: sql<number | null>`(select ${recordVersions.version} from ${recordVersions} where ${
            recordVersions.name
          } = ${sql.raw(`'${versionName}'`)})`.mapWith((value: unknown) =>
            value === null ? null : Number(value),
          ),
        };
  return db
    .select(columns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare(versionName === '' ? 'confirm_sessions' : `confirm_sessions_${versionName}`);
}

type Statement = ReturnType<typeof confirmationStatement>;

interface Waiter {
  resolve: (check: SessionCheck | undefined) => void;
  reject: (error: unknown) => void;
}

/** One database's confirmations waiting for the end of this turn: version name → session id → waiters. */
interface Pending {
  statements: Map<string, Statement>;
  batches: Map<string, Map<string, Waiter[]>>;
  scheduled: boolean;
}

const pendingOf = new WeakMap<DbOrTx, Pending>();

async function send(pending: Pending, db: DbOrTx, versionName: string, batch: Map<string, Waiter[]>) {
  try {
    let statement = pending.statements.get(versionName);
    if (!statement) {
      statement = confirmationStatement(db, versionName);
      pending.statements.set(versionName, statement);
    }
    const rows = await statement.execute({ ids: [...batch.keys()] });
    const byId = new Map<string, SessionCheck>();
    for (const { id, ...check } of rows) byId.set(id, check);
    for (const [id, waiters] of batch) for (const waiter of waiters) waiter.resolve(byId.get(id));
  } catch (error) {
    for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
  }
}

function flush(pending: Pending, db: DbOrTx) {
  pending.scheduled = false;
  const batches = pending.batches;
  pending.batches = new Map();
  for (const [versionName, batch] of batches) void send(pending, db, versionName, batch);
}

/**
 * Confirms a cached session (ADR 0060). The confirmations asked during one turn of the event loop — the
 * requests read from every socket in it — go to the database together, as one statement per list version
 * (`id = any($1)`), sent at the end of that turn: under load (the 7:30 rush, many families polling) a
 * round-trip serves every request read with it, instead of one each.
 *
 * Revocation stays immediate: the statement is sent after every request it confirms has arrived, so a
 * logout or revocation committed anywhere before a request arrived is seen by its confirmation.
 */
export function confirmSession(
  db: DbOrTx,
  sessionId: string,
  versionName: string | null,
): Promise<SessionCheck | undefined> {
  let pending = pendingOf.get(db);
  if (!pending) {
    pending = { statements: new Map(), batches: new Map(), scheduled: false };
    pendingOf.set(db, pending);
  }
  const key = versionName ?? '';
  let batch = pending.batches.get(key);
  if (!batch) {
    batch = new Map();
    pending.batches.set(key, batch);
  }
  const promise = new Promise<SessionCheck | undefined>((resolve, reject) => {
    const waiters = batch.get(sessionId);
    if (waiters) waiters.push({ resolve, reject });
    else batch.set(sessionId, [{ resolve, reject }]);
  });
  if (batch.size >= MAX_BATCH) {
    pending.batches.delete(key);
    void send(pending, db, key, batch);
  } else if (!pending.scheduled) {
    pending.scheduled = true;
    const scheduled = pending;
    setImmediate(() => flush(scheduled, db));
  }
  return promise;
}
