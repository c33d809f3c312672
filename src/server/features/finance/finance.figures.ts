import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { overdueBefore } from '../../../shared/calendar.js';
import { emAbertoAte } from '../../../shared/mensalidades.schemas.js';
import { type FinanceStats } from '../../../shared/finance.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { mensalidades, transacoes } from '../../db/schema/finance.js';
import type { FinanceScope } from './finance.scope.js';
import { lastDayOfMonth, monthKey } from './mensalidades.generation.js';
import { scopeFilter } from './mensalidades.service.js';

// ---------------------------------------------------------------- figures (the one source of truth)

function addMonths(mes: string, delta: number): string {
  const year = Number(mes.slice(0, 4));
  const month = Number(mes.slice(5, 7)) - 1 + delta;
  const date = new Date(Date.UTC(year, month, 1));
  return monthKey(date.getUTCFullYear(), date.getUTCMonth() + 1);
}

function endOfMonth(mes: string): string {
  const year = Number(mes.slice(0, 4));
  const month = Number(mes.slice(5, 7));
  return `${mes}-${String(lastDayOfMonth(year, month)).padStart(2, '0')}`;
}

/** Paid receitas and despesas per month (YYYY-MM) between two months, inclusive. */
export async function sumTransacoesByMonth(
  db: DbOrTx,
  fromMonth: string,
  toMonth: string,
): Promise<Map<string, { receitas: number; despesas: number }>> {
  const mes = sql<string>`to_char(${transacoes.data}, 'YYYY-MM')`;
  const rows = await db
    .select({
      mes,
      receitas:
        sql<number>`coalesce(sum(${transacoes.valor}) filter (where ${transacoes.tipo} = 'receita'), 0)`.mapWith(
          Number,
        ),
      despesas:
        sql<number>`coalesce(sum(${transacoes.valor}) filter (where ${transacoes.tipo} = 'despesa'), 0)`.mapWith(
          Number,
        ),
    })
    .from(transacoes)
    .where(
      and(
        eq(transacoes.status, 'pago'),
        gte(transacoes.data, `${fromMonth}-01`),
        lte(transacoes.data, endOfMonth(toMonth)),
      ),
    )
    .groupBy(mes);
  return new Map(rows.map((row) => [row.mes, { receitas: row.receitas, despesas: row.despesas }]));
}

/**
 * Open charge counts and amounts as of `today` (used by the finance cards and the dashboard). The counts
 * are a month's tuition (`vencidas`, `pendentesMes`, `pagasMes`) and, apart, the enrolment fees
 * (`taxas`, ADR 0099); the amounts are every charge's (money owed is owed, ADR 0094).
 */
export async function summarizeMensalidades(
  db: DbOrTx,
  today: string,
  scope: FinanceScope = { kind: 'escola' },
) {
  const mes = today.slice(0, 7);
  const scoped = scopeFilter(scope);
  // Each part reads only the rows it needs (open ones through a partial index; this month's payments).
  // 'Em aberto' as the families see it (shared `emAbertoAte`): overdue or due by the end of this month.
  const open = and(
    sql`${mensalidades.canceladaEm} is null and ${mensalidades.principalPago} < ${mensalidades.valor}`,
    lte(mensalidades.dataVencimento, emAbertoAte(today)),
    scoped,
  );
  const late = sql`${mensalidades.dataVencimento} < ${overdueBefore(today)}`;
  const fee = sql`${mensalidades.tipo} = 'taxa_matricula'`;
  const [[openRow], [paidRow], [dueRow]] = await Promise.all([
    db
      .select({
        vencidas: sql<number>`count(*) filter (where ${late} and not ${fee})`.mapWith(Number),
        pendentesMes: sql<number>`count(*) filter (where not (${late}) and not ${fee})`.mapWith(Number),
        taxasVencidas: sql<number>`count(*) filter (where ${late} and ${fee})`.mapWith(Number),
        taxasPendentesMes: sql<number>`count(*) filter (where not (${late}) and ${fee})`.mapWith(Number),
        abertoAteFimDoMes:
          sql<number>`coalesce(sum(${mensalidades.valor} - ${mensalidades.principalPago}), 0)`.mapWith(
            Number,
          ),
        vencidoValor:
          sql<number>`coalesce(sum(${mensalidades.valor} - ${mensalidades.principalPago}) filter (where ${late}), 0)`.mapWith(
            Number,
          ),
      })
      .from(mensalidades)
      .where(open),
    db
      .select({
        pagasMes: sql<number>`count(*) filter (where not ${fee})`.mapWith(Number),
        taxasPagasMes: sql<number>`count(*) filter (where ${fee})`.mapWith(Number),
      })
      .from(mensalidades)
      .where(
        and(
          gte(mensalidades.dataPagamento, `${mes}-01`),
          lte(mensalidades.dataPagamento, endOfMonth(mes)),
          sql`${mensalidades.canceladaEm} is null and ${mensalidades.principalPago} >= ${mensalidades.valor}`,
          scoped,
        ),
      ),
    db
      .select({
        devidoAteHoje: sql<number>`coalesce(sum(${mensalidades.valor}), 0)`.mapWith(Number),
      })
      .from(mensalidades)
      .where(and(sql`${mensalidades.canceladaEm} is null`, late, scoped)),
  ]);
  return {
    vencidas: openRow?.vencidas ?? 0,
    pendentesMes: openRow?.pendentesMes ?? 0,
    pagasMes: paidRow?.pagasMes ?? 0,
    taxas: {
      vencidas: openRow?.taxasVencidas ?? 0,
      pendentesMes: openRow?.taxasPendentesMes ?? 0,
      pagasMes: paidRow?.taxasPagasMes ?? 0,
    },
    abertoAteFimDoMes: openRow?.abertoAteFimDoMes ?? 0,
    vencidoValor: openRow?.vencidoValor ?? 0,
    devidoAteHoje: dueRow?.devidoAteHoje ?? 0,
  };
}

/**
 * The finance cards. Definitions (each figure also appears in a report, to the centavo):
 * - receita_mes_atual / despesas_mes: paid receitas / despesas dated in the current month (fluxo row).
 * - receita_total: paid receitas dated in the current year ('Acumulado no ano', fluxo total).
 * - saldo_atual: all paid receitas minus all paid despesas dated up to today.
 * - receitas_pendentes: open tuition principal due by the end of this month plus pending receitas.
 * - mensalidades_vencidas: open and past due; mensalidades_pagas: settled this month;
 *   mensalidades_pendentes: open, due later this month — a month's tuition only; the same three of the
 *   enrolment fees in taxas_matricula (ADR 0099).
 * - receitas_pendentes and inadimplencia_taxa count every charge, fees included (ADR 0094).
 * - inadimplencia_taxa: overdue open principal ÷ principal due before today, in %, one decimal.
 */
export async function computeFinanceStats(db: DbOrTx, today: string): Promise<FinanceStats> {
  const mes = today.slice(0, 7);
  const year = today.slice(0, 4);
  const first = addMonths(mes, -11);
  const [byMonth, [totals], tuition] = await Promise.all([
    sumTransacoesByMonth(db, first < `${year}-01` ? first : `${year}-01`, mes),
    db
      .select({
        saldo:
          sql<number>`coalesce(sum(case when ${transacoes.tipo} = 'receita' then ${transacoes.valor} else -${transacoes.valor} end) filter (where ${transacoes.status} = 'pago' and ${transacoes.data} <= ${today}), 0)`.mapWith(
            Number,
          ),
        receitaAno:
          sql<number>`coalesce(sum(${transacoes.valor}) filter (where ${transacoes.status} = 'pago' and ${transacoes.tipo} = 'receita' and ${transacoes.data} between ${`${year}-01-01`} and ${`${year}-12-31`}), 0)`.mapWith(
            Number,
          ),
        receitasPendentes:
          sql<number>`coalesce(sum(${transacoes.valor}) filter (where ${transacoes.status} = 'pendente' and ${transacoes.tipo} = 'receita'), 0)`.mapWith(
            Number,
          ),
      })
      .from(transacoes),
    summarizeMensalidades(db, today),
  ]);
  const current = byMonth.get(mes) ?? { receitas: 0, despesas: 0 };
  const serie = Array.from({ length: 12 }, (_, index) => {
    const key = addMonths(first, index);
    const values = byMonth.get(key) ?? { receitas: 0, despesas: 0 };
    return { mes: key, ...values };
  });
  const taxa = tuition.devidoAteHoje === 0 ? 0 : (tuition.vencidoValor * 100) / tuition.devidoAteHoje;
  return {
    receita_total: totals?.receitaAno ?? 0,
    receita_mes_atual: current.receitas,
    receitas_pendentes: tuition.abertoAteFimDoMes + (totals?.receitasPendentes ?? 0),
    despesas_mes: current.despesas,
    saldo_atual: totals?.saldo ?? 0,
    mensalidades_vencidas: tuition.vencidas,
    mensalidades_pagas: tuition.pagasMes,
    mensalidades_pendentes: tuition.pendentesMes,
    taxas_matricula: {
      pagas: tuition.taxas.pagasMes,
      vencidas: tuition.taxas.vencidas,
      pendentes: tuition.taxas.pendentesMes,
    },
    inadimplencia_taxa: Math.round(taxa * 10) / 10,
    mes,
    serie_mensal: serie,
  };
}
