/**
 * A bolsa set, changed or removed after the year's tuition exists (ADR 0130): the student's months that
 * nobody has touched yet follow it, in the bolsa's own transaction — re-priced from their value before
 * any discount, or, with a 100 % bolsa, cancelled as a departure cancels (and freed, as an undone batch's
 * are, so a smaller bolsa later lets 'Gerar mensalidades' create them again). What was due at the old
 * price stays: overdue months, months with any payment, and months whose amount is already in someone
 * else's hands (a boleto sent to the bank, a Pix Automático debit, an NFS-e) or was set by hand. A boleto
 * never sent is removed and issued again at the new amount.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BolsaEfeito } from '../../../shared/finance.schemas.js';
import { overdueBefore } from '../../../shared/calendar.js';
import { formatCentavosPlain, formatList } from '../../../shared/format.js';
import { formatMesReferenciaCurto } from '../../../shared/mensalidades.schemas.js';
import { applyDiscount } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { boletos } from '../../db/schema/boletos.js';
import { mensalidades } from '../../db/schema/finance.js';
import { nfse } from '../../db/schema/fiscal.js';
import { pixCobrancasRecorrentes } from '../../db/schema/pix-recorrencias.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';

/** Why an open month not yet overdue keeps its price. */
type Mantida = 'boleto' | 'debito' | 'nota' | 'desconto' | 'andamento' | 'plano';

const mantidaTexto: Record<Mantida, string> = {
  boleto: 'as com boleto já enviado ao banco',
  debito: 'as com débito do Pix Automático agendado',
  nota: 'as com nota fiscal',
  desconto: 'as com desconto dado à mão',
  andamento: 'as com comprovante ou negociação em andamento',
  plano: 'as do plano do contrato',
};

interface Change {
  id: string;
  mes: string;
  valorAnterior: number;
  valor: number;
}

interface Plan {
  bolsaBp: number;
  alterar: Change[];
  cancelar: Change[];
  vencidas: number;
  pagas: number;
  mantidas: Set<Mantida>;
}

/** 'Bolsa de 25%': the reason generation writes on a month priced with a bolsa. */
export const motivoBolsa = (bolsaBp: number) => `Bolsa de ${String(bolsaBp / 100)}%`;

/** The price a month would have if nobody changed it since generation (null: someone did, by hand). */
function untouchedBolsaBp(row: { valor: number; valorOriginal: number; motivoDesconto: string | null }) {
  if (row.motivoDesconto === null) return row.valor === row.valorOriginal ? 0 : null;
  const match = /^Bolsa de (\d+(?:\.\d+)?)%$/.exec(row.motivoDesconto);
  if (!match) return null;
  const bp = Math.round(Number(match[1]) * 100);
  return applyDiscount(row.valorOriginal, bp) === row.valor ? bp : null;
}

/** What the new bolsa does to the student's tuition; `lock` takes the months' rows for the write. */
async function planOf(tx: DbOrTx, alunoId: string, bolsaBp: number, lock: boolean): Promise<Plan> {
  const query = tx
    .select({
      id: mensalidades.id,
      mes: mensalidades.mesReferencia,
      dataVencimento: mensalidades.dataVencimento,
      valor: mensalidades.valor,
      valorOriginal: mensalidades.valorOriginal,
      motivoDesconto: mensalidades.motivoDesconto,
      principalPago: mensalidades.principalPago,
      descontoConcedido: mensalidades.descontoConcedido,
      anuidadeAno: mensalidades.anuidadeAno,
      emAndamento: sql<boolean>`(${mensalidades.confirmacaoDesde} is not null or ${mensalidades.negociacaoDesde} is not null)`,
      // A boleto the bank has (or may have) carries the old amount; one never sent is issued again.
      boleto: sql<boolean>`exists (select 1 from ${boletos} where ${boletos.mensalidadeId} = ${mensalidades.id}
        and not (${boletos.situacao} = 'a_registrar' and ${boletos.remessaId} is null))`,
      debito: sql<boolean>`exists (select 1 from ${pixCobrancasRecorrentes}
        where ${pixCobrancasRecorrentes.mensalidadeId} = ${mensalidades.id} and ${pixCobrancasRecorrentes.status} = 'ativa')`,
      nota: sql<boolean>`exists (select 1 from ${nfse}
        where ${nfse.mensalidadeId} = ${mensalidades.id} and ${nfse.status} in ('pendente', 'emitida'))`,
    })
    .from(mensalidades)
    .where(
      and(
        eq(mensalidades.alunoId, alunoId),
        eq(mensalidades.tipo, 'mensalidade'),
        isNull(mensalidades.canceladaEm),
      ),
    )
    .orderBy(mensalidades.mesReferencia);
  const rows = lock ? await query.for('update', { of: mensalidades }) : await query;
  const plan: Plan = { bolsaBp, alterar: [], cancelar: [], vencidas: 0, pagas: 0, mantidas: new Set() };
  // Overdue: due before the first day still without multa and juros (a weekend's due day moves it on).
  const firstNotOverdue = overdueBefore(clock.today());
  for (const row of rows) {
    if (row.principalPago > 0 || row.descontoConcedido > 0) {
      plan.pagas++;
      continue;
    }
    if (row.dataVencimento < firstNotOverdue) {
      plan.vencidas++;
      continue;
    }
    const untouched = untouchedBolsaBp(row);
    const keptFor: Mantida | null =
      row.anuidadeAno !== null
        ? 'plano'
        : row.emAndamento
          ? 'andamento'
          : row.boleto
            ? 'boleto'
            : row.debito
              ? 'debito'
              : row.nota
                ? 'nota'
                : untouched === null
                  ? 'desconto'
                  : null;
    const valor = applyDiscount(row.valorOriginal, bolsaBp);
    if (untouched === bolsaBp && row.valor === valor) continue; // already at this bolsa's price
    if (keptFor) {
      plan.mantidas.add(keptFor);
      continue;
    }
    const change = { id: row.id, mes: row.mes, valorAnterior: row.valor, valor };
    if (valor <= 0) plan.cancelar.push(change);
    else plan.alterar.push(change);
  }
  return plan;
}

function monthsText(changes: readonly Change[]): string {
  const first = changes[0]!.mes;
  const last = changes.at(-1)!.mes;
  if (changes.length === 1) return `A mensalidade em aberto de ${formatMesReferenciaCurto(first)}`;
  return `${String(changes.length)} mensalidades em aberto (${formatMesReferenciaCurto(first)} a ${formatMesReferenciaCurto(last)})`;
}

/** The plan in a sentence: what changes, then what stays as it was. */
function sentenceOf(plan: Plan): string {
  const parts: string[] = [];
  const one = (changes: readonly Change[]) => changes.length === 1;
  if (plan.alterar.length > 0) {
    const valores = [...new Set(plan.alterar.map((change) => change.valor))].sort((a, b) => a - b);
    const price =
      valores.length === 1
        ? formatCentavosPlain(valores[0]!)
        : `valores de ${formatCentavosPlain(valores[0]!)} a ${formatCentavosPlain(valores.at(-1)!)}`;
    parts.push(`${monthsText(plan.alterar)} ${one(plan.alterar) ? 'passa' : 'passam'} a ${price}`);
  }
  if (plan.cancelar.length > 0)
    parts.push(
      `${monthsText(plan.cancelar)} ${one(plan.cancelar) ? 'é cancelada' : 'são canceladas'} (bolsa de 100 %)`,
    );
  const kept = [
    ...(plan.vencidas > 0 ? ['as vencidas'] : []),
    ...(plan.pagas > 0 ? ['as pagas'] : []),
    ...[...plan.mantidas].map((reason) => mantidaTexto[reason]),
  ];
  if (parts.length === 0)
    return kept.length > 0
      ? `Nenhuma mensalidade já gerada muda: ${formatList(kept)} ficam como estavam.`
      : 'Vale para as mensalidades geradas daqui em diante.';
  const tail = kept.length > 0 ? `; ${formatList(kept)} ficam como estavam` : '';
  return `${formatList(parts)}${tail}.`;
}

function efeitoOf(plan: Plan): BolsaEfeito {
  return { alteradas: plan.alterar.length, canceladas: plan.cancelar.length, mensagem: sentenceOf(plan) };
}

/** What saving `bolsaBp` would do (nothing written): the confirmation's question. */
export async function previewBolsa(db: DbOrTx, alunoId: string, bolsaBp: number): Promise<BolsaEfeito> {
  const [student] = await db.select({ id: students.id }).from(students).where(eq(students.id, alunoId));
  if (!student) throw notFound('Aluno não encontrado.');
  return efeitoOf(await planOf(db, alunoId, bolsaBp, false));
}

/**
 * Applies the bolsa to the student's untouched months, in the caller's transaction (the bolsa's save):
 * each change is audited on its month ('aplicar_bolsa' with both prices, or 'cancelar' with the reason); the
 * caller wakes the Pix sync after the commit, which revises or withdraws the months' charges.
 */
export async function applyBolsa(
  tx: DbOrTx,
  alunoId: string,
  bolsaBp: number,
  actor: Actor,
): Promise<BolsaEfeito & { mudou: boolean }> {
  const plan = await planOf(tx, alunoId, bolsaBp, true);
  // Their boletos were never sent to the bank (planOf kept the others' months): removed, as
  // reconcileBoletos removes an unsent one, so the next issue (the emission job, or the family's
  // 'Boleto') carries the new amount; a cancelled month needs none.
  const changed = [...plan.alterar, ...plan.cancelar].map((change) => change.id);
  if (changed.length > 0) await tx.delete(boletos).where(inArray(boletos.mensalidadeId, changed));
  const motivo = bolsaBp === 0 ? null : motivoBolsa(bolsaBp);
  for (const change of plan.alterar) {
    await tx
      .update(mensalidades)
      .set({ valor: change.valor, motivoDesconto: motivo, version: sql`${mensalidades.version} + 1` })
      .where(eq(mensalidades.id, change.id));
    await recordAudit(tx, actor, {
      action: 'aplicar_bolsa',
      entity: 'mensalidade',
      entityId: change.id,
      details: { bolsa_bp: bolsaBp, valor_anterior: change.valorAnterior, valor: change.valor },
    });
  }
  if (plan.cancelar.length > 0) {
    const motivoCancelamento = motivoBolsa(bolsaBp);
    await tx
      .update(mensalidades)
      .set({
        canceladaEm: clock.now(),
        motivoCancelamento,
        // As an undone batch's: the month is free, so a smaller bolsa later can generate it again.
        desfeita: true,
        version: sql`${mensalidades.version} + 1`,
      })
      .where(
        inArray(
          mensalidades.id,
          plan.cancelar.map((change) => change.id),
        ),
      );
    for (const change of plan.cancelar)
      await recordAudit(tx, actor, {
        action: 'cancelar',
        entity: 'mensalidade',
        entityId: change.id,
        details: { motivo: motivoCancelamento },
      });
  }
  return { ...efeitoOf(plan), mudou: plan.alterar.length + plan.cancelar.length > 0 };
}
