/**
 * The reference of a tuition's fixed Pix code (the school's key with the amount of the day, used when the
 * tuition has no active charge at the PSP): `MENS` + YYYYMM + the first 15 hex digits of the tuition's id,
 * the 25 characters a static code's txid allows. The payer's bank passes it on and the PSP reports it with
 * the Pix, so a Pix paid with the fixed code names its tuition as a charge's txid does.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mensalidades } from '../../db/schema/finance.js';

export function staticTxidOf(mensalidadeId: string, mesReferencia: string): string {
  return `MENS${mesReferencia.replace('-', '')}${mensalidadeId.replace(/-/g, '').slice(0, 15)}`;
}

const STATIC_TXID = /^MENS(\d{4})(\d{2})([0-9a-f]{15})$/;

/** The tuition a fixed code's reference names; null when it names none (or, by chance, two). */
export async function mensalidadeOfStaticTxid(db: DbOrTx, txid: string): Promise<string | null> {
  const match = STATIC_TXID.exec(txid);
  if (!match) return null;
  const [, ano, mes, prefix] = match;
  const rows = await db
    .select({ id: mensalidades.id })
    .from(mensalidades)
    .where(
      and(
        eq(mensalidades.mesReferencia, `${ano!}-${mes!}`),
        sql`replace(${mensalidades.id}::text, '-', '') like ${`${prefix!}%`}`,
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0]!.id : null;
}
