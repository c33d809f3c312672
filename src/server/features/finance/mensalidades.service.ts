import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import {
  type CancelarLoteResult,
  type Cotacao,
  type GerarMensalidadesInput,
  type GerarMensalidadesPreview,
  type TurmaGeracao,
  type ListMensalidadesQuery,
  type Mensalidade,
  type MensalidadeStatus,
  type Pagamento,
} from '../../../shared/finance.schemas.js';
import { applyDiscount, computeAmountDue, daysLate, type ChargeRates } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { randomUUID } from 'node:crypto';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { orderByOf } from '../../lib/sort.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { studentGuardians, students } from '../../db/schema/students.js';
import { likePattern } from '../users/users.service.js';
import {
  classTuition,
  mensalidades,
  pagamentos,
  studentDiscounts,
  type MensalidadeRow,
  type PagamentoRow,
} from '../../db/schema/finance.js';
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

/**
 * Why a run created what it did: no student in a class with a tuition, the period asked for lies
 * outside the classes' school years, nothing due (not yet enrolled, full bolsa), or all there.
 */
export type GenerationOutcome =
  'sem_turma_com_mensalidade' | 'fora_do_ano_letivo' | 'nada_a_gerar' | 'ja_existiam' | 'geradas';

export interface GenerationResult extends GerarMensalidadesPreview {
  outcome: GenerationOutcome;
  /** The batch created (null in a preview, or when nothing was created). */
  loteId: string | null;
}

/** 'YYYY-MM' → the next month's key. */
function nextMonth(key: string): string {
  const year = Number(key.slice(0, 4));
  const month = Number(key.slice(5, 7));
  return month === 12 ? monthKey(year + 1, 1) : monthKey(year, month + 1);
}

/** The months of a class's school year: its dates in the Calendário, or January to December of its year. */
function schoolYearMonths(
  anoLetivo: string,
  calendar: { inicio: string; fim: string } | null,
): { de: string; ate: string; inicio: string } | null {
  if (calendar)
    return { de: calendar.inicio.slice(0, 7), ate: calendar.fim.slice(0, 7), inicio: calendar.inicio };
  if (!/^\d{4}$/.test(anoLetivo)) return null;
  return { de: `${anoLetivo}-01`, ate: `${anoLetivo}-12`, inicio: `${anoLetivo}-01-01` };
}

type NewMensalidade = typeof mensalidades.$inferInsert & { turmaId: string };

/**
 * Plans and (unless `dryRun`) creates the tuition of every active student enrolled in a class with a
 * monthly tuition — the preview and the creation are this one function, so the preview's counts and
 * totals are what 'Gerar' creates. A charge's month lies within the class's school year (its dates in the
 * Calendário, or January to December of the class's year when that year is not opened) and never
 * before the month of the student's data da matrícula; `ano`/`mes`/`turma_id`/`aluno_id` only narrow it.
 * The first month falls due no earlier than the enrolment day nor the school year's first day, so
 * nobody owes multa for a day they were not yet a student. A month that already has a tuition is not
 * created twice (unique student + month); every tuition created in one run shares a batch id, so the
 * run can be undone in one step (`cancelLote`).
 */
export async function generateMensalidades(
  db: DbOrTx,
  input: GerarMensalidadesInput,
  actor: Actor,
  options: { dryRun?: boolean } = {},
): Promise<GenerationResult> {
  const run = async (tx: DbOrTx): Promise<GenerationResult> => {
    const settings = await loadSettings(tx);
    const filters: SQL[] = [eq(students.status, 'ativo')];
    if (input.aluno_id) filters.push(eq(students.id, input.aluno_id));
    if (input.turma_id) filters.push(eq(students.turmaId, input.turma_id));
    const classYear = sql`case when ${classes.anoLetivo} ~ '^[0-9]{4}$' then ${classes.anoLetivo}::int end`;
    const rows = await tx
      .select({
        alunoId: students.id,
        turmaId: classes.id,
        turmaNome: classes.nome,
        anoLetivo: classes.anoLetivo,
        inicio: schoolYears.inicio,
        fim: schoolYears.fim,
        dataMatricula: students.dataMatricula,
        valor: classTuition.valorMensalidade,
        dia: classTuition.diaVencimento,
        bolsaBp: studentDiscounts.bolsaBp,
      })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.turmaId))
      .innerJoin(classTuition, eq(classTuition.turmaId, students.turmaId))
      .leftJoin(schoolYears, eq(schoolYears.ano, classYear))
      .leftJoin(studentDiscounts, eq(studentDiscounts.alunoId, students.id))
      .where(and(...filters))
      .orderBy(asc(classes.anoLetivo), asc(classes.nome), asc(classes.id));
    if (input.aluno_id && rows.length === 0) {
      const [exists] = await tx
        .select({ id: students.id })
        .from(students)
        .where(eq(students.id, input.aluno_id));
      if (!exists) throw notFound('Aluno não encontrado.');
    }
    const wanted = (key: string) =>
      (input.ano === undefined || key.startsWith(`${input.ano}-`)) &&
      (input.mes === undefined || Number(key.slice(5, 7)) === input.mes);

    const turmas = new Map<string, TurmaGeracao>();
    const candidates: NewMensalidade[] = [];
    let anyInYear = false;
    for (const row of rows) {
      const year = schoolYearMonths(
        row.anoLetivo,
        row.inicio && row.fim ? { inicio: row.inicio, fim: row.fim } : null,
      );
      if (!turmas.has(row.turmaId))
        turmas.set(row.turmaId, {
          turma_id: row.turmaId,
          turma_nome: row.turmaNome,
          ano_letivo: row.anoLetivo,
          ano_letivo_de: year?.de ?? null,
          ano_letivo_ate: year?.ate ?? null,
          alunos: 0,
          mensalidades: 0,
          valor: 0,
          primeiro_mes: null,
          ultimo_mes: null,
          ja_existiam: 0,
        });
      if (!year) continue;
      const valor = applyDiscount(row.valor, row.bolsaBp ?? 0);
      const enrolledMonth = row.dataMatricula.slice(0, 7);
      const notBefore = row.dataMatricula > year.inicio ? row.dataMatricula : year.inicio;
      for (let key = year.de; key <= year.ate; key = nextMonth(key)) {
        if (!wanted(key)) continue;
        anyInYear = true;
        if (key < enrolledMonth || valor <= 0) continue;
        const ano = Number(key.slice(0, 4));
        const month = Number(key.slice(5, 7));
        const day = Math.min(row.dia ?? settings.diaVencimentoPadrao, lastDayOfMonth(ano, month));
        const dueDay = `${key}-${String(day).padStart(2, '0')}`;
        candidates.push({
          alunoId: row.alunoId,
          turmaId: row.turmaId,
          mesReferencia: key,
          dataVencimento: dueDay < notBefore ? notBefore : dueDay,
          valorOriginal: row.valor,
          valor,
          motivoDesconto: row.bolsaBp ? `Bolsa de ${row.bolsaBp / 100}%` : null,
        });
      }
    }

    // The months that already have a tuition (an undone batch's do not count: they can be generated again).
    const existing = new Set<string>();
    if (candidates.length > 0) {
      const months = candidates.map((candidate) => candidate.mesReferencia).sort();
      const held = await tx
        .select({ alunoId: mensalidades.alunoId, mes: mensalidades.mesReferencia })
        .from(mensalidades)
        .innerJoin(students, eq(students.id, mensalidades.alunoId))
        .where(
          and(
            ...filters,
            sql`not ${mensalidades.desfeita}`,
            sql`${mensalidades.mesReferencia} between ${months[0]} and ${months.at(-1)}`,
          ),
        );
      for (const row of held) existing.add(`${row.alunoId}:${row.mes}`);
    }
    const fresh = candidates.filter((candidate) => {
      if (!existing.has(`${candidate.alunoId}:${candidate.mesReferencia}`)) return true;
      turmas.get(candidate.turmaId)!.ja_existiam += 1;
      return false;
    });

    const loteId = options.dryRun || fresh.length === 0 ? null : randomUUID();
    let created: NewMensalidade[] = fresh;
    if (loteId) {
      created = [];
      for (let start = 0; start < fresh.length; start += 1000) {
        const inserted = await tx
          .insert(mensalidades)
          .values(fresh.slice(start, start + 1000).map((value) => ({ ...value, loteId })))
          .onConflictDoNothing({
            target: [mensalidades.alunoId, mensalidades.mesReferencia],
            where: sql`not ${mensalidades.desfeita}`,
          })
          .returning({
            alunoId: mensalidades.alunoId,
            turmaId: mensalidades.turmaId,
            mesReferencia: mensalidades.mesReferencia,
            dataVencimento: mensalidades.dataVencimento,
            valorOriginal: mensalidades.valorOriginal,
            valor: mensalidades.valor,
          });
        created.push(...(inserted as NewMensalidade[]));
      }
    }
    const summary = summarizeGeneration(turmas, created);
    if (!options.dryRun) {
      await recordAudit(tx, actor, {
        action: 'gerar_mensalidades',
        entity: 'mensalidade',
        entityId: created.length > 0 ? loteId : null,
        details: {
          ano: input.ano ?? null,
          mes: input.mes ?? null,
          turma_id: input.turma_id ?? null,
          aluno_id: input.aluno_id ?? null,
          criadas: created.length,
          valor_total: summary.valor_total,
          lote_id: created.length > 0 ? loteId : null,
        },
      });
    }
    const outcome: GenerationOutcome =
      rows.length === 0
        ? 'sem_turma_com_mensalidade'
        : !anyInYear
          ? 'fora_do_ano_letivo'
          : candidates.length === 0
            ? 'nada_a_gerar'
            : created.length === 0
              ? 'ja_existiam'
              : 'geradas';
    return { ...summary, outcome, loteId: created.length > 0 ? loteId : null };
  };
  return options.dryRun ? run(db) : writeTransaction(db, run);
}

/** The per-class counts and totals of what a run creates (or, in a preview, would create). */
function summarizeGeneration(
  turmas: Map<string, TurmaGeracao>,
  created: readonly NewMensalidade[],
): GerarMensalidadesPreview {
  const alunos = new Map<string, Set<string>>();
  for (const row of created) {
    const turma = turmas.get(row.turmaId);
    if (!turma) continue;
    turma.mensalidades += 1;
    turma.valor += row.valor;
    if (!turma.primeiro_mes || row.mesReferencia < turma.primeiro_mes) turma.primeiro_mes = row.mesReferencia;
    if (!turma.ultimo_mes || row.mesReferencia > turma.ultimo_mes) turma.ultimo_mes = row.mesReferencia;
    const set = alunos.get(row.turmaId) ?? new Set<string>();
    set.add(row.alunoId);
    alunos.set(row.turmaId, set);
  }
  const list = [...turmas.values()].map((turma) => ({
    ...turma,
    alunos: alunos.get(turma.turma_id)?.size ?? 0,
  }));
  return {
    mensalidades: list.reduce((sum, turma) => sum + turma.mensalidades, 0),
    valor_total: list.reduce((sum, turma) => sum + turma.valor, 0),
    turmas: list,
  };
}

/**
 * Undoes a 'Gerar mensalidades' run: cancels, in one transaction and with one reason, the batch's
 * tuition that has no payment; tuition with a payment registered is left as it is (it is money received:
 * a discount, not a cancellation, is its remedy) and counted in the answer. The cancelled rows stop
 * holding their months, so the run can be made again (after fixing a value, say).
 */
export async function cancelLote(
  db: DbOrTx,
  loteId: string,
  motivo: string,
  actor: Actor,
): Promise<CancelarLoteResult> {
  return writeTransaction(db, async (tx) => {
    const rows = await tx
      .select({
        id: mensalidades.id,
        canceladaEm: mensalidades.canceladaEm,
        principalPago: mensalidades.principalPago,
      })
      .from(mensalidades)
      .where(eq(mensalidades.loteId, loteId))
      .for('update');
    if (rows.length === 0) throw notFound('Lote de mensalidades não encontrado.');
    const live = rows.filter((row) => row.canceladaEm === null);
    const toCancel = live.filter((row) => row.principalPago === 0).map((row) => row.id);
    const mantidas = live.length - toCancel.length;
    if (toCancel.length === 0)
      throw conflict(
        mantidas > 0
          ? 'Todas as mensalidades ainda ativas deste lote têm pagamento registrado: nada foi cancelado.'
          : 'Este lote já foi desfeito.',
      );
    await tx
      .update(mensalidades)
      .set({
        canceladaEm: clock.now(),
        motivoCancelamento: motivo,
        desfeita: true,
        version: sql`${mensalidades.version} + 1`,
      })
      .where(inArray(mensalidades.id, toCancel));
    await recordAudit(tx, actor, {
      action: 'desfazer_lote',
      entity: 'mensalidade',
      entityId: loteId,
      details: { motivo, canceladas: toCancel.length, mantidas },
    });
    return { canceladas: toCancel.length, mantidas };
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

function mensalidadeFilters(
  db: DbOrTx,
  query: Partial<ListMensalidadesQuery>,
  scope: FinanceScope,
  today: string,
) {
  const filters: SQL[] = [];
  const scoped = scopeFilter(scope);
  if (scoped) filters.push(scoped);
  // A cancelled tuition is the school's record, not something a family owes or paid: their list leaves it out.
  if (scope.kind === 'responsavel') filters.push(sql`${mensalidades.canceladaEm} is null`);
  if (query.responsavel_id)
    filters.push(
      inArray(
        mensalidades.alunoId,
        db
          .select({ id: studentGuardians.alunoId })
          .from(studentGuardians)
          .where(
            and(
              eq(studentGuardians.responsavelId, query.responsavel_id),
              eq(studentGuardians.ehPrincipal, true),
            ),
          ),
      ),
    );
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
  const where = mensalidadeFilters(db, query, scope, today);
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
