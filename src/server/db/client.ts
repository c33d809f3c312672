import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from '../lib/paths.js';
import { acquireDataDirLock } from './lock.js';
import { assertSchemaNotNewer } from './schema-version.js';
import { openPglite } from './pglite.js';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Services take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Follows NOTIFY on `channel` (from this process or any other sharing the database). `onLost` says
   * notifications may have been missed (PostgreSQL: the listening connection dropped; it reconnects
   * and calls `onListening` again). Resolves once listening, to the function that stops it.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /** PostgreSQL only: the connection pool's use (GET /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onPayload(payload: string): void;
  onLost(): void;
  onListening(): void;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /**
   * In memory (tests): from `image`, a `dumpDataDir` tarball of an already migrated database, when
   * given; or `client`, one already open (a test worker's database, handed on from one file to the next).
   */
  | { kind: 'memory'; image?: Uint8Array; client?: PGlite };

/** Hooks for tests and profiling: `onQuery` sees every statement sent, transactions included. */
export interface DatabaseHooks {
  onQuery?: (query: string, params: unknown[]) => void;
}

function queryLogger(hooks: DatabaseHooks) {
  const { onQuery } = hooks;
  return onQuery
    ? { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } }
    : {};
}

/** Arbitrary, fixed key: one migrator at a time when several instances share PostgreSQL. */
const MIGRATION_LOCK_KEY = 872_031_442;

export async function openDatabase(options: DatabaseOptions, hooks: DatabaseHooks = {}): Promise<Database> {
  if (options.kind === 'postgres') {
    // Loaded only with DATABASE_URL: an embedded server does not hold the PostgreSQL client (ADR 0009).
    const [{ default: pgClient }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const poolMax = 10;
    const pool = new pgClient.Pool({ connectionString: options.url, max: poolMax });
    // An idle client that loses its connection (database restart, failover) emits 'error'; unhandled,
    // that would end the process. The pool drops the client and opens a new one on the next query.
    pool.on('error', (error) => {
      console.warn(`Conexão ociosa com o PostgreSQL encerrada: ${error.message}`);
    });
    const db = drizzlePg(pool, queryLogger(hooks)) as unknown as Db;
    const client = await pool.connect().catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
    try {
      // The others wait here while one instance migrates, then find nothing left to do.
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await assertSchemaNotNewer(drizzlePg(client));
      await migratePg(drizzlePg(client), { migrationsFolder });
    } catch (error) {
      client.release();
      await pool.end();
      throw error;
    }
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
    return {
      db,
      kind: 'postgres',
      listen: (channel, handlers) => listenPostgres(pgClient, options.url, channel, handlers),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: poolMax,
      }),
      close: () => pool.end(),
    };
  }

  const release = options.kind === 'pglite' ? acquireDataDirLock(options.dataDir) : () => undefined;
  try {
    const client =
      options.kind === 'memory' && options.client
        ? options.client
        : await openPglite(
            options.kind === 'pglite' ? path.join(options.dataDir, 'pgdata') : undefined,
            options.kind === 'memory' ? options.image : undefined,
          );
    const pgliteDb = drizzlePglite(client, queryLogger(hooks));
    try {
      await assertSchemaNotNewer(pgliteDb);
    } catch (error) {
      await client.close();
      throw error;
    }
    await migratePglite(pgliteDb, { migrationsFolder });
    return {
      db: pgliteDb as unknown as Db,
      kind: 'pglite',
      // One connection in this process: a notification arrives with the result of the COMMIT that
      // sent it, before that query's caller resumes, and none can be lost.
      listen: async (channel, handlers) => {
        const unlisten = await client.listen(channel, (payload) => handlers.onPayload(payload));
        handlers.onListening();
        return () => unlisten();
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

const RECONNECT_MS = 1_000;

/** LISTEN on a connection of its own, reconnecting (and saying so) when it drops. */
async function listenPostgres(
  pgClient: typeof pg,
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Canal inválido: ${channel}`);
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => {
        handlers.onLost();
        schedule();
      });
    }, RECONNECT_MS);
  };
  const connect = async () => {
    const client = new pgClient.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      handlers.onLost();
      client.end().catch(() => undefined);
      schedule();
    };
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onPayload(message.payload ?? '');
    });
    client.on('error', onLost);
    client.on('end', onLost);
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    handlers.onListening();
  };
  try {
    await connect();
  } catch (error) {
    stopped = true;
    clearTimeout(retry);
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
