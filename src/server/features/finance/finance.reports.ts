import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { overdueBefore } from '../../../shared/calendar.js';
import type {
  CategoriaRow,
  InadimplenciaResponsavelRow,
  InadimplenciaRow,
  InadimplenciaSoma,
  Relatorios,
} from '../../../shared/finance.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { mensalidades, transacoes } from '../../db/schema/finance.js';
import { sumTransacoesByMonth } from './finance.figures.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { amountDueOf } from './mensalidades.presenters.js';
import { LEMBRETE_ACTION, LEMBRETE_ENTITY } from './lembretes.service.js';

/** Monthly cash flow of a year: paid receitas and despesas per month (the same sums as the cards). */
export async function reportFluxo(db: DbOrTx, ano: number): Promise<Relatorios['fluxo']> {
  const byMonth = await sumTransacoesByMonth(db, `${ano}-01`, `${ano}-12`);
  let acumulado = 0;
  const linhas = Array.from({ length: 12 }, (_, index) => {
    const mes = `${ano}-${String(index + 1).padStart(2, '0')}`;
    const { receitas, despesas } = byMonth.get(mes) ?? { receitas: 0, despesas: 0 };
    acumulado += receitas - despesas;
    return { mes, receitas, despesas, saldo: receitas - despesas, acumulado };
  });
  const total_receitas = linhas.reduce((sum, row) => sum + row.receitas, 0);
  const total_despesas = linhas.reduce((sum, row) => sum + row.despesas, 0);
  return { ano, linhas, total_receitas, total_despesas, saldo: total_receitas - total_despesas };
}

const emptySoma = (): InadimplenciaSoma => ({
  mensalidades_vencidas: 0,
  taxas_matricula_vencidas: 0,
  valor_em_aberto: 0,
  valor_atualizado: 0,
});
const emptyRow = (nome: string): InadimplenciaRow => ({ nome, ...emptySoma(), em_negociacao: emptySoma() });

/** Adds one overdue charge to a sum (and, when it is em negociação, to the sum's part under negotiation). */
function addCharge(
  row: InadimplenciaSoma & { em_negociacao: InadimplenciaSoma },
  charge: InadimplenciaSoma,
  negotiated: boolean,
) {
  const parts = negotiated ? [row, row.em_negociacao] : [row];
  for (const part of parts) {
    part.mensalidades_vencidas += charge.mensalidades_vencidas;
    part.taxas_matricula_vencidas += charge.taxas_matricula_vencidas;
    part.valor_em_aberto += charge.valor_em_aberto;
    part.valor_atualizado += charge.valor_atualizado;
  }
}

/** Largest open principal first, then by name (a tie reads in alphabetical order). */
const byOpenThenName = (a: InadimplenciaRow, b: InadimplenciaRow) =>
  b.valor_em_aberto - a.valor_em_aberto || a.nome.localeCompare(b.nome, 'pt-BR');

/**
 * Overdue charges of a year's months and of the years before still open (ADR 0135), by class and by
 * principal guardian, and the whole report's totals:
 * how many months of tuition and how many enrolment fees (each counted as its kind, ADR 0103), the open
 * principal of both, what it comes to today with multa and juros (`amountDueOf`, the tuition list's
 * `valor_atualizado`), and the part em negociação; each guardian with a phone to call and when the last
 * reminder went out. A year's overdue months are few enough to sum here, one row each.
 */
export async function reportInadimplencia(
  db: DbOrTx,
  ano: number,
  today: string,
): Promise<Relatorios['inadimplencia']> {
  const rates = ratesOf(await loadSettings(db));
  const months = await db
    .select({
      tipo: mensalidades.tipo,
      valor: mensalidades.valor,
      principalPago: mensalidades.principalPago,
      dataVencimento: mensalidades.dataVencimento,
      confirmacaoDesde: mensalidades.confirmacaoDesde,
      emNegociacao: sql<boolean>`${mensalidades.negociacaoDesde} is not null`,
      turma: sql<string>`coalesce(${classes.nome}, 'Sem turma')`,
      responsavelId: guardians.id,
      responsavelNome: sql<string>`coalesce(${guardians.nome}, 'Sem responsável principal')`,
      telefone: guardians.telefone,
    })
    .from(mensalidades)
    .leftJoin(classes, eq(classes.id, mensalidades.turmaId))
    .leftJoin(
      studentGuardians,
      and(eq(studentGuardians.alunoId, mensalidades.alunoId), eq(studentGuardians.ehPrincipal, true)),
    )
    .leftJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(
      and(
        // The year's months and the earlier ones still owed (ADR 0135): in January, December is still due.
        sql`${mensalidades.mesReferencia} <= ${`${ano}-12`}`,
        sql`${mensalidades.canceladaEm} is null`,
        sql`${mensalidades.principalPago} < ${mensalidades.valor}`,
        sql`${mensalidades.dataVencimento} < ${overdueBefore(today)}`,
      ),
    );
  const lembretes = await lastReminders(db, [
    ...new Set(months.flatMap((month) => (month.responsavelId ? [month.responsavelId] : []))),
  ]);
  const totais = { ...emptySoma(), em_negociacao: emptySoma() };
  const porTurma = new Map<string, InadimplenciaRow>();
  const porResponsavel = new Map<string | null, InadimplenciaResponsavelRow>();
  for (const month of months) {
    const due = amountDueOf(month, rates, today);
    const sum = {
      mensalidades_vencidas: month.tipo === 'mensalidade' ? 1 : 0,
      taxas_matricula_vencidas: month.tipo === 'taxa_matricula' ? 1 : 0,
      valor_em_aberto: due.principal,
      valor_atualizado: due.total,
    };
    addCharge(totais, sum, month.emNegociacao);
    const turma = porTurma.get(month.turma) ?? emptyRow(month.turma);
    porTurma.set(month.turma, turma);
    addCharge(turma, sum, month.emNegociacao);
    const familia = porResponsavel.get(month.responsavelId) ?? {
      ...emptyRow(month.responsavelNome),
      responsavel_id: month.responsavelId,
      telefone: month.telefone,
      ultimo_lembrete: (month.responsavelId && lembretes.get(month.responsavelId)) ?? null,
    };
    porResponsavel.set(month.responsavelId, familia);
    addCharge(familia, sum, month.emNegociacao);
  }
  return {
    ano,
    por_turma: [...porTurma.values()].sort(byOpenThenName),
    por_responsavel: [...porResponsavel.values()].sort(byOpenThenName),
    totais,
  };
}

/** When the last reminder went to each guardian: the audit trail's entry of it (lembretes.service.ts writes one per reminder). */
async function lastReminders(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: auditLog.entityId, at: max(auditLog.at) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, LEMBRETE_ENTITY),
        eq(auditLog.action, LEMBRETE_ACTION),
        inArray(auditLog.entityId, ids),
      ),
    )
    .groupBy(auditLog.entityId);
  return new Map(rows.flatMap((row) => (row.id && row.at ? [[row.id, row.at.toISOString()] as const] : [])));
}

/** Paid receitas and despesas of a year by category. */
export async function reportCategorias(db: DbOrTx, ano: number): Promise<Relatorios['categorias']> {
  const rows: CategoriaRow[] = await db
    .select({
      tipo: transacoes.tipo,
      categoria: transacoes.categoria,
      valor: sql<number>`coalesce(sum(${transacoes.valor}), 0)`.mapWith(Number),
      quantidade: sql<number>`count(*)`.mapWith(Number),
    })
    .from(transacoes)
    .where(
      and(
        eq(transacoes.status, 'pago'),
        sql`${transacoes.data} between ${`${ano}-01-01`} and ${`${ano}-12-31`}`,
      ),
    )
    .groupBy(transacoes.tipo, transacoes.categoria)
    .orderBy(asc(transacoes.tipo), sql`3 desc`);
  return { ano, linhas: rows };
}
