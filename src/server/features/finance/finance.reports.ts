import { and, asc, eq, sql } from 'drizzle-orm';
import { overdueBefore } from '../../../shared/calendar.js';
import type { CategoriaRow, InadimplenciaRow, Relatorios } from '../../../shared/finance.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { mensalidades, transacoes } from '../../db/schema/finance.js';
import { sumTransacoesByMonth } from './finance.figures.js';
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

/**
 * Overdue tuition of a year's months, by class and by principal guardian (open principal, no charges);
 * each guardian with a phone to call and when the last reminder went out.
 */
export async function reportInadimplencia(
  db: DbOrTx,
  ano: number,
  today: string,
): Promise<Relatorios['inadimplencia']> {
  const overdue = and(
    sql`${mensalidades.mesReferencia} like ${`${ano}-%`}`,
    sql`${mensalidades.canceladaEm} is null`,
    sql`${mensalidades.principalPago} < ${mensalidades.valor}`,
    sql`${mensalidades.dataVencimento} < ${overdueBefore(today)}`,
  );
  const aberto = sql<number>`coalesce(sum(${mensalidades.valor} - ${mensalidades.principalPago}), 0)`.mapWith(
    Number,
  );
  const quantidade = sql<number>`count(*)`.mapWith(Number);
  const turmaNome = sql<string>`coalesce(${classes.nome}, 'Sem turma')`;
  const porTurma = await db
    .select({ nome: turmaNome, mensalidades_vencidas: quantidade, valor_em_aberto: aberto })
    .from(mensalidades)
    .leftJoin(classes, eq(classes.id, mensalidades.turmaId))
    .where(overdue)
    .groupBy(turmaNome)
    .orderBy(sql`3 desc`, asc(turmaNome));
  const responsavelNome = sql<string>`coalesce(${guardians.nome}, 'Sem responsável principal')`;
  // The last reminder is the audit trail's entry of it (lembretes.service.ts writes one per reminder).
  const ultimoLembrete = sql<string | null>`(select max(a.at) from audit_log a
      where a.entity = ${LEMBRETE_ENTITY} and a.action = ${LEMBRETE_ACTION} and a.entity_id = ${guardians.id}::text)`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value).toISOString()),
  );
  const porResponsavel = await db
    .select({
      nome: responsavelNome,
      mensalidades_vencidas: quantidade,
      valor_em_aberto: aberto,
      responsavel_id: guardians.id,
      telefone: guardians.telefone,
      ultimo_lembrete: ultimoLembrete,
    })
    .from(mensalidades)
    .leftJoin(
      studentGuardians,
      and(eq(studentGuardians.alunoId, mensalidades.alunoId), eq(studentGuardians.ehPrincipal, true)),
    )
    .leftJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(overdue)
    .groupBy(guardians.id, responsavelNome, guardians.telefone)
    .orderBy(sql`3 desc`, asc(responsavelNome));
  const total = porTurma.reduce((sum, row: InadimplenciaRow) => sum + row.valor_em_aberto, 0);
  return { ano, por_turma: porTurma, por_responsavel: porResponsavel, total_em_aberto: total };
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
