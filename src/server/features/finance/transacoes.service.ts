import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import { type ListTransacoesQuery, type Transacao } from '../../../shared/finance.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { orderByOf } from '../../lib/sort.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { matchesText } from '../../lib/text-search.js';
import { transacoes, type TransacaoRow } from '../../db/schema/finance.js';
import { writeTransaction } from './finance.shared-reads.js';
import { assertVersion, lockForUpdate } from '../../lib/versioning.js';

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

export async function listTransactions(
  db: DbOrTx,
  query: Partial<ListTransacoesQuery> & { page: number; pageSize: number },
): Promise<Page<Transacao> & { soma: number }> {
  const filters: SQL[] = [];
  if (query.tipo) filters.push(eq(transacoes.tipo, query.tipo));
  if (query.q) filters.push(matchesText(transacoes.descricao, query.q));
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

/** The columns a transação takes from the form. */
function transacaoValues(input: TransacaoData) {
  return {
    tipo: input.tipo,
    descricao: input.descricao,
    categoria: input.categoria,
    valor: input.valor,
    data: input.data,
    formaPagamento: input.forma_pagamento ?? null,
    status: input.status,
  };
}

export async function createTransaction(db: DbOrTx, input: TransacaoData, actor: Actor): Promise<Transacao> {
  return writeTransaction(db, async (tx) => {
    const [row] = await tx.insert(transacoes).values(transacaoValues(input)).returning();
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
  const row = await lockForUpdate(tx, transacoes, id, () => notFound('Transação não encontrada.'));
  if (row.pagamentoId !== null)
    throw conflict('Esta receita vem do pagamento de uma mensalidade e só muda pela mensalidade.');
  return row;
}

export async function updateTransaction(
  db: DbOrTx,
  id: string,
  input: TransacaoData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<Transacao> {
  return writeTransaction(db, async (tx) => {
    const current = await findEditableTransacao(tx, id);
    assertVersion(expectedVersion, current.version);
    const [row] = await tx
      .update(transacoes)
      .set({
        ...transacaoValues(input),
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

export async function deleteTransaction(db: DbOrTx, id: string, actor: Actor): Promise<void> {
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
