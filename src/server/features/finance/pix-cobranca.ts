/**
 * Finance's side of the Pix charges (issue 33 §1, ADR 0041). Finance never imports the pix module (no
 * two-way pair): it reads the charge state through the schema (`pix_cobrancas`, `pix_provedor`) and wakes
 * the `pix.sincronizar` job by name after anything that changes what a family owes.
 */
import { eq } from 'drizzle-orm';
import type { PixCobranca } from '../../../shared/pix-cobranca.schemas.js';
import { samePixKey } from '../../../shared/finance.schemas.js';
import { addDays } from '../../../shared/calendar.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { errorCodeOf } from '../../lib/log.js';
import { pixCobrancas } from '../../db/schema/pix-cobrancas.js';
import { pixProvedor } from '../../db/schema/pix-provedor.js';

/** The pix module's job kind (features/pix/cobrancas.sync.ts), named here so finance need not import it. */
export const PIX_SYNC_JOB = 'pix.sincronizar';

async function isPixAutomaticoOn(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ ativo: pixProvedor.ativo }).from(pixProvedor).where(eq(pixProvedor.id, 1));
  return row?.ativo ?? false;
}

/** The key Pix automático's webhook is registered for, while it is on; null otherwise. */
export async function pixAutomaticoKey(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ ativo: pixProvedor.ativo, chave: pixProvedor.chavePix })
    .from(pixProvedor)
    .where(eq(pixProvedor.id, 1));
  return row?.ativo === true ? row.chave : null;
}

/**
 * Whether a Pix paid with the school's fixed code is reported by the PSP (and so confirms itself, by the
 * code's reference): Pix automático on, and the fixed code's key is the one its webhook is registered for.
 */
export async function staticCodeReachesSchool(db: DbOrTx, chave: string): Promise<boolean> {
  return samePixKey(await pixAutomaticoKey(db), chave);
}

/**
 * `pix` of a tuition: null while Pix automático is off (the family gets the static code, as before);
 * otherwise its charge's state — `pendente` for an open tuition the job has not reached yet (its txid is
 * already known: the tuition's id without dashes, as the pix module derives it).
 */
export async function pixStateOf(
  db: DbOrTx,
  mensalidade: { id: string; status: string },
  today: string,
): Promise<PixCobranca | null> {
  if (!(await isPixAutomaticoOn(db))) return null;
  const [row] = await db.select().from(pixCobrancas).where(eq(pixCobrancas.mensalidadeId, mensalidade.id));
  if (!row) {
    const open = mensalidade.status !== 'pago' && mensalidade.status !== 'cancelado';
    return open ? { status: 'pendente', txid: mensalidade.id.replace(/-/g, '') } : null;
  }
  const lastDay = lastDayAtTheBank(row);
  return {
    status: row.status,
    txid: row.txid,
    ...(row.status === 'erro' && row.erro ? { erro: row.erro } : {}),
    ...(row.status === 'ativa' && lastDay !== null && today > lastDay ? { expirou_em: lastDay } : {}),
  };
}

/** The last day the PSP accepts the charge (its due date plus `validadeAposVencimento`), or null. */
function lastDayAtTheBank(row: typeof pixCobrancas.$inferSelect): string | null {
  if (!row.vencimentoEnviado || row.validadeAposVencimento === null) return null;
  return addDays(row.vencimentoEnviado, row.validadeAposVencimento);
}

/**
 * The charge a family can pay with a dynamic BR Code today: active at the PSP and still within its
 * `validadeAposVencimento` (after that the PSP refuses it, and the static code is what works).
 */
export async function activeChargeOf(
  db: DbOrTx,
  mensalidadeId: string,
  today: string,
): Promise<{ txid: string; location: string } | null> {
  if (!(await isPixAutomaticoOn(db))) return null;
  const [row] = await db.select().from(pixCobrancas).where(eq(pixCobrancas.mensalidadeId, mensalidadeId));
  if (row?.status !== 'ativa' || !row.location) return null;
  const lastDay = lastDayAtTheBank(row);
  if (lastDay !== null && today > lastDay) return null;
  return { txid: row.txid, location: row.location };
}

/**
 * Wakes the charges' sync after a change to what a family owes. Never fails the change: a queue that
 * cannot take the job now is caught up by the job's own schedule (every minute while there is work).
 */
export async function wakePixSync(ctx: AppContext): Promise<void> {
  try {
    if (await isPixAutomaticoOn(ctx.db)) await ctx.jobs.enqueue(ctx.db, PIX_SYNC_JOB, {});
  } catch (error) {
    ctx.log.warn({ code: errorCodeOf(error) }, 'pix: sincronização das cobranças não enfileirada');
  }
}
