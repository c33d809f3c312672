import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const teachers = pgTable(
  'teachers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** Digits only. */
    telefone: text('telefone'),
    disciplinas: text('disciplinas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dataContratacao: date('data_contratacao', { mode: 'string' }),
    status: text('status', { enum: ['ativo', 'inativo', 'afastado'] })
      .notNull()
      .default('ativo'),
    /** The teacher's portal account (nivel professor), when there is one. */
    usuarioId: uuid('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('teachers_email_unique').on(table.email),
    uniqueIndex('teachers_usuario_unique').on(table.usuarioId),
    index('teachers_nome_lower_idx').on(sql`lower(${table.nome})`),
  ],
);
export type TeacherRow = typeof teachers.$inferSelect;
