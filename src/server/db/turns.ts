import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

/**
 * PGlite runs every query synchronously on this thread and answers through promises alone, so a chain
 * of queries never gives the event loop a turn: measured, 2,000 queries in a row ran 1.5 s and a
 * `setImmediate` queued before them ran only after the last one. While any request is sending queries,
 * the server reads no new request — in the 7:30 rush a teacher's roll call waited a minute behind the
 * families' home screens before Fastify even saw it (docs/performance.md, 'o rush das 7h30').
 *
 * So a query waits for the loop's next turn when the loop has gone more than TURN_MS without one: the
 * sockets are read, and the requests that arrived start and queue their own queries. A query resumed
 * from that wait runs without asking again, so every waiting request gets at least one query per turn
 * (none starves behind a long one). A request that sends few queries on a quiet server never waits.
 */
export const TURN_MS = 5;

let turnStartedAt = 0;
let turnMarked = true;

function markTurn(): void {
  turnMarked = true;
}

/** True when the loop has not had a turn for TURN_MS; the first query after a turn starts the clock. */
function overdue(): boolean {
  const now = performance.now();
  if (turnMarked) {
    turnMarked = false;
    turnStartedAt = now;
    setImmediate(markTurn);
    return false;
  }
  return now - turnStartedAt > TURN_MS;
}

/** Waits for the loop's next turn when this thread has run queries for too long without one. */
export async function takeTurn(): Promise<void> {
  if (overdue()) await new Promise<void>((resolve) => setImmediate(resolve));
}

type Queries = Pick<Transaction, 'query' | 'exec' | 'sql'>;

function takeTurnsOn<T extends Queries>(target: T): T {
  const { query, exec, sql } = target;
  target.query = async <R>(...args: Parameters<Queries['query']>) => {
    await takeTurn();
    return query.apply<T, typeof args, Promise<Results<R>>>(target, args);
  };
  target.exec = async (...args) => {
    await takeTurn();
    return exec.apply(target, args);
  };
  target.sql = async <R>(...args: Parameters<Queries['sql']>) => {
    await takeTurn();
    return sql.apply<T, typeof args, Promise<Results<R>>>(target, args);
  };
  return target;
}

/** The client, changed so that its queries — and those of its transactions — take turns (above). */
export function takingTurns(client: PGlite): PGlite {
  takeTurnsOn(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => transaction((tx) => callback(takeTurnsOn(tx)));
  return client;
}
