/**
 * What the received Pix need from the other parts of issue 33: which mensalidade a `txid` charges (the
 * charges, `pix_cobrancas`) and the installation's webhook secret (the provider settings). One function
 * each, so the rest of the received-Pix code does not care where they are kept.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { mensalidades } from '../../db/schema/finance.js';
import { webhookSegredoOf } from './pix-provedor.service.js';

/**
 * The mensalidade whose charge carries `txid`, or null. Until the charges are kept, a charge's txid is its
 * mensalidade's id without the dashes (32 letters and digits, within the standard's 26–35).
 */
export async function mensalidadeIdOfTxid(db: DbOrTx, txid: string): Promise<string | null> {
  if (!/^[0-9a-f]{32}$/.test(txid)) return null;
  const id = `${txid.slice(0, 8)}-${txid.slice(8, 12)}-${txid.slice(12, 16)}-${txid.slice(16, 20)}-${txid.slice(20)}`;
  const [row] = await db.select({ id: mensalidades.id }).from(mensalidades).where(eq(mensalidades.id, id));
  return row?.id ?? null;
}

/** The secret in this installation's webhook URL (made with the provider settings, ADR 0040). */
export function webhookSecretOf(ctx: AppContext): Promise<string> {
  return webhookSegredoOf(ctx);
}
