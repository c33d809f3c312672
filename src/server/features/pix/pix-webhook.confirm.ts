/**
 * A PSP's webhook call is a notice, not a record (ADR 0082). The secret in its URL and the mutual TLS at
 * the proxy say who may knock; what was paid, authorised or cancelled is read back from the PSP's own API
 * before anything is recorded: `GET /pix/{e2eid}` for each Pix posted, `GET /rec/{idRec}` and `GET
 * /cobr/{txid}` for Pix Automático's notices. Whoever learnt the secret (a log, a leaked backup) can make
 * the school ask its bank, never pay a mensalidade with an amount of their own or cancel a family's debit.
 */
import type { z } from 'zod';
import { pixRecebidoWireSchema, type PixRecebidoWire } from '../../../shared/pix-recebidos.schemas.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { PixApiError, type PixProvider } from './pix-api.js';

/** What the PSP confirmed of a webhook call, and how many items it posted that the PSP does not hold. */
export interface Confirmed<T> {
  items: T[];
  unknown: number;
}

/** The PSP could not be asked: the webhook answers 503 and the PSP posts again later (the daily reconciliation is the net). */
function unconfirmed(error: unknown): never {
  if (!(error instanceof PixApiError)) throw error;
  throw new AppError(
    'UNAVAILABLE',
    `Não foi possível confirmar o aviso no banco: ${error.mensagem} O banco deve reenviá-lo.`,
  );
}

/**
 * Each item of a notice read back from the PSP, once per key: the PSP's answer, parsed with the item's
 * schema, replaces what the call said. An item the PSP does not hold, or answers out of the standard, is
 * dropped and counted (logged by count only: a Pix carries the payer's name and document).
 */
export async function readBack<T>(
  ctx: AppContext,
  notice: { kind: string; keys: string[] },
  read: (key: string) => Promise<unknown>,
  schema: z.ZodType<T>,
  keyOf: (item: T) => string,
): Promise<Confirmed<T>> {
  const items: T[] = [];
  let unknown = 0;
  for (const key of new Set(notice.keys)) {
    const held = await read(key).catch(unconfirmed);
    const parsed = held === null ? null : schema.safeParse(held);
    if (parsed?.success && keyOf(parsed.data) === key) items.push(parsed.data);
    else unknown++;
  }
  if (unknown > 0)
    ctx.log.warn(
      { aviso: notice.kind, naoConfirmados: unknown },
      'webhook do banco: itens que o banco não confirma, ignorados (o segredo do webhook pode ter vazado)',
    );
  return { items, unknown };
}

/** Each Pix posted, as the PSP holds it (`GET /pix/{e2eid}`): its amount, txid and devoluções, not the call's. */
export function confirmPix(
  ctx: AppContext,
  provider: PixProvider,
  posted: PixRecebidoWire[],
): Promise<Confirmed<PixRecebidoWire>> {
  return readBack(
    ctx,
    { kind: 'pix', keys: posted.map((pix) => pix.endToEndId) },
    (endToEndId) => provider.api.getPix(endToEndId),
    pixRecebidoWireSchema,
    (pix) => pix.endToEndId,
  );
}
