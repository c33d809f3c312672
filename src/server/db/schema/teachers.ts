import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { users } from './users.js';

export const teachers = pgTable(
  'teachers',
  {
    id: uuidPrimaryKey(),
    nome: text('nome').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** Digits only. */
    telefone: text('telefone'),
    /** Digits only; unique when given. What a spreadsheet import recognises the teacher by (issue 31 §5). */
    cpf: text('cpf'),
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
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('teachers_email_unique').on(table.email),
    uniqueIndex('teachers_usuario_unique').on(table.usuarioId),
    uniqueIndex('teachers_cpf_unique')
      .on(table.cpf)
      .where(sql`${table.cpf} is not null`),
    index('teachers_nome_lower_idx').on(sql`lower(${table.nome})`),
  ],
);
export type TeacherRow = typeof teachers.$inferSelect;
