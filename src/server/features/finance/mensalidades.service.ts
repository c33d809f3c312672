import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import type {
  Cotacao,
  ListMensalidadesQuery,
  Mensalidade,
  Pagamento,
} from '../../../shared/mensalidades.schemas.js';
import { computeAmountDue, descontoPontualidade } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { orderByOf } from '../../lib/sort.js';
import { classes } from '../../db/schema/classes.js';
import { pixCobrancasRecorrentes } from '../../db/schema/pix-recorrencias.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { folded, matchesText } from '../../lib/text-search.js';
import {
  comprovantesPagamento,
  mensalidades,
  pagamentos,
  type MensalidadeRow,
} from '../../db/schema/finance.js';
import type { FinanceScope } from './finance.scope.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { statusOf, statusSql, toMensalidade, toPagamento } from './mensalidades.presenters.js';

const mensalidadeNotFound = () => notFound('Mensalidade não encontrada.');

export function scopeFilter(scope: FinanceScope): SQL | undefined {
  if (scope.kind === 'escola') return undefined;
  if (scope.alunoIds.length === 0) return sql`false`;
  return inArray(mensalidades.alunoId, scope.alunoIds);
}

/**
 * Whether a family's reader sent the comprovante the school has not answered yet: only they open it (it
 * shows their bank and account). False for the staff's reads, which open every comprovante anyway.
 */
function sentByReader(scope: FinanceScope): SQL<boolean> {
  if (scope.kind !== 'responsavel' || !scope.userId) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${comprovantesPagamento} where ${comprovantesPagamento.mensalidadeId} = ${mensalidades.id} and ${comprovantesPagamento.situacao} = 'aguardando' and ${comprovantesPagamento.enviadoPor} = ${scope.userId})`;
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
  if (query.q) filters.push(matchesText(students.nome, query.q));
  if (query.mes) filters.push(eq(mensalidades.mesReferencia, query.mes));
  else if (query.ano) filters.push(sql`${mensalidades.mesReferencia} like ${`${query.ano}-%`}`);
  if (query.turma_id) filters.push(eq(mensalidades.turmaId, query.turma_id));
  if (query.aluno_id) filters.push(eq(mensalidades.alunoId, query.aluno_id));
  if (query.status && query.status !== 'todos') filters.push(sql`${statusSql(today)} = ${query.status}`);
  return filters.length > 0 ? and(...filters) : undefined;
}

/**
 * The guardian a school reader filtered the list by (Inadimplência → 'Ver mensalidades'), named so the
 * list says whose charges it shows. A family reads only its own children's charges: never named.
 */
async function filteredGuardianName(
  db: DbOrTx,
  responsavelId: string | undefined,
  scope: FinanceScope,
): Promise<string | null> {
  if (!responsavelId || scope.kind !== 'escola') return null;
  const [guardian] = await db
    .select({ nome: guardians.nome })
    .from(guardians)
    .where(eq(guardians.id, responsavelId));
  return guardian?.nome ?? null;
}

export async function listMensalidades(
  db: DbOrTx,
  query: Partial<ListMensalidadesQuery> & { page: number; pageSize: number },
  scope: FinanceScope,
  today: string,
): Promise<Page<Mensalidade> & { taxas_matricula: number; responsavel_nome: string | null }> {
  const where = mensalidadeFilters(db, query, scope, today);
  const [rows, [counted], settings, responsavelNome] = await Promise.all([
    db
      .select({
        row: mensalidades,
        aluno_nome: students.nome,
        turma_nome: classes.nome,
        comprovante_proprio: sentByReader(scope),
      })
      .from(mensalidades)
      .innerJoin(students, eq(students.id, mensalidades.alunoId))
      .leftJoin(classes, eq(classes.id, mensalidades.turmaId))
      .where(where)
      .orderBy(
        ...orderByOf(
          query.sort,
          query.order,
          {
            aluno: folded(students.nome),
            vencimento: mensalidades.dataVencimento,
            valor: mensalidades.valor,
          },
          [desc(mensalidades.mesReferencia), asc(folded(students.nome)), asc(mensalidades.id)],
        ),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        // Of them, the enrolment fees: the list names the kinds it holds (ADR 0108).
        taxas: sql<number>`count(*) filter (where ${mensalidades.tipo} = 'taxa_matricula')`.mapWith(Number),
      })
      .from(mensalidades)
      .innerJoin(students, eq(students.id, mensalidades.alunoId))
      .where(where),
    loadSettings(db),
    filteredGuardianName(db, query.responsavel_id, scope),
  ]);
  const rates = ratesOf(settings);
  return {
    items: rows.map(({ row, ...names }) =>
      toMensalidade(row, names, rates, today, scope.kind === 'responsavel'),
    ),
    total: counted?.total ?? 0,
    taxas_matricula: counted?.taxas ?? 0,
    responsavel_nome: responsavelNome,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * A family's home (issue 38): the tuition it owes — overdue ('vencido') and not yet due ('pendente') — in
 * one read, in the order of `listMensalidades` by due date, each status's list being exactly what that
 * listing answers for it (page size aside: the caller takes its page). `settings` are the school's
 * finance settings (`loadSettings`), which the caller may have cached. `debitosAgendados`: the day of the
 * Pix Automático debit scheduled at the bank for a mensalidade (its charge 'ativa'), by its id.
 */
export async function listOpenMensalidades(
  db: DbOrTx,
  scope: FinanceScope,
  today: string,
  settings: Awaited<ReturnType<typeof loadSettings>>,
): Promise<{ vencidas: Mensalidade[]; pendentes: Mensalidade[]; debitosAgendados: Map<string, string> }> {
  const status = statusSql(today);
  const rows = await db
    .select({
      row: mensalidades,
      aluno_nome: students.nome,
      turma_nome: classes.nome,
      status,
      debito_em: pixCobrancasRecorrentes.dataVencimento,
    })
    .from(mensalidades)
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .leftJoin(classes, eq(classes.id, mensalidades.turmaId))
    // One charge per mensalidade at most (unique): the join adds no row.
    .leftJoin(
      pixCobrancasRecorrentes,
      and(
        eq(pixCobrancasRecorrentes.mensalidadeId, mensalidades.id),
        eq(pixCobrancasRecorrentes.status, 'ativa'),
      ),
    )
    .where(and(mensalidadeFilters(db, {}, scope, today), sql`${status} in ('vencido', 'pendente')`))
    .orderBy(
      ...orderByOf('vencimento', 'asc', { vencimento: mensalidades.dataVencimento }, [
        desc(mensalidades.mesReferencia),
        asc(folded(students.nome)),
        asc(mensalidades.id),
      ]),
    );
  const rates = ratesOf(settings);
  const of = (wanted: string) =>
    rows
      .filter((entry) => entry.status === wanted)
      .map(({ row, aluno_nome, turma_nome }) =>
        toMensalidade(row, { aluno_nome, turma_nome }, rates, today, scope.kind === 'responsavel'),
      );
  const debitosAgendados = new Map(
    rows.flatMap(({ row, debito_em }) => (debito_em === null ? [] : [[row.id, debito_em] as const])),
  );
  return { vencidas: of('vencido'), pendentes: of('pendente'), debitosAgendados };
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

export async function getMensalidade(
  db: DbOrTx,
  id: string,
  scope: FinanceScope,
  today: string,
): Promise<Mensalidade & { pagamentos: Pagamento[] }> {
  const found = await findMensalidade(db, id, scope);
  const settings = await loadSettings(db);
  const rows = await db
    .select({ row: pagamentos, pagadorNome: guardians.nome })
    .from(pagamentos)
    .leftJoin(guardians, eq(guardians.id, pagamentos.pagadorId))
    .where(eq(pagamentos.mensalidadeId, id))
    .orderBy(asc(pagamentos.createdAt));
  return {
    ...toMensalidade(found.row, found, ratesOf(settings), today, scope.kind === 'responsavel'),
    pagamentos: rows.map(({ row, pagadorNome }) =>
      toPagamento(
        row,
        row.pagadorId && pagadorNome !== null ? { id: row.pagadorId, nome: pagadorNome } : null,
      ),
    ),
  };
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
  const open = row.valor - row.principalPago;
  const rates = ratesOf(await loadSettings(db));
  const due = computeAmountDue(open, row.dataVencimento, date, rates);
  const oferta = descontoPontualidade(open, row.dataVencimento, rates);
  return {
    principal: due.principal,
    // Only when the school has a discount for this tuition (whether or not its day has passed).
    ...(oferta ? { desconto: due.desconto, desconto_ate: oferta.ate } : {}),
    multa: due.multa,
    juros: due.juros,
    total: due.total,
    dias_atraso: due.days,
  };
}
