/**
 * A tuition and its payments as the API answers them: the derived status (in SQL and in code, the
 * same rule), the amounts due today, and a payment's row shaped for the screen.
 */
import { sql, type SQL } from 'drizzle-orm';
import { overdueBefore } from '../../../shared/calendar.js';
import type { Mensalidade, MensalidadeStatus, Pagamento } from '../../../shared/mensalidades.schemas.js';
import {
  computeAmountDue,
  daysLate,
  descontoPontualidade,
  type AmountDue,
  type ChargeRates,
} from '../../../shared/money.js';
import { mensalidades, type MensalidadeRow, type PagamentoRow } from '../../db/schema/finance.js';

// ---------------------------------------------------------------- tuition list

/**
 * The derived status, as SQL (for filters and counts) — the same rule as `statusOf`. 'vencido' once it
 * costs charges (`overdueBefore`): a month due on a Saturday is still 'pendente' on the Monday.
 */
export function statusSql(today: string): SQL<MensalidadeStatus> {
  return sql<MensalidadeStatus>`case when ${mensalidades.canceladaEm} is not null then 'cancelado' when ${mensalidades.principalPago} >= ${mensalidades.valor} then 'pago' when ${mensalidades.confirmacaoDesde} is not null then 'em_confirmacao' when ${mensalidades.dataVencimento} < ${overdueBefore(today)} then 'vencido' else 'pendente' end`;
}

export function statusOf(row: MensalidadeRow, today: string): MensalidadeStatus {
  if (row.canceladaEm !== null) return 'cancelado';
  if (row.principalPago >= row.valor) return 'pago';
  if (row.confirmacaoDesde !== null) return 'em_confirmacao';
  if (row.dataVencimento < overdueBefore(today)) return 'vencido';
  return 'pendente';
}

/**
 * What settles an open tuition on `today`: its open principal with multa and juros — frozen as of the day
 * a comprovante was sent while it is em confirmação (ADR 0035). The list's `valor_atualizado` and the
 * delinquency report's both come from here.
 */
export function amountDueOf(
  row: Pick<MensalidadeRow, 'valor' | 'principalPago' | 'dataVencimento' | 'confirmacaoDesde'>,
  rates: ChargeRates,
  today: string,
): AmountDue {
  return computeAmountDue(
    row.valor - row.principalPago,
    row.dataVencimento,
    row.confirmacaoDesde ?? today,
    rates,
  );
}

/** A row as the shared `descricaoCobranca` / `referenciaCobranca` name it (ADR 0094). */
export const cobrancaDe = (row: Pick<MensalidadeRow, 'tipo' | 'mesReferencia' | 'anuidadeAno'>) => ({
  tipo: row.tipo,
  mes_referencia: row.mesReferencia,
  anuidade_ano: row.anuidadeAno,
});

export function toMensalidade(
  row: MensalidadeRow,
  names: {
    aluno_nome: string;
    turma_nome: string | null;
    /** A family's reader sent the comprovante awaiting an answer (`sentByReader`). */
    comprovante_proprio?: boolean;
  },
  rates: ChargeRates,
  today: string,
  /**
   * The family reads the tuition without the school's notes (the negotiation's reason), and opens a
   * comprovante only if they sent it.
   */
  forFamily = false,
): Mensalidade {
  const status = statusOf(row, today);
  const open = row.valor - row.principalPago;
  const isOpen = status === 'pendente' || status === 'vencido' || status === 'em_confirmacao';
  const due = isOpen ? amountDueOf(row, rates, today) : null;
  // The discount still to be had (ADR 0046): while open, not frozen, and its last day not passed.
  const oferta =
    isOpen && status !== 'em_confirmacao' ? descontoPontualidade(open, row.dataVencimento, rates) : null;
  return {
    id: row.id,
    aluno_id: row.alunoId,
    aluno_nome: names.aluno_nome,
    turma_id: row.turmaId,
    turma_nome: names.turma_nome,
    mes_referencia: row.mesReferencia,
    tipo: row.tipo,
    anuidade_ano: row.anuidadeAno,
    data_vencimento: row.dataVencimento,
    valor_original: row.valorOriginal,
    valor: row.valor,
    motivo_desconto: row.motivoDesconto,
    status,
    valor_pago: row.principalPago + row.multaPaga + row.jurosPagos - row.descontoConcedido,
    principal_pago: row.principalPago,
    multa: due ? due.multa : row.multaPaga,
    juros: due ? due.juros : row.jurosPagos,
    valor_atualizado: due ? due.total : 0,
    desconto_pontualidade: oferta && today <= oferta.ate ? oferta : null,
    desconto_concedido: row.descontoConcedido,
    dias_atraso: due ? due.days : row.dataPagamento ? daysLate(row.dataVencimento, row.dataPagamento) : 0,
    data_pagamento: row.dataPagamento,
    motivo_cancelamento: row.motivoCancelamento,
    em_confirmacao_desde: status === 'em_confirmacao' ? row.confirmacaoDesde : null,
    comprovante_visivel: status === 'em_confirmacao' && (!forFamily || names.comprovante_proprio === true),
    comprovante_recusa: isOpen ? row.comprovanteRecusa : null,
    negociacao:
      isOpen && !forFamily && row.negociacaoDesde !== null
        ? { desde: row.negociacaoDesde.toISOString(), motivo: row.negociacaoMotivo ?? '' }
        : null,
    version: row.version,
  };
}

/** A payment as the API answers it, with its payer of record's name when the caller read it. */
export function toPagamento(row: PagamentoRow, pagador?: { id: string; nome: string } | null): Pagamento {
  return {
    id: row.id,
    valor_pago: row.valorPago,
    principal: row.principal,
    multa: row.multa,
    juros: row.juros,
    desconto: row.desconto,
    data_pagamento: row.dataPagamento,
    forma: row.forma,
    origem: row.origem,
    ...(pagador === undefined ? {} : { pagador }),
  };
}
