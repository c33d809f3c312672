import { and, eq, inArray, isNull } from 'drizzle-orm';
import { categoriaDaCobranca } from '../../../shared/finance.schemas.js';
import {
  descricaoCobranca,
  type Mensalidade,
  type Pagamento,
  type PagamentoOrigem,
  type RegistrarPagamentoInput,
} from '../../../shared/mensalidades.schemas.js';
import { computeAmountDue, splitPayment, type PaymentSplit } from '../../../shared/money.js';
import { formatCentavosPlain, formatDate } from '../../../shared/format.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { boletos } from '../../db/schema/boletos.js';
import { nfse } from '../../db/schema/fiscal.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { payersOf } from '../students/index.js';
import {
  comprovantesPagamento,
  mensalidades,
  pagamentos,
  transacoes,
  type MensalidadeRow,
} from '../../db/schema/finance.js';
import { clock } from '../../lib/clock.js';
import { writeTransaction } from './finance.shared-reads.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { cobrancaDe, toMensalidade, toPagamento } from './mensalidades.presenters.js';
import { findMensalidade } from './mensalidades.service.js';

// ---------------------------------------------------------------- payments, cancellation, discount

/**
 * A boleto carries the amount it was issued with (ADR 0135). One the bank never saw (not in any remessa)
 * is removed when the open amount changes, so the next request or the emission job issues it with the
 * new amount, as `reconcileBoletos` removes one whose month is paid.
 */
async function dropUnsentBoleto(tx: Tx, mensalidadeId: string): Promise<void> {
  await tx
    .delete(boletos)
    .where(
      and(
        eq(boletos.mensalidadeId, mensalidadeId),
        eq(boletos.situacao, 'a_registrar'),
        isNull(boletos.remessaId),
      ),
    );
}

/**
 * A discount changes what a month's boleto must ask for (ADR 0135). The bank holds a boleto sent in a
 * remessa (registered, or awaiting the retorno) with the old amount and would charge it: the discount is
 * refused while it does. One never sent is removed, to be issued again with the new amount.
 */
async function boletoForNewAmount(tx: Tx, mensalidadeId: string): Promise<void> {
  const [boleto] = await tx
    .select({ situacao: boletos.situacao, remessaId: boletos.remessaId, valor: boletos.valor })
    .from(boletos)
    .where(eq(boletos.mensalidadeId, mensalidadeId));
  if (!boleto) return;
  if (boleto.situacao === 'registrado' || (boleto.situacao === 'a_registrar' && boleto.remessaId !== null))
    throw conflict(
      `O boleto desta mensalidade já foi enviado ao banco com ${formatCentavosPlain(boleto.valor)}, e o banco cobraria esse valor: o desconto não pode ser dado enquanto ele estiver registrado.`,
    );
  await dropUnsentBoleto(tx, mensalidadeId);
}

export async function registerPayment(
  db: DbOrTx,
  id: string,
  input: RegistrarPagamentoInput,
  actor: Actor,
  today: string,
): Promise<{ mensalidade: Mensalidade; pagamento: Pagamento }> {
  if (input.data_pagamento > today) {
    throw badRequest('A data do pagamento não pode estar no futuro.', [
      { path: 'data_pagamento', message: 'A data do pagamento não pode estar no futuro.' },
    ]);
  }
  return writeTransaction(db, async (tx) => {
    const found = await findMensalidade(tx, id, { kind: 'escola' }, true);
    assertPlausiblePaymentDate(input.data_pagamento, found.row.mesReferencia);
    return applyPayment(tx, found, input, actor, today);
  });
}

/**
 * A payment date the school types (security review, 2026-12-07: '1900-01-01' was taken, and skewed the
 * cash flow and the IR declaration) is not earlier than the 1st of January of the year before the
 * tuition's: a family may pay January's in advance in December, nothing earlier is plausible. Dates a
 * bank reports (Pix, boleto) are what the bank says and are not checked here.
 */
export function assertPlausiblePaymentDate(dataPagamento: string, mesReferencia: string): void {
  const year = Number(mesReferencia.slice(0, 4));
  if (!Number.isInteger(year)) return;
  const earliest = `${String(year - 1).padStart(4, '0')}-01-01`;
  if (dataPagamento >= earliest) return;
  const message = `Data do pagamento anterior a ${formatDate(earliest)}: confira a data.`;
  throw badRequest(message, [{ path: 'data_pagamento', message }]);
}

/**
 * Records a payment on a tuition read under lock in the caller's transaction: the payment, the sums on
 * the tuition, its receita and the audit entry. A comprovante awaiting the school's answer ('Já paguei',
 * ADR 0035) is answered by it: confirmed, and the tuition leaves 'em confirmação'.
 */
export async function applyPayment(
  tx: Tx,
  found: { row: MensalidadeRow; aluno_nome: string; turma_nome: string | null },
  input: RegistrarPagamentoInput,
  actor: Actor,
  today: string,
  bank?: {
    /** How the amount splits, when the payer's bank said so (a Pix's `componentesValor`); else computed. */
    split?: PaymentSplit | undefined;
    /** The bank tied the money to this tuition by itself (not reversible here); else the school did. */
    origem: PagamentoOrigem;
  },
): Promise<{ mensalidade: Mensalidade; pagamento: Pagamento }> {
  const givenSplit = bank?.split;
  const { row } = found;
  const id = row.id;
  if (row.canceladaEm !== null) throw conflict('Esta mensalidade foi cancelada.');
  const open = row.valor - row.principalPago;
  if (open <= 0) throw conflict('Esta mensalidade já está paga.');
  const rates = ratesOf(await loadSettings(tx));
  const due = computeAmountDue(open, row.dataVencimento, input.data_pagamento, rates);
  // The bank's own split (a boleto paid with its encargos) settles what its figures say, even a few
  // centavos of juros apart from the product's count; a split is never given for more than is open.
  if (input.valor_pago > due.total && !(givenSplit && givenSplit.principal <= open)) {
    const message = `O valor pago é maior que o devido (${formatCentavosPlain(due.total)}).`;
    throw badRequest(message, [{ path: 'valor_pago', message }]);
  }
  const split = givenSplit ?? splitPayment(input.valor_pago, due);
  // The payer of record (ADR 0112): the responsável financeiro now, whoever becomes it later.
  const pagador = (await payersOf(tx, [row.alunoId])).get(row.alunoId);
  const [pagamento] = await tx
    .insert(pagamentos)
    .values({
      mensalidadeId: id,
      valorPago: input.valor_pago,
      principal: split.principal,
      multa: split.multa,
      juros: split.juros,
      desconto: split.desconto,
      dataPagamento: input.data_pagamento,
      forma: input.forma,
      origem: bank?.origem ?? 'escola',
      registradoPor: actor.id,
      pagadorId: pagador?.responsavelId ?? null,
    })
    .returning();
  const [updated] = await tx
    .update(mensalidades)
    .set({
      principalPago: row.principalPago + split.principal,
      multaPaga: row.multaPaga + split.multa,
      jurosPagos: row.jurosPagos + split.juros,
      descontoConcedido: row.descontoConcedido + split.desconto,
      dataPagamento: input.data_pagamento,
      confirmacaoDesde: null,
      comprovanteRecusa: null,
      version: row.version + 1,
    })
    .where(eq(mensalidades.id, id))
    .returning();
  // What is left open is the principal a new boleto asks for (ADR 0135): one the bank never saw goes.
  if (!split.settles) await dropUnsentBoleto(tx, id);
  await tx
    .update(comprovantesPagamento)
    .set({ situacao: 'confirmado', respondidoPor: actor.id, respondidoEm: clock.now() })
    .where(
      and(eq(comprovantesPagamento.mensalidadeId, id), eq(comprovantesPagamento.situacao, 'aguardando')),
    );
  await tx.insert(transacoes).values({
    tipo: 'receita',
    descricao: `${descricaoCobranca(cobrancaDe(row))} — ${found.aluno_nome}${split.settles ? '' : ' (parcial)'}`,
    categoria: categoriaDaCobranca(row.tipo),
    valor: input.valor_pago,
    data: input.data_pagamento,
    formaPagamento: input.forma,
    status: 'pago',
    pagamentoId: pagamento!.id,
  });
  await recordAudit(tx, actor, {
    action: 'registrar_pagamento',
    entity: 'mensalidade',
    entityId: id,
    details: {
      valor_pago: input.valor_pago,
      principal: split.principal,
      multa: split.multa,
      juros: split.juros,
      ...(split.desconto > 0 ? { desconto_pontualidade: split.desconto } : {}),
      forma: input.forma,
      data_pagamento: input.data_pagamento,
      quitada: split.settles,
      // Who paid, as the estorno names it (ADR 0112); the name is read when the trail is read.
      pagador_id: pagador?.responsavelId ?? null,
    },
  });
  return {
    mensalidade: toMensalidade(updated!, found, rates, today),
    pagamento: toPagamento(pagamento!, pagador ? { id: pagador.responsavelId, nome: pagador.nome } : null),
  };
}

/** One change to a mensalidade of the school: read under lock, changed by `change`, answered anew. */
export function changeMensalidade(
  db: DbOrTx,
  id: string,
  today: string,
  change: (tx: Tx, row: MensalidadeRow) => Promise<MensalidadeRow>,
): Promise<Mensalidade> {
  return writeTransaction(db, async (tx) => {
    const found = await findMensalidade(tx, id, { kind: 'escola' }, true);
    const updated = await change(tx, found.row);
    return toMensalidade(updated, found, ratesOf(await loadSettings(tx)), today);
  });
}

export async function cancelMensalidade(
  db: DbOrTx,
  id: string,
  motivo: string,
  actor: Actor,
  today: string,
): Promise<Mensalidade> {
  return changeMensalidade(db, id, today, async (tx, row) => {
    if (row.canceladaEm !== null) throw conflict('Esta mensalidade já está cancelada.');
    if (row.principalPago > 0)
      throw conflict('Há pagamentos registrados nesta mensalidade: conceda um desconto em vez de cancelar.');
    // The family says it paid (ADR 0035): the money may be the school's already (ADR 0135).
    if (row.confirmacaoDesde !== null)
      throw conflict(
        'A família enviou um comprovante de pagamento desta mensalidade, que aguarda resposta: confirme ou recuse o comprovante antes de cancelar.',
      );
    const [updated] = await tx
      .update(mensalidades)
      .set({ canceladaEm: clock.now(), motivoCancelamento: motivo, version: row.version + 1 })
      .where(eq(mensalidades.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'cancelar',
      entity: 'mensalidade',
      entityId: id,
      details: { motivo },
    });
    return updated!;
  });
}

/**
 * The answer to a cancellation: a tuition whose NFS-e is issued keeps it 'emitida' (only the Direção
 * cancels a fiscal document), so the answer says so and where — Notas fiscais marks it too.
 */
export async function cancelledMessage(db: DbOrTx, id: string): Promise<string> {
  const [note] = await db
    .select({ numero: nfse.numero })
    .from(nfse)
    .where(and(eq(nfse.mensalidadeId, id), eq(nfse.status, 'emitida')));
  if (!note) return 'Mensalidade cancelada.';
  const nota = note.numero ? `A NFS-e nº ${note.numero}` : 'A NFS-e';
  return `Mensalidade cancelada. ${nota} desta mensalidade continua emitida: a Direção deve cancelá-la em Financeiro → Notas fiscais.`;
}

/**
 * An NFS-e states the month's amount to the fisco and to the family (ADR 0135): a discount that takes the
 * month below what its live notes state (issued, or on their way) is refused until the note is cancelled —
 * as the estorno is — while a note of a part already paid, within the new value, does not stop it.
 */
async function notesWithinNewAmount(tx: Tx, mensalidadeId: string, valor: number): Promise<void> {
  const notes = await tx
    .select({ status: nfse.status, numero: nfse.numero, valor: nfse.valor })
    .from(nfse)
    .where(and(eq(nfse.mensalidadeId, mensalidadeId), inArray(nfse.status, ['pendente', 'emitida'])));
  const declarado = notes.reduce((sum, note) => sum + note.valor, 0);
  if (declarado <= valor) return;
  if (notes.some((note) => note.status === 'pendente'))
    throw conflict(
      'Uma NFS-e desta mensalidade está sendo emitida: aguarde a resposta antes de dar o desconto.',
    );
  const [only] = notes;
  const quais =
    notes.length === 1 && only
      ? `A NFS-e${only.numero ? ` nº ${only.numero}` : ''} desta mensalidade declara`
      : 'As NFS-e desta mensalidade declaram';
  throw conflict(
    `${quais} ${formatCentavosPlain(declarado)}, mais que o valor com o desconto (${formatCentavosPlain(valor)}): cancele a nota em Notas fiscais antes de dar o desconto.`,
  );
}

export async function discountMensalidade(
  db: DbOrTx,
  id: string,
  input: { desconto: number; motivo: string },
  actor: Actor,
  today: string,
): Promise<Mensalidade> {
  return changeMensalidade(db, id, today, async (tx, row) => {
    if (row.canceladaEm !== null) throw conflict('Esta mensalidade foi cancelada.');
    if (row.principalPago >= row.valor) throw conflict('Esta mensalidade já está paga.');
    const valor = row.valorOriginal - input.desconto;
    if (valor < row.principalPago) {
      const message = 'O desconto é maior que o valor ainda em aberto.';
      throw badRequest(message, [{ path: 'desconto', message }]);
    }
    if (valor < row.valor) await notesWithinNewAmount(tx, id, valor);
    if (valor !== row.valor) await boletoForNewAmount(tx, id);
    const [updated] = await tx
      .update(mensalidades)
      .set({ valor, motivoDesconto: input.motivo, version: row.version + 1 })
      .where(eq(mensalidades.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'conceder_desconto',
      entity: 'mensalidade',
      entityId: id,
      details: { desconto: input.desconto, valor_anterior: row.valor, valor, motivo: input.motivo },
    });
    return updated!;
  });
}
