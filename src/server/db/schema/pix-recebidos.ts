import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  pixDevolucaoStatuses,
  pixRecebidoMotivos,
  pixRecebidoOrigens,
  pixRecebidoSituacoes,
  pixRecebidoTipos,
} from '../../../shared/pix-recebidos.schemas.js';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { mensalidades, pagamentos, transacoes } from './finance.js';
import { users } from './users.js';

/**
 * Every Pix the school's PSP reported (issue 33 §2, ADR 0042), from the webhook or from reconciliation,
 * each **once**: `id_externo` is the Pix's `endToEndId` (a devolução's `rtrId`), unique, and the row is
 * inserted with `on conflict do nothing` in the same transaction that pays the mensalidade, so a replay,
 * the same Pix from both sources or two instances at once have one effect. What did not pay a mensalidade
 * by itself waits in 'Pix a conciliar' (`situacao = 'a_conciliar'`, with its `motivo`) for a person.
 */
export const pixRecebidos = pgTable(
  'pix_recebidos',
  {
    id: uuidPrimaryKey(),
    /** The key of its once-only record: `endToEndId` for a Pix, `rtrId` for a devolução. */
    idExterno: text('id_externo').notNull(),
    tipo: text('tipo', { enum: pixRecebidoTipos }).notNull(),
    /** The Pix's end-to-end id (for a devolução, the Pix it returns). */
    endToEndId: text('end_to_end_id').notNull(),
    txid: text('txid'),
    /** Centavos (a devolução's amount for a devolução). */
    valor: bigint('valor', { mode: 'number' }).notNull(),
    /** As the PSP sent it (RFC 3339). */
    horario: text('horario').notNull(),
    infoPagador: text('info_pagador'),
    pagadorNome: text('pagador_nome'),
    /** The item as the PSP sent it (the record of what the bank said). */
    dados: jsonb('dados').$type<Record<string, unknown>>().notNull(),
    origem: text('origem', { enum: pixRecebidoOrigens }).notNull(),
    situacao: text('situacao', { enum: pixRecebidoSituacoes }).notNull(),
    motivo: text('motivo', { enum: pixRecebidoMotivos }),
    /** The mensalidade it paid, was linked to, or whose charge it carries. */
    mensalidadeId: uuid('mensalidade_id').references(() => mensalidades.id, { onDelete: 'set null' }),
    pagamentoId: uuid('pagamento_id').references(() => pagamentos.id, { onDelete: 'set null' }),
    transacaoId: uuid('transacao_id').references(() => transacoes.id, { onDelete: 'set null' }),
    resolvidoPor: uuid('resolvido_por').references(() => users.id, { onDelete: 'set null' }),
    resolvidoEm: timestamp('resolvido_em', { withTimezone: true }),
    observacao: text('observacao'),
    /**
     * The devolução the school last requested from its bank (ADR 0092): the id it gave it (unique per Pix at
     * the PSP; a new one after NAO_REALIZADO), what the bank last said, when, and why not.
     */
    devolucaoId: text('devolucao_id'),
    devolucaoStatus: text('devolucao_status', { enum: pixDevolucaoStatuses }),
    devolucaoSolicitadaEm: timestamp('devolucao_solicitada_em', { withTimezone: true }),
    devolucaoMotivo: text('devolucao_motivo'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pix_recebidos_id_externo_unique').on(table.idExterno),
    index('pix_recebidos_a_conciliar_idx')
      .on(table.createdAt)
      .where(sql`${table.situacao} = 'a_conciliar'`),
    index('pix_recebidos_mensalidade_idx').on(table.mensalidadeId),
    index('pix_recebidos_end_to_end_idx').on(table.endToEndId),
  ],
);
export type PixRecebidoRow = typeof pixRecebidos.$inferSelect;
