import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: uuidPrimaryKey(),
    nome: text('nome').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    telefone: text('telefone'),
    endereco: text('endereco'),
    dataNascimento: date('data_nascimento', { mode: 'string' }),
    nivel: text('nivel', { enum: ['administrador', 'professor', 'responsavel', 'aluno'] }).notNull(),
    status: text('status', { enum: ['ativo', 'inativo', 'suspenso'] })
      .notNull()
      .default('ativo'),
    passwordHash: text('password_hash').notNull(),
    primeiroLogin: boolean('primeiro_login').notNull().default(true),
    /**
     * Until when a password someone else set (a new account's, an administrator's reset) signs in: after
     * it, the person asks for a new one or uses 'Esqueci minha senha' (ADR 0102). Null: their own, or the
     * first administrator's (printed on the server's console).
     */
    senhaProvisoriaExpiraEm: timestamp('senha_provisoria_expira_em', { withTimezone: true }),
    ultimoLogin: timestamp('ultimo_login', { withTimezone: true }),
    version: version(),
    /**
     * A new random value on every change of the row, of the profiles it holds or of those profiles
     * (triggers, migration 0051): a cached session is confirmed against it on PostgreSQL (ADR 0060).
     */
    authVersion: uuid('auth_version').notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_nivel_idx').on(table.nivel),
    index('users_nome_lower_idx').on(sql`lower(${table.nome})`),
  ],
);
export type UserRow = typeof users.$inferSelect;
