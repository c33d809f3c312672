/**
 * 'Devolver pelo banco' (ADR 0092): the school asks its PSP to return a Pix a conciliar to the payer
 * (`PUT /pix/{e2eid}/devolucao/{id}`) instead of returning it by hand in the bank's app and marking it.
 *
 * The request is claimed first, in its own transaction: the row becomes `devolucao_solicitada` with an id
 * of the school's (32 hex characters, unique per Pix at the PSP), so nobody links it or records it as a
 * receita while the bank works, and a retry uses the same id — the PSP makes one devolução per id, so a
 * click twice, an answer lost on the way or the daily follow-up never return the money twice. A retry
 * asks the bank first (`GET`) and sends the request again only when the bank has no such devolução.
 * What the bank says is recorded by `applyDevolucao`, from the answer, the webhook, reconciliation or the
 * daily follow-up alike: DEVOLVIDO resolves the Pix, NAO_REALIZADO puts it back in the list with the
 * bank's reason (a new request takes a new id), EM_PROCESSAMENTO keeps it waiting.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  DevolverPixInput,
  PixDevolucaoWire,
  PixResolvido,
} from '../../../shared/pix-recebidos.schemas.js';
import { centavosToDecimal } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { pixRecebidos, type PixRecebidoRow } from '../../db/schema/pix-recebidos.js';
import { clock } from '../../lib/clock.js';
import { AppError, conflict } from '../../lib/errors.js';
import { recordAudit, systemActor, type Actor } from '../audit/index.js';
import { writeTransaction } from '../finance/index.js';
import { lockedPix } from './pix-a-conciliar.service.js';
import { PixApiError } from './pix-api.js';
import type { PixDevolucaoApi } from './pix-devolucao.client.js';
import { pixProviderOf } from './pix-provider.service.js';

const NOT_CONFIGURED =
  'Para devolver pelo banco, configure o Pix automático em Configurações → Financeiro. Se já devolveu pelo aplicativo do banco, use "Marcar como devolvido".';

/** The row, claimed for a devolução: a new id on a Pix a conciliar, the same one on a request pending. */
async function claim(
  ctx: AppContext,
  id: string,
  input: DevolverPixInput | null,
  actor: Actor,
): Promise<{ row: PixRecebidoRow; devolucaoId: string; pending: boolean } | { done: PixRecebidoRow }> {
  return writeTransaction(ctx.db, async (tx) => {
    const row = await lockedPix(tx, id);
    if (row.tipo === 'devolucao')
      throw conflict('Esta linha já é uma devolução ao pagador: marque-a como devolvida.');
    if (row.situacao === 'devolucao_solicitada' && row.devolucaoId)
      return { row, devolucaoId: row.devolucaoId, pending: true };
    // Only asked where it stands (input null), from a list not yet refreshed: it is where it is.
    if (input === null) return { done: row };
    if (row.situacao === 'devolvido' && row.devolucaoStatus === 'DEVOLVIDO') return { done: row };
    if (row.situacao !== 'a_conciliar') throw conflict('Este Pix já foi conciliado.');
    const devolucaoId = randomBytes(16).toString('hex');
    const [claimed] = await tx
      .update(pixRecebidos)
      .set({
        situacao: 'devolucao_solicitada',
        devolucaoId,
        devolucaoStatus: null,
        devolucaoSolicitadaEm: clock.now(),
        devolucaoMotivo: null,
        observacao: input.descricao ?? null,
        resolvidoPor: actor.id,
      })
      .where(eq(pixRecebidos.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'solicitar_devolucao_pix',
      entity: 'pix_recebido',
      entityId: id,
      details: { valor: row.valor, devolucao_id: devolucaoId, motivo: row.motivo },
    });
    return { row: claimed!, devolucaoId, pending: false };
  });
}

/** Asks the bank: what it holds for the id when the request may have reached it, else the request itself. */
async function askBank(
  api: PixDevolucaoApi,
  row: PixRecebidoRow,
  devolucaoId: string,
  pending: boolean,
): Promise<PixDevolucaoWire> {
  const held = pending ? await api.getDevolucao(row.endToEndId, devolucaoId) : null;
  if (held) return held;
  return api.putDevolucao(row.endToEndId, devolucaoId, {
    valor: centavosToDecimal(row.valor),
    ...(row.observacao ? { descricao: row.observacao } : {}),
  });
}

/**
 * What the bank says of the devolução the school requested for the Pix of row `rowId`: recorded when it is
 * that request (its id) and the Pix is still waiting on it; anything else is left alone. The row as it
 * stands afterwards.
 */
export async function applyDevolucao(
  tx: Tx,
  rowId: string,
  devolucao: PixDevolucaoWire,
  actor: Actor = systemActor,
): Promise<PixRecebidoRow> {
  const row = await lockedPix(tx, rowId);
  if (row.devolucaoId !== devolucao.id || row.situacao !== 'devolucao_solicitada') return row;
  if (devolucao.status === 'EM_PROCESSAMENTO') {
    const [waiting] = await tx
      .update(pixRecebidos)
      .set({ devolucaoStatus: 'EM_PROCESSAMENTO' })
      .where(eq(pixRecebidos.id, rowId))
      .returning();
    return waiting!;
  }
  const devolvido = devolucao.status === 'DEVOLVIDO';
  const [settled] = await tx
    .update(pixRecebidos)
    .set(
      devolvido
        ? { situacao: 'devolvido', devolucaoStatus: 'DEVOLVIDO', resolvidoEm: clock.now() }
        : {
            situacao: 'a_conciliar',
            devolucaoStatus: 'NAO_REALIZADO',
            devolucaoMotivo: devolucao.motivo ?? 'O banco não informou o motivo.',
            resolvidoPor: null,
          },
    )
    .where(eq(pixRecebidos.id, rowId))
    .returning();
  await recordAudit(tx, actor, {
    action: 'resposta_devolucao_pix',
    entity: 'pix_recebido',
    entityId: rowId,
    details: {
      status: devolucao.status,
      valor: row.valor,
      devolucao_id: devolucao.id,
      ...(devolvido ? {} : { motivo: devolucao.motivo ?? null }),
    },
  });
  return settled!;
}

/** Gives the claim back (the bank refused the request): the Pix waits in the list again. */
async function release(ctx: AppContext, rowId: string, devolucaoId: string, actor: Actor): Promise<void> {
  await writeTransaction(ctx.db, async (tx) => {
    const row = await lockedPix(tx, rowId);
    if (row.situacao !== 'devolucao_solicitada' || row.devolucaoId !== devolucaoId) return;
    await tx
      .update(pixRecebidos)
      .set({
        situacao: 'a_conciliar',
        devolucaoId: null,
        devolucaoStatus: null,
        devolucaoSolicitadaEm: null,
        resolvidoPor: null,
      })
      .where(eq(pixRecebidos.id, rowId));
    await recordAudit(tx, actor, {
      action: 'resposta_devolucao_pix',
      entity: 'pix_recebido',
      entityId: rowId,
      details: { status: 'RECUSADA', devolucao_id: devolucaoId },
    });
  });
}

function resolvedOf(row: PixRecebidoRow): PixResolvido {
  return {
    id: row.id,
    situacao: row.situacao,
    mensalidade_id: row.mensalidadeId,
    transacao_id: row.transacaoId,
  };
}

/**
 * `POST …/a-conciliar/:id/devolver`: the bank returns the Pix to the payer. With `input` null (`…/consultar-
 * devolucao`) only a devolução already requested is asked about: never a new one.
 */
export async function devolverPix(
  ctx: AppContext,
  id: string,
  input: DevolverPixInput | null,
  actor: Actor,
): Promise<PixResolvido> {
  const provider = await pixProviderOf(ctx);
  if (!provider) throw conflict(NOT_CONFIGURED);
  const claimed = await claim(ctx, id, input, actor);
  if ('done' in claimed) return resolvedOf(claimed.done);
  const { row, devolucaoId, pending } = claimed;
  let devolucao: PixDevolucaoWire;
  try {
    devolucao = await askBank(provider.devolucoes, row, devolucaoId, pending);
  } catch (error) {
    // No answer: the request may have reached the bank. It stays requested, with the same id.
    if (error instanceof PixApiError && error.transient)
      throw new AppError(
        'UNAVAILABLE',
        `O banco não respondeu (${error.mensagem}). A devolução ficou como solicitada: consulte o banco de novo em instantes — ela nunca é feita duas vezes.`,
      );
    await release(ctx, id, devolucaoId, actor);
    if (error instanceof PixApiError) throw conflict(`O banco recusou a devolução: ${error.mensagem}`);
    throw error;
  }
  return writeTransaction(ctx.db, async (tx) => resolvedOf(await applyDevolucao(tx, id, devolucao, actor)));
}

/**
 * The daily follow-up: each devolução still requested is asked of the bank (and sent again, with its id,
 * when the bank never received it), so one whose webhook never came — a Pix without txid is not notified —
 * is settled all the same.
 */
export async function followDevolucoes(ctx: AppContext): Promise<void> {
  const provider = await pixProviderOf(ctx);
  if (!provider) return;
  const rows = await ctx.db
    .select()
    .from(pixRecebidos)
    .where(eq(pixRecebidos.situacao, 'devolucao_solicitada'))
    .limit(200);
  for (const row of rows) {
    if (!row.devolucaoId) continue;
    try {
      const devolucao = await askBank(provider.devolucoes, row, row.devolucaoId, true);
      await writeTransaction(ctx.db, (tx) => applyDevolucao(tx, row.id, devolucao));
    } catch (error) {
      if (!(error instanceof PixApiError)) throw error;
      ctx.log.warn({ kind: error.kind }, 'pix: devolução solicitada não pôde ser consultada no banco');
    }
  }
}
