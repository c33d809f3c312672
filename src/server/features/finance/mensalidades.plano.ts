/**
 * The charges of a payment plan chosen at enrolment (matrícula online, issue 34; ADRs 0049, 0094): the
 * plan's instalments as the shared `parcelamentoDaMatricula` computes them — within the ano letivo,
 * the rounding remainder on the first, proportional to the school months left for a late enrolment —
 * and the enrolment fee. A month holds one charge per student, so the fee is a charge of its own
 * (`tipo` 'taxa_matricula') in the enrolment month when that month comes before the first instalment,
 * and otherwise part of the first instalment (Lei 9.870: the fee counts toward the annual value anyway).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { addDays, isBankBusinessDay } from '../../../shared/calendar.js';
import { clock } from '../../lib/clock.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { parcelamentoDaMatricula } from '../../../shared/anuidades.schemas.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { mensalidades } from '../../db/schema/finance.js';
import type { FormaPagamento } from '../../../shared/mensalidades.schemas.js';
import { loadSettings } from './finance-settings.service.js';
import { findMensalidade } from './mensalidades.service.js';
import { applyPayment } from './payments.service.js';
import { lastDayOfMonth } from './mensalidades.generation.js';

export interface PlanoCobranca {
  alunoId: string;
  turmaId: string;
  anoLetivo: number;
  parcelas: number;
  valorParcelaCentavos: number;
  taxaMatriculaCentavos: number;
  /** The série's anuidade: the standard plan splits it exactly (ADR 0094). */
  valorAnualCentavos: number;
  padrao: boolean;
  /** The family's chosen due day; null: the school's default. */
  diaVencimento: number | null;
  /**
   * The fee paid before the enrolment (ADR 0049), as the Financeiro recorded it: the fee's charge is made
   * and settled by that payment at once (ADR 0101), so the money is in the school's books, receipt and
   * NFS-e like any other; null: charged as usual.
   */
  taxaPaga: { forma: FormaPagamento; data: string } | null;
}

/**
 * Bank business days between the enrolment and the fee's due date (ADR 0094). A boleto due the day it is
 * issued is overdue the next morning, before the family has even received it; five business days is
 * the term schools commonly give for the matrícula boleto (it reaches the family, and a payment clears,
 * in one or two). The school's default due day was not used: it may be a month away, and the fee is
 * what confirms the place.
 */
export const DIAS_UTEIS_TAXA_MATRICULA = 5;

/** The enrolment fee's due date: `DIAS_UTEIS_TAXA_MATRICULA` bank business days after `today`. */
export function vencimentoDaTaxa(today: string): string {
  let day = today;
  for (let counted = 0; counted < DIAS_UTEIS_TAXA_MATRICULA;) {
    day = addDays(day, 1);
    if (isBankBusinessDay(day)) counted++;
  }
  return day;
}

/** Creates the plan's charges in the caller's transaction; months that already hold a tuition are kept. */
export async function generatePlanoMensalidades(
  tx: Tx,
  plano: PlanoCobranca,
  actor: Actor,
): Promise<{ criadas: number; loteId: string | null }> {
  const settings = await loadSettings(tx);
  const [year] = await tx.select().from(schoolYears).where(eq(schoolYears.ano, plano.anoLetivo));
  const today = clock.today();
  const thisMonth = today.slice(0, 7);
  const parcelamento = parcelamentoDaMatricula(
    {
      parcelas: plano.parcelas,
      valor_parcela_centavos: plano.valorParcelaCentavos,
      taxa_matricula_centavos: plano.taxaMatriculaCentavos,
      padrao: plano.padrao,
    },
    plano.valorAnualCentavos,
    { anoLetivo: plano.anoLetivo, inicioAnoLetivo: year?.inicio ?? null, hoje: today },
  );
  const firstMonth = parcelamento.meses[0] ?? thisMonth;
  const dia = plano.diaVencimento ?? settings.diaVencimentoPadrao;
  // Never due before the family can have the boleto: the same few business days as the fee.
  const earliest = vencimentoDaTaxa(today);
  const dueOf = (key: string) => {
    const day = Math.min(dia, lastDayOfMonth(Number(key.slice(0, 4)), Number(key.slice(5, 7))));
    const due = `${key}-${String(day).padStart(2, '0')}`;
    return due < earliest ? earliest : due;
  };
  const rows: (typeof mensalidades.$inferInsert)[] = parcelamento.meses.map((key, index) => {
    const valor = index === 0 ? parcelamento.primeira : parcelamento.demais;
    return {
      alunoId: plano.alunoId,
      turmaId: plano.turmaId,
      mesReferencia: key,
      dataVencimento: dueOf(key),
      valorOriginal: valor,
      valor,
    };
  });
  const taxa = plano.taxaMatriculaCentavos;
  // A current student (rematrícula) already has this month's tuition: the fee then goes with the first
  // instalment rather than into a month that is taken (where the insert below would drop it).
  const [taken] =
    taxa > 0 && thisMonth < firstMonth
      ? await tx
          .select({ id: mensalidades.id })
          .from(mensalidades)
          .where(
            and(
              eq(mensalidades.alunoId, plano.alunoId),
              eq(mensalidades.mesReferencia, thisMonth),
              eq(mensalidades.desfeita, false),
            ),
          )
          .limit(1)
      : [];
  if (taxa > 0) {
    if (thisMonth < firstMonth && !taken) {
      rows.unshift({
        alunoId: plano.alunoId,
        turmaId: plano.turmaId,
        tipo: 'taxa_matricula',
        mesReferencia: thisMonth,
        dataVencimento: vencimentoDaTaxa(today),
        valorOriginal: taxa,
        valor: taxa,
      });
    } else if (rows[0]) {
      rows[0].valorOriginal = rows[0].valorOriginal + taxa;
      rows[0].valor = rows[0].valor + taxa;
      rows[0].motivoDesconto = 'Inclui a taxa de matrícula';
    }
  }
  if (rows.length === 0) return { criadas: 0, loteId: null };
  const loteId = randomUUID();
  const inserted = await tx
    .insert(mensalidades)
    .values(rows.map((row) => ({ ...row, loteId, anuidadeAno: plano.anoLetivo })))
    .onConflictDoNothing({
      target: [mensalidades.alunoId, mensalidades.mesReferencia],
      where: sql`not ${mensalidades.desfeita}`,
    })
    .returning({ id: mensalidades.id, valor: mensalidades.valor, mesReferencia: mensalidades.mesReferencia });
  if (plano.taxaPaga && taxa > 0) {
    // The fee's own charge, else the first instalment that carries it (ADR 0094) — if it was made now.
    const comTaxa = rows[0];
    const charge = inserted.find((row) => row.mesReferencia === comTaxa?.mesReferencia);
    if (charge)
      await applyPayment(
        tx,
        await findMensalidade(tx, charge.id, { kind: 'escola' }, true),
        { valor_pago: taxa, forma: plano.taxaPaga.forma, data_pagamento: plano.taxaPaga.data },
        actor,
        today,
        {
          // The fee, exactly as paid at the desk: no pontualidade discount, no encargos.
          split: { principal: taxa, desconto: 0, multa: 0, juros: 0, settles: charge.valor === taxa },
          origem: 'escola',
        },
      );
  }
  await recordAudit(tx, actor, {
    action: 'gerar_mensalidades',
    entity: 'mensalidade',
    entityId: inserted.length > 0 ? loteId : null,
    details: {
      aluno_id: plano.alunoId,
      ano: plano.anoLetivo,
      criadas: inserted.length,
      valor_total: inserted.reduce((sum, row) => sum + row.valor, 0),
      lote_id: inserted.length > 0 ? loteId : null,
      origem: 'matricula_online',
    },
  });
  return { criadas: inserted.length, loteId: inserted.length > 0 ? loteId : null };
}
