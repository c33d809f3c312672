/**
 * What the received Pix need from the other parts of issue 33: which mensalidade a `txid` charges (the
 * charges, `pix_cobrancas`) and the installation's webhook secret (the provider settings). One function
 * each, so the rest of the received-Pix code does not care where they are kept.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { pixCobrancas } from '../../db/schema/pix-cobrancas.js';
import { webhookSegredoOf } from './pix-provedor.service.js';

/** The mensalidade whose charge carries `txid` (`pix_cobrancas`, ADR 0041), or null. */
export async function mensalidadeIdOfTxid(db: DbOrTx, txid: string): Promise<string | null> {
  const [row] = await db
    .select({ id: pixCobrancas.mensalidadeId })
    .from(pixCobrancas)
    .where(eq(pixCobrancas.txid, txid));
  return row?.id ?? null;
}

/** The secret in this installation's webhook URL (made with the provider settings, ADR 0040). */
export function webhookSecretOf(ctx: AppContext): Promise<string> {
  return webhookSegredoOf(ctx);
}
