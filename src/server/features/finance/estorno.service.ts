/**
 * Undoing what the school did by mistake on a tuition: reversing a payment it registered (estorno) — the
 * payment typed on the wrong sibling, a cheque that bounced, a Pix linked by hand to the wrong month — and
 * reactivating a tuition it cancelled. The bank's own confirmations (a Pix that paid its charge, Pix
 * Automático, a boleto's liquidação) are not reversible here: only the bank returns that money.
 */
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  formaPagamentoLabels,
  cobrancaNaFrase,
  type EstornoResult,
  type Mensalidade,
} from '../../../shared/mensalidades.schemas.js';
import { formatCentavosPlain, formatDate } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { mensalidades, pagamentos } from '../../db/schema/finance.js';
import { nfse } from '../../db/schema/fiscal.js';
import { pixRecebidos } from '../../db/schema/pix-recebidos.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { payersOf } from '../students/index.js';
import { notifyFamily } from './comprovantes.service.js';
import { writeTransaction } from './finance.shared-reads.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { cobrancaDe, toMensalidade } from './mensalidades.presenters.js';
import { findMensalidade } from './mensalidades.service.js';
import { changeMensalidade } from './payments.service.js';

/**
 * A live NFS-e describes the payment as made: it is cancelled first (a fiscal document is not rewritten).
 * A month paid by two guardians has one note per payer (ADR 0114): the note that describes this payment is
 * its payer's — the payer of record, or the responsável financeiro for a payment without one, as the notes
 * were issued (nfse.tomadores.ts) — not the other guardian's.
 */
async function refuseWithLiveNote(
  tx: DbOrTx,
  mensalidadeId: string,
  alunoId: string,
  pagadorId: string | null,
): Promise<void> {
  const tomadorId = pagadorId ?? (await payersOf(tx, [alunoId])).get(alunoId)?.responsavelId ?? null;
  const [note] = await tx
    .select({ status: nfse.status, numero: nfse.numero, tomador: nfse.tomadorNome })
    .from(nfse)
    .where(
      and(
        eq(nfse.mensalidadeId, mensalidadeId),
        inArray(nfse.status, ['pendente', 'emitida']),
        // A note without a tomador on record (its guardian removed) may be anyone's: it counts too.
        tomadorId === null
          ? isNull(nfse.tomadorId)
          : or(eq(nfse.tomadorId, tomadorId), isNull(nfse.tomadorId)),
      ),
    )
    .orderBy(asc(nfse.status));
  const which = `${note?.numero ? `nº ${note.numero}, ` : ''}para ${note?.tomador ?? ''}`;
  if (note?.status === 'emitida')
    throw conflict(
      `Há uma NFS-e emitida para esta mensalidade (${which}): cancele a nota em Notas fiscais antes de estornar o pagamento.`,
    );
  if (note)
    throw conflict(
      `Uma NFS-e desta mensalidade (${which}) está sendo emitida: aguarde a resposta antes de estornar.`,
    );
}

/**
 * Reverses one payment of a tuition, in one transaction: the payment and its receita go, the tuition's sums
 * drop by its parts (it is open again, with the encargos of today), the family is told, and the audit keeps
 * the whole payment and the reason. A Pix the staff had linked by hand goes back to 'Pix a conciliar', to be
 * linked to the right tuition.
 */
export async function reversePayment(
  ctx: AppContext,
  mensalidadeId: string,
  pagamentoId: string,
  motivo: string,
  actor: Actor,
  today: string,
): Promise<EstornoResult> {
  return writeTransaction(ctx.db, async (tx) => {
    const found = await findMensalidade(tx, mensalidadeId, { kind: 'escola' }, true);
    const { row } = found;
    const [pagamento] = await tx
      .select()
      .from(pagamentos)
      .where(and(eq(pagamentos.id, pagamentoId), eq(pagamentos.mensalidadeId, mensalidadeId)));
    if (!pagamento) throw notFound('Pagamento não encontrado nesta mensalidade.');
    if (pagamento.origem === 'banco')
      throw conflict(
        `Este pagamento foi confirmado pelo banco (${formaPagamentoLabels[pagamento.forma]}) e não pode ser estornado aqui. Se a família pagou a mais ou por engano, devolva o valor pelo banco.`,
      );
    await refuseWithLiveNote(tx, mensalidadeId, row.alunoId, pagamento.pagadorId);

    const [pix] = await tx
      .select({ id: pixRecebidos.id })
      .from(pixRecebidos)
      .where(and(eq(pixRecebidos.pagamentoId, pagamentoId), eq(pixRecebidos.situacao, 'vinculado')));
    // The receita goes with it (transacoes.pagamento_id cascades).
    await tx.delete(pagamentos).where(eq(pagamentos.id, pagamentoId));
    const [latest] = await tx
      .select({ data: pagamentos.dataPagamento })
      .from(pagamentos)
      .where(eq(pagamentos.mensalidadeId, mensalidadeId))
      .orderBy(desc(pagamentos.dataPagamento))
      .limit(1);
    const [updated] = await tx
      .update(mensalidades)
      .set({
        principalPago: row.principalPago - pagamento.principal,
        multaPaga: row.multaPaga - pagamento.multa,
        jurosPagos: row.jurosPagos - pagamento.juros,
        descontoConcedido: row.descontoConcedido - pagamento.desconto,
        dataPagamento: latest?.data ?? null,
        version: row.version + 1,
      })
      .where(eq(mensalidades.id, mensalidadeId))
      .returning();
    const cobranca = cobrancaNaFrase(cobrancaDe(row));
    if (pix)
      await tx
        .update(pixRecebidos)
        .set({
          situacao: 'a_conciliar',
          mensalidadeId: null,
          resolvidoPor: null,
          resolvidoEm: null,
          observacao: `Estornado da ${cobranca} de ${found.aluno_nome}: ${motivo}`,
        })
        .where(eq(pixRecebidos.id, pix.id));
    await recordAudit(tx, actor, {
      action: 'estornar_pagamento',
      entity: 'mensalidade',
      entityId: mensalidadeId,
      details: {
        pagamento_id: pagamentoId,
        valor_pago: pagamento.valorPago,
        principal: pagamento.principal,
        multa: pagamento.multa,
        juros: pagamento.juros,
        desconto: pagamento.desconto,
        forma: pagamento.forma,
        data_pagamento: pagamento.dataPagamento,
        registrado_por: pagamento.registradoPor,
        pagador_id: pagamento.pagadorId,
        motivo,
        ...(pix ? { pix_recebido_id: pix.id } : {}),
      },
    });
    // The family saw the month paid; the reason is the school's (it may be internal), so it is not sent.
    await notifyFamily(
      ctx,
      tx,
      row.alunoId,
      'Pagamento estornado',
      `O pagamento de ${formatCentavosPlain(pagamento.valorPago)} registrado em ${formatDate(pagamento.dataPagamento)} na ${cobranca} de ${found.aluno_nome} foi estornado pela escola. Em caso de dúvida, fale com a secretaria.`,
    );
    const mensalidade = toMensalidade(updated!, found, ratesOf(await loadSettings(tx)), today);
    return { mensalidade, pix_a_conciliar: Boolean(pix) };
  });
}

/**
 * Brings back a tuition cancelled on its own (a cancellation by mistake): open again, as if never
 * cancelled, with the reason audited. One undone with its batch is refused: its month may have been
 * generated again since.
 */
export async function reactivateMensalidade(
  db: DbOrTx,
  id: string,
  motivo: string,
  actor: Actor,
  today: string,
): Promise<Mensalidade> {
  return changeMensalidade(db, id, today, async (tx, row) => {
    if (row.canceladaEm === null) throw conflict('Esta mensalidade não está cancelada.');
    if (row.desfeita)
      throw conflict(
        'Esta mensalidade saiu com o desfazer da sua geração: gere o mês de novo em Gerar mensalidades.',
      );
    const [updated] = await tx
      .update(mensalidades)
      .set({ canceladaEm: null, motivoCancelamento: null, version: row.version + 1 })
      .where(eq(mensalidades.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'reativar',
      entity: 'mensalidade',
      entityId: id,
      details: { motivo, motivo_cancelamento: row.motivoCancelamento },
    });
    return updated!;
  });
}
