import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { messages } from '../../shared/api.js';
import type { DbOrTx } from '../db/client.js';
import { AppError } from './errors.js';

/**
 * Optimistic concurrency for every editable record: the client sends the version it read (If-Match or
 * `version`), the service locks the row, compares, and bumps the version in the same transaction. One
 * helper so every record answers a stale write the same way (412 with the same message).
 */
export const staleVersion = () => new AppError('PRECONDITION_FAILED', messages.staleVersion);

/** A write based on an older read is refused; no expected version means the caller did not ask to check. */
export function assertVersion(expected: number | undefined, current: number): void {
  if (expected !== undefined && expected !== current) throw staleVersion();
}

/**
 * Reads one row by id and locks it until the transaction ends (SELECT … FOR UPDATE), so two writes to
 * the same record run one after the other; an absent row throws `missing()`.
 */
export async function lockForUpdate<T extends PgTable & { id: AnyPgColumn }>(
  tx: DbOrTx,
  table: T,
  id: string,
  missing: () => AppError,
): Promise<T['$inferSelect']> {
  // Drizzle cannot type a select over a generic table; the row type comes back through T below.
  const source: PgTable = table;
  const rows: unknown[] = await tx.select().from(source).where(eq(table.id, id)).for('update');
  const [row] = rows as T['$inferSelect'][];
  if (row === undefined) throw missing();
  return row;
}
