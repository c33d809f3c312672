import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import { messages } from '../../../shared/api.js';
import {
  TUITION_CATEGORY,
  formatMesReferencia,
  type AlunoFinanceiro,
  type Bolsa,
  type Cotacao,
  type FinanceSettings,
  type FinanceStats,
  type GerarMensalidadesInput,
  type ListMensalidadesQuery,
  type ListTransacoesQuery,
  type Mensalidade,
  type MensalidadeStatus,
  type Pagamento,
  type RegistrarPagamentoInput,
  type Transacao,
} from '../../../shared/finance.schemas.js';
import {
  applyDiscount,
  computeAmountDue,
  daysLate,
  DEFAULT_JUROS_MENSAL_BP,
  DEFAULT_MULTA_BP,
  splitPayment,
  type ChargeRates,
} from '../../../shared/money.js';
import { formatCentavos } from '../../../shared/format.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { orderByOf } from '../../lib/sort.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { classes } from '../classes/classes.table.js';
import { students } from '../students/students.table.js';
import { likePattern } from '../users/users.service.js';
import {
  classTuition,
  financeSettings,
  mensalidades,
  pagamentos,
  studentDiscounts,
  transacoes,
  type FinanceSettingsRow,
  type MensalidadeRow,
  type PagamentoRow,
  type TransacaoRow,
} from './finance.table.js';
import type { FinanceScope } from './finance.scope.js';
import { clock } from '../../lib/clock.js';

const mensalidadeNotFound = () => notFound('Mensalidade não encontrada.');

// ---------------------------------------------------------------- shared reads

/**
 * Identical reads of the school's figures share one computation and its result for up to one second
 * (PGlite answers one query at a time, and fifty people opening the dashboard at 8 a.m. ask the same
 * thing). Every finance write drops the shared results when it commits, so nobody sees figures from
 * before their own change; a change made elsewhere (another instance, a student deleted) shows within
 * a second.
 */
export const SHARED_READ_MS = 1000;
const inflight = new WeakMap<object, Map<string, Promise<unknown>>>();

export function sharedRead<T>(db: DbOrTx, key: string, compute: () => Promise<T>): Promise<T> {
  let reads = inflight.get(db);
  if (!reads) {
    reads = new Map();
    inflight.set(db, reads);
  }
  const existing = reads.get(key) as Promise<T> | undefined;
  if (existing) return existing;
  const map = reads;
  const forget = () => {
    if (map.get(key) === promise) map.delete(key);
  };
  const promise = compute().then(
    (value) => {
      setTimeout(forget, SHARED_READ_MS).unref();
      return value;
    },
    (error: unknown) => {
      forget();
      throw error;
    },
  );
  map.set(key, promise);
  return promise;
}

export function forgetSharedReads(db: DbOrTx): void {
  inflight.get(db)?.clear();
}

async function writeTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } finally {
    forgetSharedReads(db);
  }
}

// ---------------------------------------------------------------- settings

const defaultSettings: FinanceSettingsRow = {
  id: 1,
  pixChave: null,
  pixBeneficiario: null,
  pixCidade: null,
  multaBp: DEFAULT_MULTA_BP,
  jurosMensalBp: DEFAULT_JUROS_MENSAL_BP,
  diaVencimentoPadrao: 10,
  version: 0,
  updatedAt: new Date(0),
};

export async function loadSettings(db: DbOrTx): Promise<FinanceSettingsRow> {
  const [row] = await db.select().from(financeSettings).where(eq(financeSettings.id, 1));
  return row ?? defaultSettings;
}

export function ratesOf(settings: FinanceSettingsRow): ChargeRates {
  return { multaBp: settings.multaBp, jurosMensalBp: settings.jurosMensalBp };
}

export async function getFinanceSettings(db: DbOrTx): Promise<FinanceSettings> {
  const settings = await loadSettings(db);
  const turmas = await db
    .select({
      turma_id: classes.id,
      turma_nome: classes.nome,
      valor_mensalidade: classTuition.valorMensalidade,
      dia_vencimento: classTuition.diaVencimento,
      alunos_count:
        sql<number>`(select count(*) from ${students} where ${students.turmaId} = "classes"."id" and ${students.status} = 'ativo')`.mapWith(
          Number,
        ),
    })
    .from(classes)
    .leftJoin(classTuition, eq(classTuition.turmaId, classes.id))
    .orderBy(asc(sql`lower(${classes.nome})`));
  return {
    pix_chave: settings.pixChave,
    pix_beneficiario: settings.pixBeneficiario,
    pix_cidade: settings.pixCidade,
    multa_percentual: settings.multaBp / 100,
    juros_mensal_percentual: settings.jurosMensalBp / 100,
    dia_vencimento_padrao: settings.diaVencimentoPadrao,
    version: settings.version,
    turmas,
  };
}

export interface UpdateSettingsData {
  pix_chave?: string | null | undefined;
  pix_beneficiario?: string | null | undefined;
  pix_cidade?: string | null | undefined;
  multa_percentual: number;
  juros_mensal_percentual: number;
  dia_vencimento_padrao: number;
  turmas?:
    { turma_id: string; valor_mensalidade: number | null; dia_vencimento: number | null }[] | undefined;
}

export async function updateFinanceSettings(
  db: DbOrTx,
  input: UpdateSettingsData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<FinanceSettings> {
  await writeTransaction(db, async (tx) => {
    const current = await loadSettings(tx);
    if (expectedVersion !== undefined && current.version !== 0 && expectedVersion !== current.version) {
      throw new AppError('PRECONDITION_FAILED', messages.staleVersion);
    }
    const values = {
      pixChave: input.pix_chave ?? null,
      pixBeneficiario: input.pix_beneficiario ?? null,
      pixCidade: input.pix_cidade ?? null,
      multaBp: Math.round(input.multa_percentual * 100),
      jurosMensalBp: Math.round(input.juros_mensal_percentual * 100),
      diaVencimentoPadrao: input.dia_vencimento_padrao,
      version: current.version + 1,
      updatedAt: new Date(),
    };
    await tx
      .insert(financeSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: financeSettings.id, set: values });
    for (const turma of input.turmas ?? []) {
      if (turma.valor_mensalidade === null) {
        await tx.delete(classTuition).where(eq(classTuition.turmaId, turma.turma_id));
        continue;
      }
      const [exists] = await tx
        .select({ id: classes.id })
        .from(classes)
        .where(eq(classes.id, turma.turma_id));
      if (!exists) throw notFound('Turma não encontrada.');
      const set = {
        valorMensalidade: turma.valor_mensalidade,
        diaVencimento: turma.dia_vencimento,
        updatedAt: new Date(),
      };
      await tx
        .insert(classTuition)
        .values({ turmaId: turma.turma_id, ...set })
        .onConflictDoUpdate({ target: classTuition.turmaId, set });
    }
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'configuracoes_financeiras',
      entityId: '1',
      details: {
        multa_bp: values.multaBp,
        juros_mensal_bp: values.jurosMensalBp,
        pix_configurado: values.pixChave !== null,
        turmas: (input.turmas ?? []).length,
      },
    });
  });
  return getFinanceSettings(db);
}

// ---------------------------------------------------------------- bolsas and students

export async function listAlunosFinanceiro(db: DbOrTx, q: string | undefined): Promise<AlunoFinanceiro[]> {
  const rows = await db
    .select({
      id: students.id,
      nome: students.nome,
      matricula: students.matricula,
      turma_nome: classes.nome,
      bolsaBp: studentDiscounts.bolsaBp,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .leftJoin(studentDiscounts, eq(studentDiscounts.alunoId, students.id))
    .where(q ? ilike(students.nome, likePattern(q)) : undefined)
    .orderBy(asc(sql`lower(${students.nome})`))
    .limit(50);
  return rows.map(({ bolsaBp, ...row }) => ({
    ...row,
    bolsa_percentual: bolsaBp === null ? null : bolsaBp / 100,
  }));
}

export async function listBolsas(db: DbOrTx): Promise<Bolsa[]> {
  const rows = await db
    .select({
      aluno_id: students.id,
      aluno_nome: students.nome,
      turma_nome: classes.nome,
      bolsaBp: studentDiscounts.bolsaBp,
      motivo: studentDiscounts.motivo,
    })
    .from(studentDiscounts)
    .innerJoin(students, eq(students.id, studentDiscounts.alunoId))
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .orderBy(asc(sql`lower(${students.nome})`));
  return rows.map(({ bolsaBp, ...row }) => ({ ...row, percentual: bolsaBp / 100 }));
}

export async function setBolsa(
  db: DbOrTx,
  alunoId: string,
  input: { percentual: number; motivo?: string | null | undefined },
  actor: Actor,
): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const [student] = await tx.select({ id: students.id }).from(students).where(eq(students.id, alunoId));
    if (!student) throw notFound('Aluno não encontrado.');
    const bolsaBp = Math.round(input.percentual * 100);
    if (bolsaBp === 0) {
      await tx.delete(studentDiscounts).where(eq(studentDiscounts.alunoId, alunoId));
    } else {
      const set = { bolsaBp, motivo: input.motivo ?? null, updatedAt: new Date() };
      await tx
        .insert(studentDiscounts)
        .values({ alunoId, ...set })
        .onConflictDoUpdate({ target: studentDiscounts.alunoId, set });
    }
    await recordAudit(tx, actor, {
      action: bolsaBp === 0 ? 'remover_bolsa' : 'definir_bolsa',
      entity: 'aluno',
      entityId: alunoId,
      details: { bolsa_bp: bolsaBp },
    });
  });
}

// ---------------------------------------------------------------- generation

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * Creates the tuition of every active student enrolled in a class with a monthly tuition, for a year
 * (or one month, or one student). A student enrolled mid-year gets the months from the enrolment on.
 * Running it again creates nothing twice (unique student + month).
 */
export async function generateMensalidades(
  db: DbOrTx,
  input: GerarMensalidadesInput,
  actor: Actor,
): Promise<{ criadas: number }> {
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
        values.push({
          alunoId: row.alunoId,
          turmaId: row.turmaId,
          mesReferencia: key,
          dataVencimento: `${key}-${String(day).padStart(2, '0')}`,
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
    return { criadas };
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

function scopeFilter(scope: FinanceScope): SQL | undefined {
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

async function findMensalidade(
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

function toPagamento(row: PagamentoRow): Pagamento {
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

// ---------------------------------------------------------------- payments, cancellation, discount

export async function registerPayment(
  db: DbOrTx,
  id: string,
  input: RegistrarPagamentoInput,
  actor: Actor,
  today: string,
): Promise<{ mensalidade: Mensalidade; pagamento: Pagamento }> {
  if (input.data_pagamento > today) {
    throw badRequest('A data do pagamento não pode estar no futuro.', [
      { path: 'data_pagamento', message: 'A data do pagamento não pode estar no futuro.' },
    ]);
  }
  return writeTransaction(db, async (tx) => {
    const found = await findMensalidade(tx, id, { kind: 'escola' }, true);
    const { row } = found;
    if (row.canceladaEm !== null) throw conflict('Esta mensalidade foi cancelada.');
    const open = row.valor - row.principalPago;
    if (open <= 0) throw conflict('Esta mensalidade já está paga.');
    const rates = ratesOf(await loadSettings(tx));
    const due = computeAmountDue(open, row.dataVencimento, input.data_pagamento, rates);
    if (input.valor_pago > due.total) {
      const message = `O valor pago é maior que o devido (${formatCentavos(due.total)}).`;
      throw badRequest(message, [{ path: 'valor_pago', message }]);
    }
    const split = splitPayment(input.valor_pago, due);
    const [pagamento] = await tx
      .insert(pagamentos)
      .values({
        mensalidadeId: id,
        valorPago: input.valor_pago,
        principal: split.principal,
        multa: split.multa,
        juros: split.juros,
        dataPagamento: input.data_pagamento,
        forma: input.forma,
        registradoPor: actor.id,
      })
      .returning();
    const [updated] = await tx
      .update(mensalidades)
      .set({
        principalPago: row.principalPago + split.principal,
        multaPaga: row.multaPaga + split.multa,
        jurosPagos: row.jurosPagos + split.juros,
        dataPagamento: input.data_pagamento,
        version: row.version + 1,
      })
      .where(eq(mensalidades.id, id))
      .returning();
    await tx.insert(transacoes).values({
      tipo: 'receita',
      descricao: `Mensalidade ${formatMesReferencia(row.mesReferencia)} — ${found.aluno_nome}${split.settles ? '' : ' (parcial)'}`,
      categoria: TUITION_CATEGORY,
      valor: input.valor_pago,
      data: input.data_pagamento,
      formaPagamento: input.forma,
      status: 'pago',
      pagamentoId: pagamento!.id,
    });
    await recordAudit(tx, actor, {
      action: 'registrar_pagamento',
      entity: 'mensalidade',
      entityId: id,
      details: {
        valor_pago: input.valor_pago,
        principal: split.principal,
        multa: split.multa,
        juros: split.juros,
        forma: input.forma,
        data_pagamento: input.data_pagamento,
        quitada: split.settles,
      },
    });
    return {
      mensalidade: toMensalidade(updated!, found, rates, today),
      pagamento: toPagamento(pagamento!),
    };
  });
}

export async function cancelMensalidade(
  db: DbOrTx,
  id: string,
  motivo: string,
  actor: Actor,
  today: string,
): Promise<Mensalidade> {
  return writeTransaction(db, async (tx) => {
    const found = await findMensalidade(tx, id, { kind: 'escola' }, true);
    const { row } = found;
    if (row.canceladaEm !== null) throw conflict('Esta mensalidade já está cancelada.');
    if (row.principalPago > 0)
      throw conflict('Há pagamentos registrados nesta mensalidade: conceda um desconto em vez de cancelar.');
    const [updated] = await tx
      .update(mensalidades)
      .set({ canceladaEm: clock.now(), motivoCancelamento: motivo, version: row.version + 1 })
      .where(eq(mensalidades.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'cancelar',
      entity: 'mensalidade',
      entityId: id,
      details: { motivo },
    });
    return toMensalidade(updated!, found, ratesOf(await loadSettings(tx)), today);
  });
}

export async function discountMensalidade(
  db: DbOrTx,
  id: string,
  input: { desconto: number; motivo: string },
  actor: Actor,
  today: string,
): Promise<Mensalidade> {
  return writeTransaction(db, async (tx) => {
    const found = await findMensalidade(tx, id, { kind: 'escola' }, true);
    const { row } = found;
    if (row.canceladaEm !== null) throw conflict('Esta mensalidade foi cancelada.');
    if (row.principalPago >= row.valor) throw conflict('Esta mensalidade já está paga.');
    const valor = row.valorOriginal - input.desconto;
    if (valor < row.principalPago) {
      const message = 'O desconto é maior que o valor ainda em aberto.';
      throw badRequest(message, [{ path: 'desconto', message }]);
    }
    const [updated] = await tx
      .update(mensalidades)
      .set({ valor, motivoDesconto: input.motivo, version: row.version + 1 })
      .where(eq(mensalidades.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'conceder_desconto',
      entity: 'mensalidade',
      entityId: id,
      details: { desconto: input.desconto, valor_anterior: row.valor, valor, motivo: input.motivo },
    });
    return toMensalidade(updated!, found, ratesOf(await loadSettings(tx)), today);
  });
}

// ---------------------------------------------------------------- transactions

function toTransacao(row: TransacaoRow): Transacao {
  return {
    id: row.id,
    tipo: row.tipo,
    descricao: row.descricao,
    categoria: row.categoria,
    valor: row.valor,
    data: row.data,
    forma_pagamento: row.formaPagamento,
    status: row.status,
    automatica: row.pagamentoId !== null,
    version: row.version,
  };
}

export async function listTransacoes(
  db: DbOrTx,
  query: Partial<ListTransacoesQuery> & { page: number; pageSize: number },
): Promise<Page<Transacao> & { soma: number }> {
  const filters: SQL[] = [];
  if (query.tipo) filters.push(eq(transacoes.tipo, query.tipo));
  if (query.q) filters.push(ilike(transacoes.descricao, likePattern(query.q)));
  if (query.categoria) filters.push(eq(transacoes.categoria, query.categoria));
  if (query.status && query.status !== 'todos') filters.push(eq(transacoes.status, query.status));
  if (query.mes) filters.push(sql`to_char(${transacoes.data}, 'YYYY-MM') = ${query.mes}`);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(transacoes)
      .where(where)
      .orderBy(
        ...orderByOf(
          query.sort,
          query.order,
          { descricao: sql`lower(${transacoes.descricao})`, data: transacoes.data, valor: transacoes.valor },
          [desc(transacoes.data), desc(transacoes.createdAt), desc(transacoes.id)],
        ),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        soma: sql<number>`coalesce(sum(${transacoes.valor}), 0)`.mapWith(Number),
      })
      .from(transacoes)
      .where(where),
  ]);
  return {
    items: rows.map(toTransacao),
    total: counted?.total ?? 0,
    soma: counted?.soma ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export interface TransacaoData {
  tipo: 'receita' | 'despesa';
  descricao: string;
  categoria: string;
  valor: number;
  data: string;
  forma_pagamento?: Transacao['forma_pagamento'] | undefined;
  status: 'pago' | 'pendente';
}

export async function createTransacao(db: DbOrTx, input: TransacaoData, actor: Actor): Promise<Transacao> {
  return writeTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(transacoes)
      .values({
        tipo: input.tipo,
        descricao: input.descricao,
        categoria: input.categoria,
        valor: input.valor,
        data: input.data,
        formaPagamento: input.forma_pagamento ?? null,
        status: input.status,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'criar',
      entity: 'transacao',
      entityId: row!.id,
      details: { tipo: input.tipo, valor: input.valor, categoria: input.categoria },
    });
    return toTransacao(row!);
  });
}

async function findEditableTransacao(tx: DbOrTx, id: string): Promise<TransacaoRow> {
  const [row] = await tx.select().from(transacoes).where(eq(transacoes.id, id)).for('update');
  if (!row) throw notFound('Transação não encontrada.');
  if (row.pagamentoId !== null)
    throw conflict('Esta receita vem do pagamento de uma mensalidade e só muda pela mensalidade.');
  return row;
}

export async function updateTransacao(
  db: DbOrTx,
  id: string,
  input: TransacaoData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<Transacao> {
  return writeTransaction(db, async (tx) => {
    const current = await findEditableTransacao(tx, id);
    if (expectedVersion !== undefined && expectedVersion !== current.version)
      throw new AppError('PRECONDITION_FAILED', messages.staleVersion);
    const [row] = await tx
      .update(transacoes)
      .set({
        tipo: input.tipo,
        descricao: input.descricao,
        categoria: input.categoria,
        valor: input.valor,
        data: input.data,
        formaPagamento: input.forma_pagamento ?? null,
        status: input.status,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(transacoes.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'transacao',
      entityId: id,
      details: { valor_anterior: current.valor, valor: input.valor, status: input.status },
    });
    return toTransacao(row!);
  });
}

export async function deleteTransacao(db: DbOrTx, id: string, actor: Actor): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const current = await findEditableTransacao(tx, id);
    await tx.delete(transacoes).where(eq(transacoes.id, id));
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'transacao',
      entityId: id,
      details: { tipo: current.tipo, valor: current.valor, descricao: current.descricao },
    });
  });
}

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

/** Open tuition counts and amounts as of `today` (used by the finance cards and the dashboard). */
export async function summarizeMensalidades(
  db: DbOrTx,
  today: string,
  scope: FinanceScope = { kind: 'escola' },
) {
  const mes = today.slice(0, 7);
  const scoped = scopeFilter(scope);
  // Each part reads only the rows it needs (open ones through a partial index; this month's payments).
  const open = and(
    sql`${mensalidades.canceladaEm} is null and ${mensalidades.principalPago} < ${mensalidades.valor}`,
    lte(mensalidades.dataVencimento, endOfMonth(mes)),
    scoped,
  );
  const late = sql`${mensalidades.dataVencimento} < ${today}`;
  const [[openRow], [paidRow], [dueRow]] = await Promise.all([
    db
      .select({
        vencidas: sql<number>`count(*) filter (where ${late})`.mapWith(Number),
        pendentesMes: sql<number>`count(*) filter (where not (${late}))`.mapWith(Number),
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
      .select({ pagasMes: sql<number>`count(*)`.mapWith(Number) })
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
 *   mensalidades_pendentes: open, due later this month.
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
    inadimplencia_taxa: Math.round(taxa * 10) / 10,
    mes,
    serie_mensal: serie,
  };
}
