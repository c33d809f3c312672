/**
 * The boletos brought in line with their mensalidades before a remessa tells the bank (issue 36 §1,
 * ADR 0055): `reconciledMovement` says, for one boleto, what the next remessa carries once it
 * is in line — the one selection both the Boletos panel's 'Próxima remessa' and 'Gerar remessa' use —
 * and `reconcileBoletos` writes it, in the remessa's transaction.
 */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { boletos, type BoletoRow } from '../../db/schema/boletos.js';
import { mensalidades, type MensalidadeRow } from '../../db/schema/finance.js';
import { clock } from '../../lib/clock.js';
import { comVencimento, linhaDigitavelDe } from './febraban.js';

/** The boletos reconciling looks at: those the bank may still hold open, or may be asked to. */
export const RECONCILED_SITUACOES = ['a_registrar', 'registrado', 'rejeitado'] as const;

export type BoletoMovimento = NonNullable<BoletoRow['movimentoPendente']>;

/** What reconciling does to one boleto: drop it (the bank never saw it), or leave a movement pending. */
export type ReconciledBoleto =
  { remover: true } | { remover: false; movimento: BoletoMovimento | null; vencimento: string };

/**
 * One boleto in line with its mensalidade. Paid by another means or cancelled → 'baixa' (or removed when
 * the bank never saw it; nothing while a baixa sent awaits the retorno); open again before that baixa left → no baixa; due date changed → the new
 * vencimento, and 'alteracao_vencimento' when already sent (not for a boleto issued after the tuition's
 * due date, whose due date is its own: ADR 0131). A boleto outside RECONCILED_SITUACOES
 * keeps what it has.
 */
export function reconciledMovement(
  boleto: Pick<
    BoletoRow,
    | 'situacao'
    | 'remessaId'
    | 'movimentoPendente'
    | 'movimentoEnviado'
    | 'vencimento'
    | 'vencimentoMensalidade'
  >,
  mensalidade: Pick<MensalidadeRow, 'canceladaEm' | 'principalPago' | 'valor' | 'dataVencimento'>,
): ReconciledBoleto {
  const kept = {
    remover: false as const,
    movimento: boleto.movimentoPendente,
    vencimento: boleto.vencimento,
  };
  if (!(RECONCILED_SITUACOES as readonly string[]).includes(boleto.situacao)) return kept;
  const nuncaEnviado = boleto.remessaId === null && boleto.situacao !== 'registrado';
  const encerrada = mensalidade.canceladaEm !== null || mensalidade.principalPago >= mensalidade.valor;
  if (encerrada) {
    if (nuncaEnviado || boleto.situacao === 'rejeitado') return { remover: true };
    // A baixa a remessa already carried waits for the bank's retorno, as an entrada sent does: not
    // listed nor sent again; a retorno that rejects it clears `movimentoEnviado`, and it is due again.
    return { ...kept, movimento: boleto.movimentoEnviado === 'baixa' ? null : 'baixa' };
  }
  // The bank still holds it registered (the baixa never left): it stays as it is, to be paid.
  const movimento = boleto.movimentoPendente === 'baixa' ? null : boleto.movimentoPendente;
  // A boleto issued after the tuition's due date has a due date of its own (ADR 0131): not the tuition's.
  if (mensalidade.dataVencimento === boleto.vencimento || boleto.vencimentoMensalidade !== null)
    return { ...kept, movimento };
  return {
    remover: false,
    movimento: nuncaEnviado ? movimento : 'alteracao_vencimento',
    vencimento: mensalidade.dataVencimento,
  };
}

export interface ReconcileOutcome {
  /** Never sent to the bank, so simply removed (paid another way or cancelled). */
  removidos: number;
  /** Sent: the next remessa asks the bank to write them off. */
  baixas: number;
  /** The mensalidade's due date changed: new fator and barcode (and a change for the bank when sent). */
  vencimentosAlterados: number;
  /** Open again before its baixa left (a payment reversed, a cancellation undone): the baixa is dropped. */
  baixasRetiradas: number;
}

/** Writes `reconciledMovement` for every boleto; part of the remessa's transaction (features/cnab). */
export async function reconcileBoletos(tx: DbOrTx): Promise<ReconcileOutcome> {
  const outcome: ReconcileOutcome = { removidos: 0, baixas: 0, vencimentosAlterados: 0, baixasRetiradas: 0 };
  const rows = await tx
    .select({ boleto: boletos, mensalidade: mensalidades })
    .from(boletos)
    .innerJoin(mensalidades, eq(mensalidades.id, boletos.mensalidadeId))
    .where(inArray(boletos.situacao, [...RECONCILED_SITUACOES]));
  const now = clock.now();
  for (const { boleto, mensalidade } of rows) {
    const plan = reconciledMovement(boleto, mensalidade);
    const where = eq(boletos.mensalidadeId, boleto.mensalidadeId);
    if (plan.remover) {
      await tx.delete(boletos).where(where);
      outcome.removidos++;
      continue;
    }
    if (plan.movimento === 'baixa' && boleto.movimentoPendente !== 'baixa') outcome.baixas++;
    if (boleto.movimentoPendente === 'baixa' && plan.movimento !== 'baixa') outcome.baixasRetiradas++;
    if (plan.vencimento !== boleto.vencimento) {
      const codigoBarras = comVencimento(boleto.codigoBarras, plan.vencimento);
      await tx
        .update(boletos)
        .set({
          vencimento: plan.vencimento,
          codigoBarras,
          linhaDigitavel: linhaDigitavelDe(codigoBarras),
          movimentoPendente: plan.movimento,
          updatedAt: now,
        })
        .where(where);
      outcome.vencimentosAlterados++;
    } else if (plan.movimento !== boleto.movimentoPendente)
      await tx.update(boletos).set({ movimentoPendente: plan.movimento, updatedAt: now }).where(where);
  }
  return outcome;
}
