/**
 * Pix Automático's monthly work (issue 33 §3, ADR 0044): the daily job that sends each month's `cobr`
 * 2–10 days before the due date for the tuition of a student with an active recurrence, and the PSP's
 * status webhooks (`<webhook url>/rec`, `<webhook url>/cobr`) that move the recurrence and pay the
 * mensalidade — once, whatever the number of deliveries — through finance's payment path.
 */
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, lt, ne, or, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/calendar.js';
import { formatCentavos, formatDate } from '../../../shared/format.js';
import { cobrancaNaFrase } from '../../../shared/mensalidades.schemas.js';
import type { AppContext } from '../../context.js';
import { mensalidades } from '../../db/schema/finance.js';
import { pixCobrancasRecorrentes, pixRecorrencias } from '../../db/schema/pix-recorrencias.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { recordAudit, systemActor } from '../audit/index.js';
import { notifyFamily, writeTransaction } from '../finance/index.js';
import { nullWhenNotFound, PixApiError } from './pix-api.js';
import type {
  Cobr,
  CobrWebhookBody,
  PixAutomaticoApi,
  Rec,
  RecWebhookBody,
} from './pix-automatico.client.js';
import { pagarDebitoUmaVez } from './pix-automatico.pagamento.js';
import { pixAutomaticoApiOf } from './pix-automatico.service.js';

export const PIX_AUTOMATICO_JOB = 'pix.automatico.cobrancas';
/** The standard's window: a charge is sent no earlier than 10 and no later than 2 days before its due date. */
export const JANELA = { min: 2, max: 10 } as const;
const LOTE = 200;

/**
 * `r` + the mensalidade's id without dashes: 33 letters and digits, one per mensalidade. A month whose
 * charge the school withdrew (a discount, a part paid) and sends again needs a txid the PSP never saw:
 * the same + the sending's number in base 36 (34–35 characters, within the standard's 35).
 */
export function txidDaCobranca(mensalidadeId: string, envio = 0): string {
  const base = `r${mensalidadeId.replaceAll('-', '')}`;
  return envio === 0 ? base : `${base}${envio.toString(36)}`;
}

/** The txid of the month's next sending, after the one the school withdrew. */
function txidSeguinte(mensalidadeId: string, anterior: string): string {
  const base = txidDaCobranca(mensalidadeId);
  const envio = anterior.length > base.length ? parseInt(anterior.slice(base.length), 36) : 0;
  return txidDaCobranca(mensalidadeId, envio + 1);
}

/** 'mensalidade de março de 2026' or 'taxa de matrícula 2027', as every text names a charge (ADR 0094). */
const nomeDe = (row: typeof mensalidades.$inferSelect) =>
  cobrancaNaFrase({ tipo: row.tipo, mes_referencia: row.mesReferencia, anuidade_ano: row.anuidadeAno });

function centavos(valor: string): number {
  return Math.round(Number(valor) * 100);
}

/**
 * The charge `txid` if the PSP holds it ATIVA under the recurrence `idRec`; null if it has none (404) or
 * holds it otherwise. The PSP unreachable throws: the caller decides what not knowing means.
 */
async function ativaNoPsp(api: PixAutomaticoApi, txid: string, idRec: string): Promise<Cobr | null> {
  const cobr = await api.getCobr(txid).catch(nullWhenNotFound);
  return cobr?.status === 'ATIVA' && cobr.idRec === idRec ? cobr : null;
}

/**
 * Sends the month's `cobr` for each open tuition due in the window whose student has an active
 * recurrence (and that was never sent, failed last time, or was withdrawn by the school while something
 * is still owed: sent again for what is left, under a new txid). A tuition above the guardian's ceiling
 * is left to the cobv. One failure is recorded on its row and does not stop the others.
 */
export async function enviarCobrancasRecorrentes(
  ctx: AppContext,
): Promise<{ enviadas: number; erros: number }> {
  const psp = await pixAutomaticoApiOf(ctx);
  if (!psp) return { enviadas: 0, erros: 0 };
  const hoje = clock.today();
  const rows = await ctx.db
    .select({ mensalidade: mensalidades, recorrencia: pixRecorrencias, anterior: pixCobrancasRecorrentes })
    .from(mensalidades)
    .innerJoin(
      pixRecorrencias,
      and(eq(pixRecorrencias.alunoId, mensalidades.alunoId), eq(pixRecorrencias.status, 'ativa')),
    )
    .leftJoin(pixCobrancasRecorrentes, eq(pixCobrancasRecorrentes.mensalidadeId, mensalidades.id))
    .where(
      and(
        isNull(mensalidades.canceladaEm),
        lt(mensalidades.principalPago, mensalidades.valor),
        gte(mensalidades.dataVencimento, addDays(hoje, JANELA.min)),
        lte(mensalidades.dataVencimento, addDays(hoje, JANELA.max)),
        gte(mensalidades.dataVencimento, pixRecorrencias.dataInicial),
        or(isNull(pixCobrancasRecorrentes.id), inArray(pixCobrancasRecorrentes.status, ['erro', 'retirada'])),
        sql`${mensalidades.valor} - ${mensalidades.principalPago} <= ${pixRecorrencias.valorMaximo}`,
      ),
    )
    .limit(LOTE);
  let enviadas = 0;
  let erros = 0;
  for (const { mensalidade, recorrencia, anterior } of rows) {
    const valor = mensalidade.valor - mensalidade.principalPago;
    const txid = !anterior
      ? txidDaCobranca(mensalidade.id)
      : anterior.status === 'retirada'
        ? txidSeguinte(mensalidade.id, anterior.txid)
        : anterior.txid;
    // A withdrawn month is claimed under its new txid before the PSP hears of it (as 'erro': if this run
    // dies here, the next sends that txid again): two runs at once never send two different charges.
    if (anterior?.status === 'retirada') {
      const [claimed] = await ctx.db
        .update(pixCobrancasRecorrentes)
        .set({ txid, status: 'erro', erro: 'Envio em andamento.', updatedAt: clock.now() })
        .where(
          and(
            eq(pixCobrancasRecorrentes.id, anterior.id),
            eq(pixCobrancasRecorrentes.status, 'retirada'),
            eq(pixCobrancasRecorrentes.txid, anterior.txid),
          ),
        )
        .returning({ id: pixCobrancasRecorrentes.id });
      if (!claimed) continue;
    }
    let erro: string | null = null;
    // What the row says the PSP will debit: what was sent, or what the PSP holds (below).
    let enviado = valor;
    try {
      await psp.api.putCobr(txid, {
        idRec: recorrencia.idRec,
        infoAdicional: `Mensalidade ${mensalidade.mesReferencia}`,
        calendario: { dataDeVencimento: mensalidade.dataVencimento },
        valor: { original: (valor / 100).toFixed(2) },
        ajusteDiaUtil: false,
        recebedor: {
          agencia: psp.config.agencia ?? '',
          conta: psp.config.conta ?? '',
          tipoConta: psp.config.tipoConta ?? 'CORRENTE',
        },
      });
      enviadas += 1;
    } catch (error) {
      if (!(error instanceof PixApiError)) throw error;
      // A sending the PSP took while its answer was lost (a timeout) is refused the next time as a used
      // txid: what the PSP holds decides, so a month is never told to go by Pix while its debit stands.
      // (Found there, it is not counted as this run's sending: another run's, or an earlier one's.)
      const noPsp = await ativaNoPsp(psp.api, txid, recorrencia.idRec).catch(() => null);
      if (noPsp) enviado = centavos(noPsp.valor.original);
      else {
        erro = error.mensagem;
        erros += 1;
      }
    }
    const values = {
      recorrenciaId: recorrencia.id,
      status: erro === null ? ('ativa' as const) : ('erro' as const),
      valor: enviado,
      dataVencimento: mensalidade.dataVencimento,
      erro,
      updatedAt: clock.now(),
    };
    // A failure never overwrites the charge another run has just sent under the same txid.
    if (anterior)
      await ctx.db
        .update(pixCobrancasRecorrentes)
        .set({ ...values, txid })
        .where(
          and(
            eq(pixCobrancasRecorrentes.id, anterior.id),
            eq(pixCobrancasRecorrentes.txid, txid),
            ...(erro === null ? [] : [ne(pixCobrancasRecorrentes.status, 'ativa')]),
          ),
        );
    else
      await ctx.db.insert(pixCobrancasRecorrentes).values({ ...values, mensalidadeId: mensalidade.id, txid });
  }
  return { enviadas, erros };
}

/**
 * Withdraws the charges sent for a month the family no longer owes as sent — the mensalidade cancelled (a
 * student who left, a generation undone), paid another way (cash at the secretaria, the Pix code) or
 * discounted — while the PSP still takes it back: until the eve of the debit (22h; the PSP refuses after,
 * and `pagarDebitoUmaVez` then leaves the debit to the secretaria to refund). A refusal is recorded on
 * the charge's row; the charge stays 'ativa' as the PSP has it.
 *
 * A withdrawn month that still owes something is sent again for what is left by the next
 * `enviarCobrancasRecorrentes` while the window allows (2 days before the due date); later than that, the
 * family is told that this month goes by the Pix of the portal, for the amount it now owes.
 */
export async function retirarCobrancasRecorrentes(
  ctx: AppContext,
): Promise<{ retiradas: number; erros: number }> {
  const hoje = clock.today();
  const rows = await ctx.db
    .select({ cobranca: pixCobrancasRecorrentes, mensalidade: mensalidades, alunoNome: students.nome })
    .from(pixCobrancasRecorrentes)
    .innerJoin(mensalidades, eq(mensalidades.id, pixCobrancasRecorrentes.mensalidadeId))
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .where(
      and(
        eq(pixCobrancasRecorrentes.status, 'ativa'),
        gt(pixCobrancasRecorrentes.dataVencimento, hoje),
        // Cancelled, or owing less now than the debit would take (paid, in part or whole, or discounted):
        // the PSP would debit the family more than the month is worth.
        or(
          isNotNull(mensalidades.canceladaEm),
          sql`${mensalidades.valor} - ${mensalidades.principalPago} < ${pixCobrancasRecorrentes.valor}`,
        ),
      ),
    )
    .limit(LOTE);
  if (rows.length === 0) return { retiradas: 0, erros: 0 };
  const psp = await pixAutomaticoApiOf(ctx);
  if (!psp) return { retiradas: 0, erros: 0 };
  let retiradas = 0;
  let erros = 0;
  for (const { cobranca, mensalidade, alunoNome } of rows) {
    let erro: string | null = null;
    try {
      await psp.api.cancelCobr(cobranca.txid);
      retiradas += 1;
    } catch (error) {
      if (!(error instanceof PixApiError)) throw error;
      erro = `O banco não cancelou o débito deste mês: ${error.mensagem}`;
      erros += 1;
    }
    await writeTransaction(ctx.db, async (tx) => {
      const [changed] = await tx
        .update(pixCobrancasRecorrentes)
        .set(
          erro === null
            ? { status: 'retirada', erro: null, updatedAt: clock.now() }
            : { erro, updatedAt: clock.now() },
        )
        .where(
          and(
            eq(pixCobrancasRecorrentes.id, cobranca.id),
            // The PSP's notice of this very withdrawal may have landed first, as 'cancelada'.
            erro === null
              ? inArray(pixCobrancasRecorrentes.status, ['ativa', 'cancelada'])
              : eq(pixCobrancasRecorrentes.status, 'ativa'),
          ),
        )
        .returning({ id: pixCobrancasRecorrentes.id });
      const resta = mensalidade.valor - mensalidade.principalPago;
      const tarde = mensalidade.dataVencimento < addDays(hoje, JANELA.min);
      if (erro === null && changed && !mensalidade.canceladaEm && resta > 0 && tarde)
        await notifyFamily(
          ctx,
          tx,
          mensalidade.alunoId,
          'Débito automático cancelado neste mês',
          `A ${nomeDe(mensalidade)} de ${alunoNome} mudou ` +
            `para ${formatCentavos(resta)}, e o débito automático de ${formatCentavos(cobranca.valor)} ` +
            `foi cancelado no banco. Pague ${formatCentavos(resta)} pelo Pix do portal até ` +
            `${formatDate(mensalidade.dataVencimento)}.`,
        );
    });
  }
  return { retiradas, erros };
}

/**
 * A month the bank never took a charge for — every sending refused, or the new one after the school's
 * withdrawal — once the window has closed (the day before the due date): no debit will come, and nothing
 * the family sees says so. The row becomes 'nao_enviada' (its last refusal kept for the school) and the
 * family is told, once, to pay the month by the portal's Pix.
 */
export async function avisarCobrancasNaoEnviadas(ctx: AppContext): Promise<number> {
  const hoje = clock.today();
  const rows = await ctx.db
    .select({
      cobranca: pixCobrancasRecorrentes,
      mensalidade: mensalidades,
      alunoNome: students.nome,
      idRec: pixRecorrencias.idRec,
    })
    .from(pixCobrancasRecorrentes)
    .innerJoin(
      pixRecorrencias,
      and(eq(pixRecorrencias.id, pixCobrancasRecorrentes.recorrenciaId), eq(pixRecorrencias.status, 'ativa')),
    )
    .innerJoin(mensalidades, eq(mensalidades.id, pixCobrancasRecorrentes.mensalidadeId))
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .where(
      and(
        eq(pixCobrancasRecorrentes.status, 'erro'),
        isNull(mensalidades.canceladaEm),
        lt(mensalidades.principalPago, mensalidades.valor),
        gte(mensalidades.dataVencimento, hoje),
        lt(mensalidades.dataVencimento, addDays(hoje, JANELA.min)),
      ),
    )
    .limit(LOTE);
  if (rows.length === 0) return 0;
  const psp = await pixAutomaticoApiOf(ctx);
  if (!psp) return 0;
  let avisadas = 0;
  for (const { cobranca, mensalidade, alunoNome, idRec } of rows) {
    // The PSP took it after all (an answer lost): the debit stands, and the row says so.
    let sent: Cobr | null;
    try {
      sent = await ativaNoPsp(psp.api, cobranca.txid, idRec);
    } catch {
      continue; // The PSP unreachable: the family is not told what nobody knows yet; the next run asks.
    }
    await writeTransaction(ctx.db, async (tx) => {
      const [changed] = await tx
        .update(pixCobrancasRecorrentes)
        .set({
          status: sent ? 'ativa' : 'nao_enviada',
          ...(sent ? { erro: null, valor: centavos(sent.valor.original) } : {}),
          updatedAt: clock.now(),
        })
        .where(
          and(
            eq(pixCobrancasRecorrentes.id, cobranca.id),
            eq(pixCobrancasRecorrentes.status, 'erro'),
            eq(pixCobrancasRecorrentes.txid, cobranca.txid),
          ),
        )
        .returning({ id: pixCobrancasRecorrentes.id });
      if (!changed || sent) return;
      avisadas += 1;
      const resta = mensalidade.valor - mensalidade.principalPago;
      await notifyFamily(
        ctx,
        tx,
        mensalidade.alunoId,
        'Débito automático não agendado neste mês',
        `O banco não aceitou o débito automático da ${nomeDe(mensalidade)} ` +
          `de ${alunoNome}, e ele não será feito. ` +
          `Pague ${formatCentavos(resta)} pelo Pix do portal até ${formatDate(mensalidade.dataVencimento)}.`,
      );
    });
  }
  return avisadas;
}

// ---------------------------------------------------------------- the PSP's webhooks

const STATUS_REC = {
  APROVADA: 'ativa',
  REJEITADA: 'rejeitada',
  EXPIRADA: 'expirada',
  CANCELADA: 'cancelada',
} as const;

/** `{"recs":[…]}`: the payer authorised, rejected or cancelled in their bank (or the PSP expired it). */
export async function receberWebhookRec(ctx: AppContext, body: RecWebhookBody): Promise<void> {
  for (const rec of body.recs) await aplicarRec(ctx, rec);
}

async function aplicarRec(ctx: AppContext, rec: Rec): Promise<void> {
  const status = rec.status === 'CRIADA' ? undefined : STATUS_REC[rec.status];
  if (!status) return;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(pixRecorrencias)
      .where(eq(pixRecorrencias.idRec, rec.idRec))
      .for('update');
    // Unknown, already there, or already ended (a late or replayed notice never revives a recurrence).
    if (!row || row.status === status || row.status === 'cancelada' || row.status === 'rejeitada') return;
    if (status === 'ativa' && row.status !== 'aguardando') return;
    const solicitante = rec.encerramento?.cancelamento?.solicitante ?? '';
    const encerradaPor = status === 'ativa' ? null : solicitante.endsWith('RECEBEDOR') ? 'escola' : 'banco';
    await tx
      .update(pixRecorrencias)
      .set({ status, encerradaPor, version: row.version + 1, updatedAt: clock.now() })
      .where(eq(pixRecorrencias.id, row.id));
    // Authorised: a month already in the window is sent now, not at tomorrow's run — the family who just
    // authorised is told at once that this month goes by the debit (and is not asked to pay it by Pix).
    if (status === 'ativa') await ctx.jobs.enqueue(tx, PIX_AUTOMATICO_JOB, {});
    else
      await tx
        .update(pixCobrancasRecorrentes)
        .set({ status: 'cancelada', updatedAt: clock.now() })
        .where(
          and(eq(pixCobrancasRecorrentes.recorrenciaId, row.id), eq(pixCobrancasRecorrentes.status, 'ativa')),
        );
    await recordAudit(tx, systemActor, {
      action: 'debito_automatico_banco',
      entity: 'aluno',
      entityId: row.alunoId,
      details: { id_rec: rec.idRec, status: rec.status, solicitante: solicitante || null },
    });
  });
}

/** `{"cobsr":[…]}`: a month's charge debited (the mensalidade is paid once), failed or cancelled. */
export async function receberWebhookCobr(ctx: AppContext, body: CobrWebhookBody): Promise<void> {
  for (const cobr of body.cobsr) await aplicarCobr(ctx, cobr);
}

async function aplicarCobr(ctx: AppContext, cobr: Cobr): Promise<void> {
  if (cobr.status === 'CONCLUIDA') return pagarUmaVez(ctx, cobr);
  const status =
    cobr.status === 'CANCELADA'
      ? 'cancelada'
      : cobr.status === 'EXPIRADA' || cobr.status === 'REJEITADA'
        ? 'expirada'
        : undefined;
  if (!status) return;
  await ctx.db
    .update(pixCobrancasRecorrentes)
    .set({
      status,
      erro:
        status === 'expirada'
          ? 'O débito não foi feito (saldo ou limite do pagador). A mensalidade continua em aberto.'
          : null,
      updatedAt: clock.now(),
    })
    .where(and(eq(pixCobrancasRecorrentes.txid, cobr.txid), eq(pixCobrancasRecorrentes.status, 'ativa')));
}

/**
 * The debit happened: the charge becomes `concluida` and the mensalidade is paid in the same transaction,
 * once, by `pagarDebitoUmaVez` (shared with reconciliation). A mensalidade that can no longer take it
 * (paid by hand meanwhile, cancelled) keeps the charge `concluida` with the reason, for the secretaria.
 */
async function pagarUmaVez(ctx: AppContext, cobr: Cobr): Promise<void> {
  const liquidacao = cobr.tentativas?.find((item) => item.status === 'LIQUIDADA')?.dataLiquidacao;
  await writeTransaction(ctx.db, (tx) =>
    pagarDebitoUmaVez(ctx, tx, cobr.txid, {
      valor: centavos(cobr.valor.original),
      data: liquidacao ?? clock.today(),
    }),
  );
}
