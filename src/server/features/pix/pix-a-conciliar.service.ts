/**
 * 'Pix a conciliar' (issue 33 §2): the Pix that did not pay a mensalidade by themselves, and the three
 * things a person can do with one — pay a mensalidade with it, record it as a receita, or mark it
 * refunded. Each is done once (the row is read under lock and must still be waiting) and audited.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type {
  DevolvidoPixInput,
  PixAConciliar,
  PixResolvido,
  ReceitaPixInput,
} from '../../../shared/pix-recebidos.schemas.js';
import { todayIso } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { mensalidades } from '../../db/schema/finance.js';
import { pixRecebidos, type PixRecebidoRow } from '../../db/schema/pix-recebidos.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import {
  applyPixPayment,
  createTransaction,
  writeTransaction,
  type PixPaymentRefusal,
} from '../finance/index.js';
import { pixProviderOf } from './pix-provider.service.js';

export async function listAConciliar(ctx: AppContext): Promise<PixAConciliar[]> {
  const bank = (await pixProviderOf(ctx)) !== null;
  const rows = await ctx.db
    .select({
      row: pixRecebidos,
      mensalidadeId: mensalidades.id,
      mes: mensalidades.mesReferencia,
      cobrancaTipo: mensalidades.tipo,
      anuidadeAno: mensalidades.anuidadeAno,
      aluno: students.nome,
    })
    .from(pixRecebidos)
    .leftJoin(mensalidades, eq(mensalidades.id, pixRecebidos.mensalidadeId))
    .leftJoin(students, eq(students.id, mensalidades.alunoId))
    .where(inArray(pixRecebidos.situacao, ['a_conciliar', 'devolucao_solicitada']))
    .orderBy(desc(pixRecebidos.createdAt), desc(pixRecebidos.id));
  return rows.map(({ row, mensalidadeId, mes, cobrancaTipo, anuidadeAno, aluno }) => ({
    id: row.id,
    tipo: row.tipo,
    situacao: row.situacao === 'devolucao_solicitada' ? 'devolucao_solicitada' : 'a_conciliar',
    endToEndId: row.endToEndId,
    txid: row.txid,
    valor: row.valor,
    horario: row.horario,
    motivo: row.motivo ?? 'erro',
    info_pagador: row.infoPagador,
    pagador_nome: row.pagadorNome,
    origem: row.origem,
    recebido_em: row.createdAt.toISOString(),
    mensalidade:
      mensalidadeId && mes && aluno
        ? {
            id: mensalidadeId,
            aluno_nome: aluno,
            mes_referencia: mes,
            tipo: cobrancaTipo ?? 'mensalidade',
            anuidade_ano: anuidadeAno,
          }
        : null,
    pode_devolver: bank && row.tipo === 'pix',
    devolucao: row.devolucaoSolicitadaEm
      ? {
          // Not yet said by the bank (its answer was lost): waiting, as far as the school knows.
          status: row.devolucaoStatus ?? 'EM_PROCESSAMENTO',
          solicitada_em: row.devolucaoSolicitadaEm.toISOString(),
          motivo: row.devolucaoMotivo,
        }
      : null,
  }));
}

/** The row under lock, still waiting for a person; `pixOnly` refuses a devolução. */
/** A received Pix (or devolução) row, locked for the transaction; 404 when there is none. */
export async function lockedPix(tx: Tx, id: string): Promise<PixRecebidoRow> {
  const [row] = await tx.select().from(pixRecebidos).where(eq(pixRecebidos.id, id)).for('update');
  if (!row) throw notFound('Pix não encontrado.');
  return row;
}

async function waiting(tx: Tx, id: string, pixOnly: boolean): Promise<PixRecebidoRow> {
  const row = await lockedPix(tx, id);
  if (row.situacao === 'devolucao_solicitada')
    throw conflict('A devolução deste Pix foi pedida ao banco: aguarde a resposta dele.');
  if (row.situacao !== 'a_conciliar') throw conflict('Este Pix já foi conciliado.');
  if (pixOnly && row.tipo === 'devolucao')
    throw conflict('Uma devolução não é um valor recebido: marque-a como devolvida.');
  return row;
}

function resolved(row: PixRecebidoRow): PixResolvido {
  return {
    id: row.id,
    situacao: row.situacao,
    mensalidade_id: row.mensalidadeId,
    transacao_id: row.transacaoId,
  };
}

const refusalError: Record<PixPaymentRefusal, () => AppError> = {
  mensalidade_desconhecida: () => notFound('Mensalidade não encontrada.'),
  mensalidade_cancelada: () => conflict('Esta mensalidade foi cancelada.'),
  mensalidade_paga: () => conflict('Esta mensalidade já está paga.'),
  valor_diferente: () => conflict('O valor do Pix é diferente do devido nesta mensalidade.'),
  valor_maior: () =>
    conflict(
      'O valor do Pix é maior que o devido nesta mensalidade: lance-o como receita ou marque-o como devolvido.',
    ),
};

/** Pays the mensalidade the person chose with the Pix (less than due: a partial payment). */
export async function linkPix(
  ctx: AppContext,
  id: string,
  mensalidadeId: string,
  actor: Actor,
): Promise<PixResolvido> {
  return writeTransaction(ctx.db, async (tx) => {
    const row = await waiting(tx, id, true);
    const outcome = await applyPixPayment(
      ctx,
      tx,
      {
        mensalidadeId,
        valor: row.valor,
        data: todayIso(new Date(row.horario)),
        exact: false,
        origem: 'escola',
      },
      actor,
      clock.today(),
    );
    if (!outcome.paga) throw refusalError[outcome.motivo]();
    const [updated] = await tx
      .update(pixRecebidos)
      .set({
        situacao: 'vinculado',
        mensalidadeId,
        pagamentoId: outcome.pagamentoId,
        resolvidoPor: actor.id,
        resolvidoEm: clock.now(),
      })
      .where(eq(pixRecebidos.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'vincular_pix',
      entity: 'pix_recebido',
      entityId: id,
      details: { mensalidade_id: mensalidadeId, valor: row.valor, motivo: row.motivo },
    });
    return resolved(updated!);
  });
}

/** Records the Pix as a receita of the cash book (a donation, a fee, something not a mensalidade). */
export async function recordPixAsReceita(
  ctx: AppContext,
  id: string,
  input: ReceitaPixInput,
  actor: Actor,
): Promise<PixResolvido> {
  return writeTransaction(ctx.db, async (tx) => {
    const row = await waiting(tx, id, true);
    const transacao = await createTransaction(
      tx,
      {
        tipo: 'receita',
        descricao: input.descricao,
        categoria: input.categoria,
        valor: row.valor,
        data: todayIso(new Date(row.horario)),
        forma_pagamento: 'pix',
        status: 'pago',
      },
      actor,
    );
    const [updated] = await tx
      .update(pixRecebidos)
      .set({
        situacao: 'receita',
        transacaoId: transacao.id,
        resolvidoPor: actor.id,
        resolvidoEm: clock.now(),
      })
      .where(eq(pixRecebidos.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'lancar_pix_receita',
      entity: 'pix_recebido',
      entityId: id,
      details: { transacao_id: transacao.id, valor: row.valor, categoria: input.categoria },
    });
    return resolved(updated!);
  });
}

/** The Pix went back to the payer (or the devolução is acknowledged): nothing is owed or recorded. */
export async function markPixRefunded(
  ctx: AppContext,
  id: string,
  input: DevolvidoPixInput,
  actor: Actor,
): Promise<PixResolvido> {
  return writeTransaction(ctx.db, async (tx) => {
    const row = await waiting(tx, id, false);
    const [updated] = await tx
      .update(pixRecebidos)
      .set({
        situacao: 'devolvido',
        observacao: input.observacao ?? null,
        resolvidoPor: actor.id,
        resolvidoEm: clock.now(),
      })
      .where(eq(pixRecebidos.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'marcar_pix_devolvido',
      entity: 'pix_recebido',
      entityId: id,
      details: { tipo: row.tipo, valor: row.valor, motivo: row.motivo },
    });
    return resolved(updated!);
  });
}
