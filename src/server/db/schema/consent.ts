import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { media } from './media.js';
import { guardians, studentIdColumn } from './students.js';

/**
 * The purposes that rest on consent, in plain language. Editing the text bumps `versao`, so
 * each consent says which wording the guardian agreed to. `chave = 'imagem'` marks the purpose the
 * public gallery enforces.
 */
export const consentPurposes = pgTable(
  'consent_purposes',
  {
    id: uuidPrimaryKey(),
    chave: text('chave'),
    titulo: text('titulo').notNull(),
    descricao: text('descricao').notNull(),
    versao: integer('versao').notNull().default(1),
    ativo: boolean('ativo').notNull().default(true),
    ordem: integer('ordem').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('consent_purposes_chave_unique')
      .on(table.chave)
      .where(sql`${table.chave} is not null`),
  ],
);
export type ConsentPurposeRow = typeof consentPurposes.$inferSelect;

/**
 * Append-only consent history per child and purpose (a trigger of migration 0014 refuses updates): the
 * current state is the latest row; a withdrawal is a new row with `concedido = false`.
 */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alunoId: studentIdColumn(),
    finalidadeId: uuid('finalidade_id')
      .notNull()
      .references(() => consentPurposes.id, { onDelete: 'restrict' }),
    concedido: boolean('concedido').notNull(),
    /** The purpose's wording when the guardian answered. */
    versaoFinalidade: integer('versao_finalidade').notNull(),
    /** The guardian who answered (null when the secretaria recorded a paper form). */
    responsavelId: uuid('responsavel_id').references(() => guardians.id, { onDelete: 'set null' }),
    usuarioId: uuid('usuario_id'),
    registradoEm: timestamp('registrado_em', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (table) => [
    index('consents_aluno_finalidade_idx').on(table.alunoId, table.finalidadeId, table.id),
    // What one account recorded lately: its cap (ADR 0018).
    index('consents_usuario_idx').on(table.usuarioId, table.registradoEm),
  ],
);
export type ConsentRow = typeof consents.$inferSelect;

/** Who appears in a gallery photo: a photo tagged with a child without image consent is not published. */
// Not named media_*: 'Limpar Todos os Dados' keeps media_* tables, and these tags go with the students.
export const mediaStudents = pgTable(
  'photo_students',
  {
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    alunoId: studentIdColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.mediaId, table.alunoId] }),
    index('photo_students_aluno_idx').on(table.alunoId),
  ],
);
