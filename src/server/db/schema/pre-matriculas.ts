import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { DocumentoExigido } from '../../../shared/pre-matricula.schemas.js';
import { bytea } from '../columns.js';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { preMatriculas } from './matriculas.js';

/**
 * Matrícula online's options (issue 34), one row (id 1; missing: the defaults): the documents the
 * school asks for in the pré-matrícula form, and whether the enrolment waits for the fee to be paid.
 */
export const matriculaOnlineConfig = pgTable(
  'matricula_online_config',
  {
    id: integer('id').primaryKey(),
    documentos: jsonb('documentos').$type<DocumentoExigido[]>().notNull(),
    /** The student is enrolled only once the fee (or first instalment) of the plan is paid (ADR 0049). */
    exigirPagamento: boolean('exigir_pagamento').notNull().default(false),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [check('matricula_online_config_singleton', sql`${table.id} = 1`)],
);
export type MatriculaOnlineConfigRow = typeof matriculaOnlineConfig.$inferSelect;

/**
 * A document a family sent through its pré-matrícula link (a PDF or a photo, by its bytes): private —
 * only the school's staff read it, from the funnel. `tipo` is the id of the document asked for in
 * `matricula_online_config.documentos`; one file per kind (sending again replaces it).
 */
export const preMatriculaDocumentos = pgTable(
  'pre_matricula_documentos',
  {
    id: uuidPrimaryKey(),
    preMatriculaId: uuid('pre_matricula_id')
      .notNull()
      .references(() => preMatriculas.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    nome: text('nome').notNull(),
    mimeType: text('mime_type').notNull(),
    tamanho: integer('tamanho').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('pre_matricula_documentos_idx').on(table.preMatriculaId, table.tipo)],
);
export type PreMatriculaDocumentoRow = typeof preMatriculaDocumentos.$inferSelect;
