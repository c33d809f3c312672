/**
 * A student's departure and the tuition after it: what leaving on a day would cancel (the transfer
 * dialog's line) and the cancellation itself, in the status change's transaction (registered in
 * index.ts through the students module's departure hook). Only months due after the day and with
 * nothing paid are cancelled; one partly paid, or awaiting its comprovante, is the Financeiro's to settle.
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { formatDate } from '../../../shared/format.js';
import { contarCobrancas, formatContagemCobrancas } from '../../../shared/contagem-cobrancas.js';
import type { MensalidadesAposSaida } from '../../../shared/mensalidades.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { mensalidades } from '../../db/schema/finance.js';
import { nfse } from '../../db/schema/fiscal.js';
import { clock } from '../../lib/clock.js';
import { recordAudit } from '../audit/index.js';
import type { Departure, DepartureHandler } from '../students/index.js';
import { forgetSharedReads } from './finance.shared-reads.js';
import { wakePixSync } from './pix-cobranca.js';

const dueAfter = (alunoIds: readonly string[], data: string) =>
  and(
    inArray(mensalidades.alunoId, [...alunoIds]),
    isNull(mensalidades.canceladaEm),
    gt(mensalidades.dataVencimento, data),
  );

/**
 * What a departure may cancel: nothing paid and no comprovante awaiting the school's answer — a family
 * that sent one says it paid, and the money may be in the account (ADR 0135); like a part payment, that
 * month is the Financeiro's to settle.
 */
const cancellable = and(eq(mensalidades.principalPago, 0), isNull(mensalidades.confirmacaoDesde));

/** What cancelling after `data` would do for one student. */
export async function mensalidadesAposSaida(
  db: DbOrTx,
  alunoId: string,
  data: string,
): Promise<MensalidadesAposSaida> {
  const [row] = await db
    .select({
      quantidade: sql<number>`count(*) filter (where ${cancellable})`.mapWith(Number),
      taxas:
        sql<number>`count(*) filter (where ${cancellable} and ${mensalidades.tipo} = 'taxa_matricula')`.mapWith(
          Number,
        ),
      total: sql<number>`coalesce(sum(${mensalidades.valor}) filter (where ${cancellable}), 0)`.mapWith(
        Number,
      ),
      comPagamento: sql<number>`count(*) filter (where ${mensalidades.principalPago} > 0)`.mapWith(Number),
      emConfirmacao:
        sql<number>`count(*) filter (where ${mensalidades.principalPago} = 0 and ${mensalidades.confirmacaoDesde} is not null)`.mapWith(
          Number,
        ),
    })
    .from(mensalidades)
    .where(dueAfter([alunoId], data));
  return {
    quantidade: row?.quantidade ?? 0,
    taxas_matricula: row?.taxas ?? 0,
    total: row?.total ?? 0,
    com_pagamento: row?.comPagamento ?? 0,
    em_confirmacao: row?.emConfirmacao ?? 0,
  };
}

const motivoOf = (departure: Departure) =>
  `${departure.status === 'transferido' ? 'Transferência' : 'Saída do aluno'} em ${formatDate(departure.data)}`;

/** The departure hook: cancels the open months due after the day, when the school asked to. */
/** Which of these months have an NFS-e issued (only the Direção cancels one: Notas fiscais marks it). */
export async function withIssuedNote(tx: DbOrTx, mensalidadeIds: readonly string[]): Promise<Set<string>> {
  if (mensalidadeIds.length === 0) return new Set();
  const rows = await tx
    .select({ mensalidadeId: nfse.mensalidadeId })
    .from(nfse)
    .where(and(inArray(nfse.mensalidadeId, [...mensalidadeIds]), eq(nfse.status, 'emitida')));
  return new Set(rows.map((row) => row.mensalidadeId));
}

export const cancelAfterDeparture: DepartureHandler = async (ctx, tx, alunoIds, actor, departure) => {
  if (!departure?.cancelarMensalidades) return undefined;
  const motivo = motivoOf(departure);
  const cancelled = await tx
    .update(mensalidades)
    .set({
      canceladaEm: clock.now(),
      motivoCancelamento: motivo,
      version: sql`${mensalidades.version} + 1`,
    })
    .where(and(dueAfter(alunoIds, departure.data), cancellable))
    .returning({ id: mensalidades.id, alunoId: mensalidades.alunoId, tipo: mensalidades.tipo });
  if (cancelled.length === 0)
    return {
      resumo: 'Não havia mensalidade nem taxa de matrícula em aberto com vencimento depois da saída.',
    };
  for (const row of cancelled)
    await recordAudit(tx, actor, {
      action: 'cancelar',
      entity: 'mensalidade',
      entityId: row.id,
      details: { motivo },
    });
  // A cancelled month's NFS-e stays issued: only the Direção cancels a fiscal document (Notas fiscais
  // marks it), so the answer says how many are left.
  const notas = await withIssuedNote(
    tx,
    cancelled.map((row) => row.id),
  );
  const aviso =
    notas.size === 0
      ? ''
      : ` ${notas.size === 1 ? 'A NFS-e emitida de uma delas continua válida' : `As NFS-e emitidas de ${String(notas.size)} delas continuam válidas`}: a Direção deve cancelá-${notas.size === 1 ? 'la' : 'las'} em Notas fiscais.`;
  return {
    // The figures and the bank's charges follow the cancelled months (the boletos at the next remessa).
    after: () => {
      forgetSharedReads(ctx.db);
      void wakePixSync(ctx);
    },
    // A fee is named as the fee: '2 mensalidades canceladas e 1 taxa de matrícula cancelada'.
    resumo: `${formatContagemCobrancas(contarCobrancas(cancelled), { singular: 'cancelada', plural: 'canceladas' })} (vencimento depois de ${formatDate(departure.data)}).${aviso}`,
  };
};
