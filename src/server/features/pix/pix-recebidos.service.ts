/**
 * The once-only record of every Pix received (issue 33 §2, ADR 0042). The webhook and reconciliation both
 * come here: each Pix is inserted keyed on its `endToEndId` with `on conflict do nothing` in the
 * transaction that pays its mensalidade, so whichever source (or instance) comes first has the effect
 * and every other arrival finds the row and does nothing. A Pix that cannot pay by itself — no or an
 * unknown txid, an amount other than the amount of the day, a cancelled or already paid mensalidade — and
 * every devolução wait in 'Pix a conciliar' for a person. Nothing the PSP reports is dropped.
 */
import type {
  PixRecebidoMotivo,
  PixRecebidoOrigem,
  PixRecebidoWire,
} from '../../../shared/pix-recebidos.schemas.js';
import { formatCentavosPlain, todayIso } from '../../../shared/format.js';
import { cobrancaNaFrase } from '../../../shared/mensalidades.schemas.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { pixRecebidos } from '../../db/schema/pix-recebidos.js';
import { mensalidades } from '../../db/schema/finance.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { errorCodeOf } from '../../lib/log.js';
import { recordAudit, systemActor } from '../audit/index.js';
import {
  applyPixPayment,
  mensalidadeOfStaticTxid,
  notifyFamily,
  writeTransaction,
  type PixPaymentRefusal,
} from '../finance/index.js';
import { eq } from 'drizzle-orm';
import { pagarDebitoUmaVez } from './pix-automatico.pagamento.js';
import { applyDevolucao } from './pix-devolucao.service.js';
import { mensalidadeIdOfTxid } from './pix-recebidos.links.js';

/** "850.00" → 85000. The shared schema has checked the shape. */
export function centavosOf(valor: string): number {
  const [reais = '0', centavos = '0'] = valor.split('.');
  return Number(reais) * 100 + Number(centavos);
}

/** What one Pix's arrival did. */
export interface PixRecording {
  /** Rows written now (the Pix and its devoluções not seen before). */
  novos: number;
  /** The Pix itself was new (not brought before by the webhook or a reconciliation). */
  pixNovo: boolean;
}

const refusalMotivo: Record<PixPaymentRefusal, PixRecebidoMotivo> = {
  mensalidade_desconhecida: 'txid_desconhecido',
  mensalidade_cancelada: 'mensalidade_cancelada',
  mensalidade_paga: 'mensalidade_paga',
  valor_diferente: 'valor_diferente',
  valor_maior: 'valor_diferente',
};

function pixRowOf(pix: PixRecebidoWire, origem: PixRecebidoOrigem) {
  return {
    idExterno: pix.endToEndId,
    tipo: 'pix' as const,
    endToEndId: pix.endToEndId,
    txid: pix.txid ?? null,
    valor: centavosOf(pix.valor),
    horario: pix.horario,
    infoPagador: pix.infoPagador ?? null,
    pagadorNome: pix.pagador?.nome ?? null,
    dados: pix as Record<string, unknown>,
    origem,
  };
}

/** Pays the Pix's mensalidade when it can; otherwise says why it waits for a person. */
async function settle(
  ctx: AppContext,
  tx: Tx,
  pix: PixRecebidoWire,
): Promise<
  | { paga: true; mensalidadeId: string; pagamentoId: string | null }
  | { paga: false; motivo: PixRecebidoMotivo; mensalidadeId: string | null }
> {
  if (!pix.txid) return { paga: false, motivo: 'sem_txid', mensalidadeId: null };
  // A charge's txid, or the reference of the school's fixed code (paid with the amount of its day).
  const mensalidadeId =
    (await mensalidadeIdOfTxid(tx, pix.txid)) ?? (await mensalidadeOfStaticTxid(tx, pix.txid));
  if (!mensalidadeId) {
    // A Pix Automático debit (txid `r…`): paid once with its charge's webhook (ADR 0044).
    const debito = await pagarDebitoUmaVez(ctx, tx, pix.txid, {
      valor: centavosOf(pix.valor),
      data: todayIso(new Date(pix.horario)),
    });
    if (!debito) return { paga: false, motivo: 'txid_desconhecido', mensalidadeId: null };
    return debito.paga ? debito : { ...debito, motivo: refusalMotivo[debito.motivo] };
  }
  const componentes = pix.componentesValor;
  const outcome = await applyPixPayment(
    ctx,
    tx,
    {
      mensalidadeId,
      valor: centavosOf(pix.valor),
      data: todayIso(new Date(pix.horario)),
      componentes:
        componentes && (componentes.multa || componentes.juros || componentes.desconto)
          ? {
              multa: centavosOf(componentes.multa?.valor ?? '0.00'),
              juros: centavosOf(componentes.juros?.valor ?? '0.00'),
              desconto: centavosOf(componentes.desconto?.valor ?? '0.00'),
            }
          : undefined,
      exact: true,
      origem: 'banco',
    },
    systemActor,
    clock.today(),
  );
  if (outcome.paga) return { paga: true, mensalidadeId, pagamentoId: outcome.pagamentoId };
  return { paga: false, motivo: refusalMotivo[outcome.motivo], mensalidadeId };
}

/**
 * A Pix for a tuition that did not pay it by itself (another amount than the day's, or a tuition already
 * paid) is money the family sent: they are told it arrived and waits for the school, so they do not pay
 * again in the belief it was lost. Other reasons name no tuition of theirs.
 */
async function tellFamilyOfPixAConciliar(
  ctx: AppContext,
  tx: Tx,
  mensalidadeId: string,
  motivo: PixRecebidoMotivo,
  valor: number,
): Promise<void> {
  if (motivo !== 'valor_diferente' && motivo !== 'mensalidade_paga') return;
  const [row] = await tx
    .select({
      alunoId: mensalidades.alunoId,
      aluno: students.nome,
      tipo: mensalidades.tipo,
      mes_referencia: mensalidades.mesReferencia,
      anuidade_ano: mensalidades.anuidadeAno,
    })
    .from(mensalidades)
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .where(eq(mensalidades.id, mensalidadeId));
  if (!row) return;
  const recebido = `Recebemos um Pix de ${formatCentavosPlain(valor)} para a ${cobrancaNaFrase(row)} de ${row.aluno}`;
  const texto =
    motivo === 'valor_diferente'
      ? `${recebido}, num valor diferente do devido no dia. A escola vai conferir e lançar o valor; não pague de novo antes da resposta da escola.`
      : `${recebido}, que já estava paga. A escola vai conferir e devolver o valor ou combinar com você.`;
  await notifyFamily(ctx, tx, row.alunoId, 'Pix recebido, em conferência', texto);
}

/** The received Pix (or devolução) as a new row, or undefined when its id at the PSP is already recorded. */
async function insertOnce(tx: Tx, values: typeof pixRecebidos.$inferInsert) {
  const [inserted] = await tx
    .insert(pixRecebidos)
    .values(values)
    .onConflictDoNothing({ target: pixRecebidos.idExterno })
    .returning({ id: pixRecebidos.id });
  return inserted;
}

/**
 * Records each devolução of the Pix once (keyed on its `rtrId`), into Pix a conciliar; the one the school
 * itself requested (its id on the Pix's row) is not a new row: what the bank says of it settles the Pix
 * (ADR 0092).
 */
async function recordDevolucoes(tx: Tx, pix: PixRecebidoWire, origem: PixRecebidoOrigem): Promise<number> {
  let novos = 0;
  if (!pix.devolucoes?.length) return novos;
  const [own] = await tx
    .select({ id: pixRecebidos.id, devolucaoId: pixRecebidos.devolucaoId })
    .from(pixRecebidos)
    .where(eq(pixRecebidos.idExterno, pix.endToEndId));
  for (const devolucao of pix.devolucoes) {
    if (own?.devolucaoId === devolucao.id) {
      await applyDevolucao(tx, own.id, devolucao);
      continue;
    }
    // One the SPI did not make moved no money (the school's own earlier requests among them).
    if (devolucao.status === 'NAO_REALIZADO') continue;
    const inserted = await insertOnce(tx, {
      ...pixRowOf(pix, origem),
      idExterno: devolucao.rtrId,
      tipo: 'devolucao',
      valor: centavosOf(devolucao.valor),
      horario: devolucao.horario.liquidacao ?? devolucao.horario.solicitacao,
      dados: { ...devolucao, endToEndId: pix.endToEndId, txid: pix.txid ?? null },
      situacao: 'a_conciliar',
      motivo: 'devolucao',
    });
    if (!inserted) continue;
    novos++;
    await recordAudit(tx, systemActor, {
      action: 'receber_pix',
      entity: 'pix_recebido',
      entityId: inserted.id,
      details: { tipo: 'devolucao', valor: centavosOf(devolucao.valor), status: devolucao.status, origem },
    });
  }
  return novos;
}

/** One Pix, once: recorded, and paying its mensalidade or waiting in Pix a conciliar, in one transaction. */
export async function recordPix(
  ctx: AppContext,
  pix: PixRecebidoWire,
  origem: PixRecebidoOrigem,
): Promise<PixRecording> {
  return writeTransaction(ctx.db, async (tx) => {
    const inserted = await insertOnce(tx, { ...pixRowOf(pix, origem), situacao: 'a_conciliar' });
    let novos = 0;
    if (inserted) {
      novos++;
      const settled = await settle(ctx, tx, pix);
      await tx
        .update(pixRecebidos)
        .set(
          settled.paga
            ? { situacao: 'pago', mensalidadeId: settled.mensalidadeId, pagamentoId: settled.pagamentoId }
            : { situacao: 'a_conciliar', motivo: settled.motivo, mensalidadeId: settled.mensalidadeId },
        )
        .where(eq(pixRecebidos.id, inserted.id));
      if (!settled.paga && settled.mensalidadeId)
        await tellFamilyOfPixAConciliar(
          ctx,
          tx,
          settled.mensalidadeId,
          settled.motivo,
          centavosOf(pix.valor),
        );
      await recordAudit(tx, systemActor, {
        action: 'receber_pix',
        entity: 'pix_recebido',
        entityId: inserted.id,
        details: {
          valor: centavosOf(pix.valor),
          origem,
          ...(settled.paga
            ? { mensalidade_id: settled.mensalidadeId, situacao: 'pago' }
            : { situacao: 'a_conciliar', motivo: settled.motivo }),
        },
      });
    }
    novos += await recordDevolucoes(tx, pix, origem);
    return { novos, pixNovo: inserted !== undefined };
  });
}

/**
 * A Pix whose processing failed (a bug, or data the product cannot hold) waits for a person instead of
 * being lost or answered with a 5xx the PSP would retry forever.
 */
async function parkPix(
  ctx: AppContext,
  pix: PixRecebidoWire,
  origem: PixRecebidoOrigem,
): Promise<PixRecording> {
  return writeTransaction(ctx.db, async (tx) => {
    const inserted = await insertOnce(tx, {
      ...pixRowOf(pix, origem),
      situacao: 'a_conciliar',
      motivo: 'erro',
    });
    if (inserted)
      await recordAudit(tx, systemActor, {
        action: 'receber_pix',
        entity: 'pix_recebido',
        entityId: inserted.id,
        details: { valor: centavosOf(pix.valor), origem, situacao: 'a_conciliar', motivo: 'erro' },
      });
    return { novos: inserted ? 1 : 0, pixNovo: inserted !== undefined };
  });
}

/** Every Pix of a webhook call or a reconciliation, one after the other, each once. */
export async function receivePix(
  ctx: AppContext,
  lista: PixRecebidoWire[],
  origem: PixRecebidoOrigem,
): Promise<{ recebidos: number; novos: number; pixNovos: string[] }> {
  let novos = 0;
  const pixNovos: string[] = [];
  for (const pix of lista) {
    let recording: PixRecording;
    try {
      recording = await recordPix(ctx, pix, origem);
    } catch (error) {
      // Logged by code only: a Pix carries the payer's name and document.
      ctx.log.error(
        { code: errorCodeOf(error), origem },
        'falha ao registrar um Pix recebido; fica a conciliar',
      );
      recording = await parkPix(ctx, pix, origem);
    }
    novos += recording.novos;
    if (recording.pixNovo) pixNovos.push(pix.endToEndId);
  }
  return { recebidos: lista.length, novos, pixNovos };
}
