/**
 * The finance module's items in the family's feed (issue 32 §1): each child's tuition overdue or due in
 * the next 7 days is something to do (`pendente`, oldest first); a tuition em confirmação is not (the
 * family already said it paid) and shows as news; a refused comprovante makes it pending again, with the
 * school's reason.
 */
import { and, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FeedItem } from '../../../shared/familia.schemas.js';
import { addDays, lastDayWithoutCharges } from '../../../shared/calendar.js';
import { formatCentavos, formatDate } from '../../../shared/format.js';
import {
  descricaoCobranca,
  MONTH_NAMES,
  formatMesReferencia,
  type Mensalidade,
} from '../../../shared/mensalidades.schemas.js';
import { paths } from '../../../shared/routes.js';
import { schoolReadsOf, type FamilyFeedSource } from '../../lib/family-feed.js';
import { mensalidades } from '../../db/schema/finance.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { toMensalidade } from './mensalidades.presenters.js';

/** How far ahead a tuition due soon becomes something to do. */
export const FEED_DUE_WITHIN_DAYS = 7;

/** 'novembro' this year, 'novembro de 2025' another year. */
function monthOf(mes: string, today: string): string {
  return mes.slice(0, 4) === today.slice(0, 4)
    ? (MONTH_NAMES[Number(mes.slice(5, 7)) - 1] ?? mes)
    : formatMesReferencia(mes);
}

const dayMonth = (iso: string) => formatDate(iso).slice(0, 5);

function itemOf(charge: Mensalidade, today: string, debito: boolean): FeedItem {
  // A tuition by its month ('Mensalidade de julho'); the enrolment fee by its own name (ADR 0094).
  const nome =
    charge.tipo === 'taxa_matricula'
      ? descricaoCobranca(charge)
      : `Mensalidade de ${monthOf(charge.mes_referencia, today)}`;
  const base = { id: `mensalidade:${charge.id}`, tipo: 'mensalidade' as const, aluno_id: charge.aluno_id };
  const link = paths.finance;
  // Read on the home's screen only: 'R$' keeps its amount on the same line (no-break space).
  const valor = formatCentavos(charge.valor_atualizado);
  if (charge.status === 'em_confirmacao') {
    return {
      ...base,
      titulo: `${nome} em confirmação`,
      resumo: `${charge.aluno_nome} · comprovante enviado em ${dayMonth(charge.em_confirmacao_desde!)}; a escola vai confirmar o pagamento.`,
      data: charge.em_confirmacao_desde!,
      link,
      pendente: false,
    };
  }
  // Pix Automático has scheduled this month's debit at the bank: nothing to do, so it is not paid twice.
  if (debito && charge.status !== 'vencido')
    return {
      ...base,
      titulo: `${nome}: débito automático em ${dayMonth(charge.data_vencimento)}`,
      resumo: `${charge.aluno_nome} · ${valor} · debitada no vencimento; não é preciso pagar pelo Pix.`,
      data: charge.data_vencimento,
      link,
      pendente: false,
    };
  // Due on a weekend or holiday and not yet late (Lei 7.089/1983): the business day it may still be paid on.
  const titulo =
    charge.status === 'vencido'
      ? `${nome} em atraso`
      : charge.data_vencimento < today
        ? `${nome}: pague até ${dayMonth(lastDayWithoutCharges(charge.data_vencimento))} sem multa`
        : `${nome} vence em ${dayMonth(charge.data_vencimento)}`;
  const resumo = charge.comprovante_recusa
    ? `${charge.aluno_nome} · ${valor} · comprovante não confirmado: ${charge.comprovante_recusa}`
    : `${charge.aluno_nome} · ${valor} · pague com Pix`;
  return { ...base, titulo, resumo, data: charge.data_vencimento, link, pendente: true };
}

/** `financeFeed`: a guardian's children's tuition that needs doing, and the ones em confirmação. */
export const financeFeed: FamilyFeedSource = async (db, scope) => {
  if (scope.alunos.length === 0) return [];
  const names = new Map(scope.alunos.map((aluno) => [aluno.id, aluno.nome]));
  const soon = addDays(scope.today, FEED_DUE_WITHIN_DAYS);
  const since = scope.since.toISOString().slice(0, 10);
  const [rows, settings] = await Promise.all([
    db
      .select({
        row: mensalidades,
        // Pix Automático has this month's debit scheduled: in the same statement (the home's budget).
        // Written out whole: in a one-table select Drizzle names the outer columns unqualified.
        debito: sql<boolean>`exists (select 1 from pix_cobrancas_recorrentes c
          where c.mensalidade_id = "mensalidades"."id" and c.status = 'ativa')`,
      })
      .from(mensalidades)
      .where(
        and(
          inArray(mensalidades.alunoId, [...names.keys()]),
          isNull(mensalidades.canceladaEm),
          sql`${mensalidades.principalPago} < ${mensalidades.valor}`,
          or(
            lte(mensalidades.dataVencimento, soon),
            isNotNull(mensalidades.confirmacaoDesde),
            isNotNull(mensalidades.comprovanteRecusa),
          ),
        ),
      ),
    schoolReadsOf(scope).get('finance-settings', () => loadSettings(db)),
  ]);
  const rates = ratesOf(settings);
  return rows
    .map(({ row, debito }) => ({
      debito,
      charge: toMensalidade(
        row,
        { aluno_nome: names.get(row.alunoId) ?? '', turma_nome: null },
        rates,
        scope.today,
        true,
      ),
    }))
    .filter(({ charge }) => charge.status !== 'em_confirmacao' || charge.em_confirmacao_desde! >= since)
    .map(({ charge, debito }) => itemOf(charge, scope.today, debito));
};
