/**
 * A Pix paying a mensalidade (issue 33 §2): the pix module calls this inside the transaction that records
 * the Pix once, so the payment, its receita, the audit entry and the family's notice commit with that
 * record or not at all. The payment is the manual one's (`applyPayment`), by Pix, so the receipt and every
 * figure follow as they do for a payment typed by the secretaria.
 */
import { formatMesReferencia } from '../../../shared/mensalidades.schemas.js';
import { computeAmountDue, type PaymentSplit } from '../../../shared/money.js';
import { formatCentavos, formatDate } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../audit/index.js';
import { notifyFamily } from './comprovantes.service.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { findMensalidade } from './mensalidades.service.js';
import { applyPayment } from './payments.service.js';

export interface PixPaymentInput {
  mensalidadeId: string;
  /** Centavos received. */
  valor: number;
  /** The day the Pix was paid (São Paulo). */
  data: string;
  /** Multa, juros and desconto as the payer's bank split them (`componentesValor`), in centavos. */
  componentes?: { multa: number; juros: number; desconto?: number | undefined } | undefined;
  /**
   * `true` (a Pix by itself): only exactly the amount of the day pays it. `false` (a person linking a Pix
   * to it): any amount up to it, a smaller one as a partial payment.
   */
  exact: boolean;
}

export type PixPaymentRefusal =
  | 'mensalidade_desconhecida'
  | 'mensalidade_cancelada'
  | 'mensalidade_paga'
  | 'valor_diferente'
  | 'valor_maior';

export type PixPaymentOutcome =
  { paga: true; pagamentoId: string; quitada: boolean } | { paga: false; motivo: PixPaymentRefusal };

/** The split `componentesValor` gives, when it adds up to the amount of the day; otherwise none. */
function splitOf(
  valor: number,
  componentes: PixPaymentInput['componentes'],
  due: { principal: number; total: number },
): PaymentSplit | undefined {
  if (!componentes || valor !== due.total) return undefined;
  const desconto = componentes.desconto ?? 0;
  const principal = valor - componentes.multa - componentes.juros + desconto;
  if (principal !== due.principal || componentes.multa < 0 || componentes.juros < 0 || desconto < 0)
    return undefined;
  return { principal, desconto, multa: componentes.multa, juros: componentes.juros, settles: true };
}

/**
 * Pays a mensalidade with a Pix received, read under lock in the caller's transaction, and tells the
 * family ('Pagamento confirmado'). A refusal changes nothing and says why (the Pix then waits for a person).
 */
export async function applyPixPayment(
  ctx: AppContext,
  tx: Tx,
  input: PixPaymentInput,
  actor: Actor,
  today: string,
): Promise<PixPaymentOutcome> {
  let found;
  try {
    found = await findMensalidade(tx, input.mensalidadeId, { kind: 'escola' }, true);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      return { paga: false, motivo: 'mensalidade_desconhecida' };
    throw error;
  }
  const { row } = found;
  if (row.canceladaEm !== null) return { paga: false, motivo: 'mensalidade_cancelada' };
  const open = row.valor - row.principalPago;
  if (open <= 0) return { paga: false, motivo: 'mensalidade_paga' };
  const due = computeAmountDue(open, row.dataVencimento, input.data, ratesOf(await loadSettings(tx)));
  if (input.exact && input.valor !== due.total) return { paga: false, motivo: 'valor_diferente' };
  if (input.valor > due.total) return { paga: false, motivo: 'valor_maior' };
  const result = await applyPayment(
    tx,
    found,
    { valor_pago: input.valor, data_pagamento: input.data, forma: 'pix' },
    actor,
    today,
    splitOf(input.valor, input.componentes, due),
  );
  const mes = formatMesReferencia(row.mesReferencia);
  const quitada = result.mensalidade.status === 'pago';
  const texto = quitada
    ? `Recebemos o Pix de ${formatCentavos(input.valor)} da mensalidade de ${mes} de ${found.aluno_nome}, pago em ${formatDate(input.data)}. O recibo está no portal.`
    : `Recebemos ${formatCentavos(input.valor)} por Pix na mensalidade de ${mes} de ${found.aluno_nome}; ainda faltam ${formatCentavos(result.mensalidade.valor_atualizado)}.`;
  await notifyFamily(ctx, tx, row.alunoId, 'Pagamento confirmado', texto);
  return { paga: true, pagamentoId: result.pagamento.id, quitada };
}
