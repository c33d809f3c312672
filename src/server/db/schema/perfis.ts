import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Access profiles (ADR 0025): a named set of permissions. The built-in ones carry their `chave`
 * (`direcao`, `secretaria`, …) and take their permissions from src/shared/permissions.ts, so a
 * permission added in a later version reaches Direção without a migration; a custom one has no `chave`
 * and its own `permissoes`.
 */
export const perfis = pgTable(
  'perfis',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    permissoes: text('permissoes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    chave: text('chave'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('perfis_chave_unique').on(table.chave),
    uniqueIndex('perfis_nome_unique').on(sql`lower(${table.nome})`),
  ],
);
export type PerfilRow = typeof perfis.$inferSelect;

/** Which profiles each account holds; a person's permissions are the union of theirs. */
export const userPerfis = pgTable(
  'user_perfis',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    perfilId: uuid('perfil_id')
      .notNull()
      .references(() => perfis.id, { onDelete: 'restrict' }),
  },
  (table) => [
    primaryKey({ columns: [table.usuarioId, table.perfilId] }),
    index('user_perfis_perfil_idx').on(table.perfilId),
  ],
);
