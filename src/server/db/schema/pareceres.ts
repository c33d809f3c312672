import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CampoCodigo } from '../../../shared/pareceres.schemas.js';
import { schoolPeriods } from './calendar.js';
import { classes } from './classes.js';
import { students } from './students.js';
import { users } from './users.js';
import { storedPhotoColumns } from './columns.js';

/**
 * A parecer descritivo (Educação Infantil, LDB art. 31): one per child per period, with the text of
 * each BNCC campo de experiência, written by the class's teacher and reviewed and published by the
 * coordination (ADR 0026). `turma_id` is the class the child was in when it was written.
 */
export const pareceres = pgTable(
  'pareceres',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alunoId: uuid('aluno_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** Restrict: a period with pareceres is not dropped (writePeriods refuses it first, like grades). */
    periodoId: uuid('periodo_id')
      .notNull()
      .references(() => schoolPeriods.id, { onDelete: 'restrict' }),
    /** Restrict: a class with pareceres keeps its record (the pedagogical history of its children). */
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'restrict' }),
    texto: text('texto').notNull().default(''),
    campos: jsonb('campos')
      .$type<Partial<Record<CampoCodigo, string>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status', { enum: ['rascunho', 'revisado', 'publicado'] })
      .notNull()
      .default('rascunho'),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    autorNome: text('autor_nome'),
    revisorId: uuid('revisor_id').references(() => users.id, { onDelete: 'set null' }),
    revisorNome: text('revisor_nome'),
    revisadoEm: timestamp('revisado_em', { withTimezone: true }),
    publicadoEm: timestamp('publicado_em', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pareceres_aluno_periodo_unique').on(table.alunoId, table.periodoId),
    index('pareceres_turma_periodo_idx').on(table.turmaId, table.periodoId),
  ],
);
export type ParecerRow = typeof pareceres.$inferSelect;

/**
 * Photos of the child's work attached to a parecer (issue 31 §1): re-encoded like the media library's
 * (no metadata), kept in the database so a backup carries them, and never served by a public address —
 * only through `/api/pareceres/…/fotos/:id`, to whoever reaches the parecer.
 */
export const parecerFotos = pgTable(
  'parecer_fotos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parecerId: uuid('parecer_id')
      .notNull()
      .references(() => pareceres.id, { onDelete: 'cascade' }),
    ...storedPhotoColumns(),
    enviadoPor: uuid('enviado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('parecer_fotos_parecer_idx').on(table.parecerId)],
);
export type ParecerFotoRow = typeof parecerFotos.$inferSelect;
