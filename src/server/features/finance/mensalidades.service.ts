import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import {
  type Cotacao,
  type GerarMensalidadesInput,
  type ListMensalidadesQuery,
  type Mensalidade,
  type MensalidadeStatus,
  type Pagamento,
} from '../../../shared/finance.schemas.js';
import { applyDiscount, computeAmountDue, daysLate, type ChargeRates } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { orderByOf } from '../../lib/sort.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { classes } from '../classes/classes.table.js';
import { students } from '../students/students.table.js';
import { likePattern } from '../users/users.service.js';
import {
  classTuition,
  mensalidades,
  pagamentos,
  studentDiscounts,
  type MensalidadeRow,
  type PagamentoRow,
} from './finance.table.js';
import type { FinanceScope } from './finance.scope.js';
import { writeTransaction } from './finance.shared-reads.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';

const mensalidadeNotFound = () => notFound('Mensalidade não encontrada.');

// ---------------------------------------------------------------- generation

export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Why a run created what it did: no student in a class with a tuition, nothing due, or all there. */
export type GenerationOutcome = 'sem_turma_com_mensalidade' | 'nada_a_gerar' | 'ja_existiam' | 'geradas';

/**
 * Creates the tuition of every active student enrolled in a class with a monthly tuition, for a year
 * (or one month, or one student). A student enrolled mid-year gets the months from the enrolment on;
 * the enrolment month falls due on the enrolment day when the class's due day has already passed, so
 * nobody owes multa for a date before they were at the school. Running it again creates nothing twice
 * (unique student + month).
 */
export async function generateMensalidades(
  db: DbOrTx,
  input: GerarMensalidadesInput,
  actor: Actor,
): Promise<{ criadas: number; outcome: GenerationOutcome }> {
  return writeTransaction(db, async (tx) => {
    const settings = await loadSettings(tx);
    const filters: SQL[] = [eq(students.status, 'ativo')];
    if (input.aluno_id) filters.push(eq(students.id, input.aluno_id));
    const rows = await tx
      .select({
        alunoId: students.id,
        turmaId: students.turmaId,
        dataMatricula: students.dataMatricula,
        valor: classTuition.valorMensalidade,
        dia: classTuition.diaVencimento,
        bolsaBp: studentDiscounts.bolsaBp,
      })
      .from(students)
      .innerJoin(classTuition, eq(classTuition.turmaId, students.turmaId))
      .leftJoin(studentDiscounts, eq(studentDiscounts.alunoId, students.id))
      .where(and(...filters));
    if (input.aluno_id && rows.length === 0) {
      const [exists] = await tx
        .select({ id: students.id })
        .from(students)
        .where(eq(students.id, input.aluno_id));
      if (!exists) throw notFound('Aluno não encontrado.');
    }
    const months = input.mes ? [input.mes] : Array.from({ length: 12 }, (_, index) => index + 1);
    const values: (typeof mensalidades.$inferInsert)[] = [];
    for (const row of rows) {
      const enrolledMonth = row.dataMatricula.slice(0, 7);
      for (const month of months) {
        const key = monthKey(input.ano, month);
        if (key < enrolledMonth) continue;
        const valor = applyDiscount(row.valor, row.bolsaBp ?? 0);
        if (valor <= 0) continue;
        const day = Math.min(row.dia ?? settings.diaVencimentoPadrao, lastDayOfMonth(input.ano, month));
        const dueDay = `${key}-${String(day).padStart(2, '0')}`;
        values.push({
          alunoId: row.alunoId,
          turmaId: row.turmaId,
          mesReferencia: key,
          dataVencimento: dueDay < row.dataMatricula ? row.dataMatricula : dueDay,
          valorOriginal: row.valor,
          valor,
          motivoDesconto: row.bolsaBp ? `Bolsa de ${row.bolsaBp / 100}%` : null,
        });
      }
    }
    let criadas = 0;
    for (let start = 0; start < values.length; start += 1000) {
      const inserted = await tx
        .insert(mensalidades)
        .values(values.slice(start, start + 1000))
        .onConflictDoNothing({ target: [mensalidades.alunoId, mensalidades.mesReferencia] })
        .returning({ id: mensalidades.id });
      criadas += inserted.length;
    }
    await recordAudit(tx, actor, {
      action: 'gerar_mensalidades',
      entity: 'mensalidade',
      details: { ano: input.ano, mes: input.mes ?? null, aluno_id: input.aluno_id ?? null, criadas },
    });
    const outcome: GenerationOutcome =
      rows.length === 0
        ? 'sem_turma_com_mensalidade'
        : values.length === 0
          ? 'nada_a_gerar'
          : criadas === 0
            ? 'ja_existiam'
            : 'geradas';
    return { criadas, outcome };
  });
}

// ---------------------------------------------------------------- tuition list

/** The derived status, as SQL (for filters and counts) — the same rule as `statusOf`. */
export function statusSql(today: string): SQL<MensalidadeStatus> {
  return sql<MensalidadeStatus>`case when ${mensalidades.canceladaEm} is not null then 'cancelado' when ${mensalidades.principalPago} >= ${mensalidades.valor} then 'pago' when ${mensalidades.dataVencimento} < ${today} then 'vencido' else 'pendente' end`;
}

export function statusOf(row: MensalidadeRow, today: string): MensalidadeStatus {
  if (row.canceladaEm !== null) return 'cancelado';
  if (row.principalPago >= row.valor) return 'pago';
  if (row.dataVencimento < today) return 'vencido';
  return 'pendente';
}

export function toMensalidade(
  row: MensalidadeRow,
  names: { aluno_nome: string; turma_nome: string | null },
  rates: ChargeRates,
  today: string,
): Mensalidade {
  const status = statusOf(row, today);
  const open = row.valor - row.principalPago;
  const isOpen = status === 'pendente' || status === 'vencido';
  const due = isOpen ? computeAmountDue(open, row.dataVencimento, today, rates) : null;
  return {
    id: row.id,
    aluno_id: row.alunoId,
    aluno_nome: names.aluno_nome,
    turma_id: row.turmaId,
    turma_nome: names.turma_nome,
    mes_referencia: row.mesReferencia,
    data_vencimento: row.dataVencimento,
    valor_original: row.valorOriginal,
    valor: row.valor,
    motivo_desconto: row.motivoDesconto,
    status,
    valor_pago: row.principalPago + row.multaPaga + row.jurosPagos,
    principal_pago: row.principalPago,
    multa: due ? due.multa : row.multaPaga,
    juros: due ? due.juros : row.jurosPagos,
    valor_atualizado: due ? due.total : 0,
    dias_atraso: due ? due.days : row.dataPagamento ? daysLate(row.dataVencimento, row.dataPagamento) : 0,
    data_pagamento: row.dataPagamento,
    motivo_cancelamento: row.motivoCancelamento,
    version: row.version,
  };
}

export function scopeFilter(scope: FinanceScope): SQL | undefined {
  if (scope.kind === 'escola') return undefined;
  if (scope.alunoIds.length === 0) return sql`false`;
  return inArray(mensalidades.alunoId, scope.alunoIds);
}

function mensalidadeFilters(query: Partial<ListMensalidadesQuery>, scope: FinanceScope, today: string) {
  const filters: SQL[] = [];
  const scoped = scopeFilter(scope);
  if (scoped) filters.push(scoped);
  if (query.q) filters.push(ilike(students.nome, likePattern(query.q)));
  if (query.mes) filters.push(eq(mensalidades.mesReferencia, query.mes));
  else if (query.ano) filters.push(sql`${mensalidades.mesReferencia} like ${`${query.ano}-%`}`);
  if (query.turma_id) filters.push(eq(mensalidades.turmaId, query.turma_id));
  if (query.aluno_id) filters.push(eq(mensalidades.alunoId, query.aluno_id));
  if (query.status && query.status !== 'todos') filters.push(sql`${statusSql(today)} = ${query.status}`);
  return filters.length > 0 ? and(...filters) : undefined;
}

export async function listMensalidades(
  db: DbOrTx,
  query: Partial<ListMensalidadesQuery> & { page: number; pageSize: number },
  scope: FinanceScope,
  today: string,
): Promise<Page<Mensalidade>> {
  const where = mensalidadeFilters(query, scope, today);
  const [rows, [counted], settings] = await Promise.all([
    db
      .select({ row: mensalidades, aluno_nome: students.nome, turma_nome: classes.nome })
      .from(mensalidades)
      .innerJoin(students, eq(students.id, mensalidades.alunoId))
      .leftJoin(classes, eq(classes.id, mensalidades.turmaId))
      .where(where)
      .orderBy(
        ...orderByOf(
          query.sort,
          query.order,
          {
            aluno: sql`lower(${students.nome})`,
            vencimento: mensalidades.dataVencimento,
            valor: mensalidades.valor,
          },
          [desc(mensalidades.mesReferencia), asc(sql`lower(${students.nome})`), asc(mensalidades.id)],
        ),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(mensalidades)
      .innerJoin(students, eq(students.id, mensalidades.alunoId))
      .where(where),
    loadSettings(db),
  ]);
  const rates = ratesOf(settings);
  return {
    items: rows.map(({ row, ...names }) => toMensalidade(row, names, rates, today)),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function findMensalidade(
  db: DbOrTx,
  id: string,
  scope: FinanceScope,
  lock = false,
): Promise<{ row: MensalidadeRow; aluno_nome: string; turma_nome: string | null }> {
  const scoped = scopeFilter(scope);
  const query = db
    .select({ row: mensalidades, aluno_nome: students.nome, turma_nome: classes.nome })
    .from(mensalidades)
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .leftJoin(classes, eq(classes.id, mensalidades.turmaId))
    .where(scoped ? and(eq(mensalidades.id, id), scoped) : eq(mensalidades.id, id));
  const [found] = lock ? await query.for('update', { of: mensalidades }) : await query;
  if (!found) throw mensalidadeNotFound();
  return found;
}

export function toPagamento(row: PagamentoRow): Pagamento {
  return {
    id: row.id,
    valor_pago: row.valorPago,
    principal: row.principal,
    multa: row.multa,
    juros: row.juros,
    data_pagamento: row.dataPagamento,
    forma: row.forma,
  };
}

export async function getMensalidade(
  db: DbOrTx,
  id: string,
  scope: FinanceScope,
  today: string,
): Promise<Mensalidade & { pagamentos: Pagamento[] }> {
  const found = await findMensalidade(db, id, scope);
  const settings = await loadSettings(db);
  const rows = await db
    .select()
    .from(pagamentos)
    .where(eq(pagamentos.mensalidadeId, id))
    .orderBy(asc(pagamentos.createdAt));
  return { ...toMensalidade(found.row, found, ratesOf(settings), today), pagamentos: rows.map(toPagamento) };
}

export async function quoteMensalidade(
  db: DbOrTx,
  id: string,
  date: string,
  scope: FinanceScope,
  today: string,
): Promise<Cotacao> {
  const { row } = await findMensalidade(db, id, scope);
  const status = statusOf(row, today);
  if (status === 'pago' || status === 'cancelado') {
    return { principal: 0, multa: 0, juros: 0, total: 0, dias_atraso: 0 };
  }
  const due = computeAmountDue(
    row.valor - row.principalPago,
    row.dataVencimento,
    date,
    ratesOf(await loadSettings(db)),
  );
  return {
    principal: due.principal,
    multa: due.multa,
    juros: due.juros,
    total: due.total,
    dias_atraso: due.days,
  };
}
