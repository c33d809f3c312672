/**
 * The one way a Pix Automático debit pays its mensalidade (issue 33 §3, ADR 0044): from the PSP's `cobr`
 * webhook (`CONCLUIDA`) or from reconciliation (the debit's Pix in `GET /pix`, txid `r…`). The charge's
 * row moves to `concluida` with a conditional update in the caller's transaction, and only whoever moves
 * it pays — so the webhook, a replay, reconciliation and two instances at once have one effect.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { pixCobrancasRecorrentes } from '../../db/schema/pix-recorrencias.js';
import { clock } from '../../lib/clock.js';
import { systemActor } from '../audit/index.js';
import { applyPixPayment, type PixPaymentRefusal } from '../finance/index.js';

export type DebitoPago =
  /** Paid now (`pagamentoId`), or already paid by the other path (`pagamentoId` null). */
  | { paga: true; mensalidadeId: string; pagamentoId: string | null }
  | { paga: false; mensalidadeId: string; motivo: PixPaymentRefusal };

const recusa: Record<PixPaymentRefusal, string> = {
  mensalidade_desconhecida: 'a mensalidade não existe mais.',
  mensalidade_cancelada: 'a mensalidade foi cancelada.',
  mensalidade_paga: 'a mensalidade já estava paga.',
  valor_diferente: 'o valor é diferente do devido no dia.',
  valor_maior: 'o valor é maior que o devido no dia.',
};

/**
 * Pays the mensalidade of the Pix Automático charge `txid` with a debit of `valor` centavos made on
 * `data`, once; null when `txid` is not one of the school's Pix Automático charges.
 */
export async function pagarDebitoUmaVez(
  ctx: AppContext,
  tx: Tx,
  txid: string,
  debito: { valor: number; data: string },
): Promise<DebitoPago | null> {
  const [won] = await tx
    .update(pixCobrancasRecorrentes)
    .set({ status: 'concluida', erro: null, updatedAt: clock.now() })
    .where(and(eq(pixCobrancasRecorrentes.txid, txid), sql`${pixCobrancasRecorrentes.status} <> 'concluida'`))
    .returning();
  if (!won) {
    const [done] = await tx
      .select()
      .from(pixCobrancasRecorrentes)
      .where(eq(pixCobrancasRecorrentes.txid, txid));
    if (!done) return null;
    // The other path paid it; or it could not, and the debit already waits for the secretaria.
    return done.erro === null
      ? { paga: true, mensalidadeId: done.mensalidadeId, pagamentoId: null }
      : { paga: false, mensalidadeId: done.mensalidadeId, motivo: 'mensalidade_paga' };
  }
  const hoje = clock.today();
  const outcome = await applyPixPayment(
    ctx,
    tx,
    {
      mensalidadeId: won.mensalidadeId,
      valor: debito.valor,
      data: debito.data <= hoje ? debito.data : hoje,
      // The amount was fixed when the charge was sent (the open amount, due that day): a part is a part.
      exact: false,
      origem: 'banco',
    },
    { ...systemActor, nome: 'Pix Automático' },
    hoje,
  );
  if (outcome.paga) return { paga: true, mensalidadeId: won.mensalidadeId, pagamentoId: outcome.pagamentoId };
  await tx
    .update(pixCobrancasRecorrentes)
    .set({ erro: `Débito recebido, mas não pagou a mensalidade: ${recusa[outcome.motivo]} Concilie.` })
    .where(eq(pixCobrancasRecorrentes.id, won.id));
  return { paga: false, mensalidadeId: won.mensalidadeId, motivo: outcome.motivo };
}
