import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Each acceptance of the privacy notice and the terms: who, which versions, when, from where.
 * Append-only; a new version of either text asks again.
 */
export const privacyAcceptances = pgTable(
  'privacy_acceptances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    versaoPrivacidade: integer('versao_privacidade').notNull(),
    versaoTermos: integer('versao_termos').notNull(),
    aceitoEm: timestamp('aceito_em', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (table) => [index('privacy_acceptances_usuario_idx').on(table.usuarioId, table.aceitoEm)],
);
export type PrivacyAcceptanceRow = typeof privacyAcceptances.$inferSelect;
