/**
 * What the received Pix need from the other parts of issue 33: which mensalidade a `txid` charges (the
 * charges, `pix_cobrancas`) and the installation's webhook secret (the provider settings). One function
 * each, so the rest of the received-Pix code does not care where they are kept.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { mensalidades } from '../../db/schema/finance.js';
import { settings } from '../../db/schema/settings.js';

/** The settings row that holds the webhook secret until the provider settings keep it. */
export const WEBHOOK_SECRET_KEY = 'pix_webhook';

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

/** The secret in this installation's webhook URL, or null when none was made (every call is then a 404). */
export async function webhookSecretOf(ctx: AppContext): Promise<string | null> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, WEBHOOK_SECRET_KEY));
  const segredo = row?.value.segredo;
  return typeof segredo === 'string' && segredo.length >= 32 ? segredo : null;
}
