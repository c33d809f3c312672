import { index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The answers of writes sent with an `Idempotency-Key` (ADR 0053), per person and key: a retry of the
 * same request is answered from here instead of writing again. The row is written in the same
 * transaction as the write it answers, so either both exist or neither does. Removed after `expira_em`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chave: text('chave').notNull(),
    /** sha256 of method, URL and body: the same key with another request is refused (422). */
    pedidoHash: text('pedido_hash').notNull(),
    /** Null only inside the transaction that claimed the key (never seen committed). */
    status: smallint('status'),
    resposta: jsonb('resposta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.usuarioId, table.chave] }),
    index('idempotency_keys_expira_em_idx').on(table.expiraEm),
  ],
);
