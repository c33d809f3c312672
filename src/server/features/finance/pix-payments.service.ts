/**
 * A payment the bank reports paying a mensalidade — a Pix (issue 33 §2) or a boleto's liquidação in a CNAB
 * retorno (issue 36 §1): the pix and cnab modules call these inside the transaction that records the
 * bank's event once, so the payment, its receita, the audit entry and the family's notice commit with that
 * record or not at all. The payment is the manual one's (`applyPayment`), by Pix or boleto, so the receipt
 * and every figure follow as they do for a payment typed by the secretaria.
 */
import { cobrancaNaFrase, type PagamentoOrigem } from '../../../shared/mensalidades.schemas.js';
import { computeAmountDue, type PaymentSplit } from '../../../shared/money.js';
import { formatCentavosPlain, formatDate } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../audit/index.js';
import { notifyFamily } from './comprovantes.service.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { findMensalidade } from './mensalidades.service.js';
import { cobrancaDe } from './mensalidades.presenters.js';
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
  /** `escola` when a person chose this tuition for the Pix ('Pix a conciliar'): the school may reverse it. */
  origem: PagamentoOrigem;
}

export type PixPaymentRefusal =
  | 'mensalidade_desconhecida'
  | 'mensalidade_cancelada'
  | 'mensalidade_paga'
  | 'valor_diferente'
  | 'valor_maior';

export type PixPaymentOutcome =
  { paga: true; pagamentoId: string; quitada: boolean } | { paga: false; motivo: PixPaymentRefusal };

export interface BoletoPaymentInput {
  mensalidadeId: string;
  /** Centavos the family paid (segment U's valor pago), the bank's tariff apart. */
  valor: number;
  /** The day it was paid (segment U's data da ocorrência). */
  data: string;
  /** Juros, multa and encargos the bank charged (one figure in segment U), and the desconto it gave. */
  acrescimos: number;
  desconto: number;
  /**
   * Multa and juros the título's own value already carries (a boleto issued after the tuition's due
   * date, ADR 0131); absent: none, the value is principal.
   */
  incluidos?: { multa: number; juros: number } | undefined;
}

export type BoletoPaymentOutcome = PixPaymentOutcome;

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

interface BankPayment {
  mensalidadeId: string;
  valor: number;
  data: string;
  forma: 'pix' | 'boleto';
  origem: PagamentoOrigem;
  /** Only exactly the amount of the day pays it (a Pix by itself). */
  exact: boolean;
  /** How the bank split the amount, given the amount of the day (none: computed). */
  split: (due: {
    principal: number;
    multa: number;
    juros: number;
    total: number;
  }) => PaymentSplit | undefined;
}

/**
 * The common part: reads the mensalidade under lock in the caller's transaction, pays it and tells the
 * family ('Pagamento confirmado'). A refusal changes nothing and says why (the event waits for a person).
 */
async function applyBankPayment(
  ctx: AppContext,
  tx: Tx,
  input: BankPayment,
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
  const split = input.split(due);
  if (input.exact && input.valor !== due.total) return { paga: false, motivo: 'valor_diferente' };
  if (!split && input.valor > due.total) return { paga: false, motivo: 'valor_maior' };
  const result = await applyPayment(
    tx,
    found,
    { valor_pago: input.valor, data_pagamento: input.data, forma: input.forma },
    actor,
    today,
    { split, origem: input.origem },
  );
  const cobranca = cobrancaNaFrase(cobrancaDe(row));
  const quitada = result.mensalidade.status === 'pago';
  const meio = input.forma === 'pix' ? 'o Pix' : 'o pagamento do boleto';
  const texto = quitada
    ? `Recebemos ${meio} de ${formatCentavosPlain(input.valor)} da ${cobranca} de ${found.aluno_nome}, pago em ${formatDate(input.data)}. O recibo está no portal.`
    : `Recebemos ${formatCentavosPlain(input.valor)} por ${input.forma === 'pix' ? 'Pix' : 'boleto'} na ${cobranca} de ${found.aluno_nome}; ainda faltam ${formatCentavosPlain(result.mensalidade.valor_atualizado)}.`;
  await notifyFamily(ctx, tx, row.alunoId, 'Pagamento confirmado', texto);
  return { paga: true, pagamentoId: result.pagamento.id, quitada };
}

/** Pays a mensalidade with a Pix received (see `applyBankPayment`). */
export function applyPixPayment(
  ctx: AppContext,
  tx: Tx,
  input: PixPaymentInput,
  actor: Actor,
  today: string,
): Promise<PixPaymentOutcome> {
  return applyBankPayment(
    ctx,
    tx,
    {
      mensalidadeId: input.mensalidadeId,
      valor: input.valor,
      data: input.data,
      forma: 'pix',
      origem: input.origem,
      exact: input.exact,
      split: (due) => splitOf(input.valor, input.componentes, due),
    },
    actor,
    today,
  );
}

/**
 * Pays a mensalidade with a boleto's liquidação (CNAB retorno, ocorrência 06/17). The bank's figures
 * decide the split when they settle the open principal: its encargos are multa up to the day's multa,
 * the rest juros; the charges the título's value carries (`incluidos`) are multa and juros as issued, and
 * the bank's encargos on top of them juros after its own due date, rounded per day as the bank counts
 * (its multa is off). Otherwise the amount is split as a payment typed by the secretaria (a partial one
 * leaves the rest open); more than the day's amount with figures that do not settle it is refused.
 */
export function applyBoletoPayment(
  ctx: AppContext,
  tx: Tx,
  input: BoletoPaymentInput,
  actor: Actor,
  today: string,
): Promise<BoletoPaymentOutcome> {
  return applyBankPayment(
    ctx,
    tx,
    {
      mensalidadeId: input.mensalidadeId,
      valor: input.valor,
      data: input.data,
      forma: 'boleto',
      origem: 'banco',
      exact: false,
      split: (due) => {
        const incluidos = input.incluidos ?? { multa: 0, juros: 0 };
        const principal = input.valor - input.acrescimos + input.desconto - incluidos.multa - incluidos.juros;
        if (principal !== due.principal || input.acrescimos < 0 || input.desconto < 0) return undefined;
        const multa = Math.min(Math.max(0, due.multa - incluidos.multa), input.acrescimos);
        return {
          principal,
          desconto: input.desconto,
          multa: incluidos.multa + multa,
          juros: incluidos.juros + input.acrescimos - multa,
          settles: true,
        };
      },
    },
    actor,
    today,
  );
}
