/**
 * Idempotency keys for writes a device may retry (ADR 0053). A route that opts in hands its write to
 * `runIdempotent`: the key is claimed, the write runs and its answer is stored, all in ONE
 * transaction — so a retry after a lost answer replays the stored answer and never writes twice, and a
 * write that failed leaves no key behind (the retry runs it again). A duplicate sent while the first is
 * still running waits on the key's row (PostgreSQL's unique index) and then replays its answer.
 */
import { DAY_MS } from '../../shared/calendar.js';
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeySchema,
} from '../../shared/idempotency.schemas.js';
import type { Db, DbOrTx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/idempotencia.js';
import { clock } from './clock.js';
import { AppError, badRequest, conflict } from './errors.js';

/** How long an answer is kept for a retry: a device that lost it retries within minutes, or days offline. */
export const IDEMPOTENCY_DAYS = 7;

/** The key of the request, validated (null: the request did not opt in). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header.join(',') : header);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Chave de idempotência inválida.';
    throw badRequest(message, [{ path: 'Idempotency-Key', message }]);
  }
  return parsed.data;
}

/** What makes two requests "the same": method, URL (path parameters and query) and the parsed body. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * Runs `write` once per (person, key). Without a key it simply runs it (the route behaves as before).
 * `write` receives the transaction to write in; what it returns is the answer's body, stored with the
 * reply's status. Errors are not stored: nothing was written, so a retry is judged afresh.
 */
export async function runIdempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  write: (db: Db) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  if (key === null) return write(db);
  const fingerprint = fingerprintOf(request);
  const now = clock.now();
  const scope = and(eq(idempotencyKeys.usuarioId, userId), eq(idempotencyKeys.chave, key));
  return db.transaction(async (tx) => {
    await tx.delete(idempotencyKeys).where(and(scope, lt(idempotencyKeys.expiraEm, now)));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        usuarioId: userId,
        chave: key,
        pedidoHash: fingerprint,
        expiraEm: new Date(now.getTime() + IDEMPOTENCY_DAYS * DAY_MS),
      })
      .onConflictDoNothing()
      .returning({ chave: idempotencyKeys.chave });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(scope);
      if (stored?.status === undefined || stored.status === null)
        throw conflict('Este envio ainda está sendo processado. Tente de novo em instantes.');
      if (stored.pedidoHash !== fingerprint)
        throw new AppError(
          'UNPROCESSABLE',
          'Esta chave de idempotência já foi usada em outro envio, com outro conteúdo. Nada foi salvo.',
        );
      void reply.status(stored.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return stored.resposta as T;
    }
    const answer = await write(tx);
    await tx.update(idempotencyKeys).set({ status: reply.statusCode, resposta: answer }).where(scope);
    return answer;
  });
}

/** The cleanup on the job queue's poll: answers past their days go. */
export async function purgeExpiredIdempotencyKeys(db: DbOrTx): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiraEm, clock.now()));
}
