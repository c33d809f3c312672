import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import type { DocumentContent, PriorSubject } from '../../../shared/documents.schemas.js';
import { students, studentIdColumn } from './students.js';
import { users } from './users.js';

/**
 * Issued school documents. `conteudo` is what the document says, frozen at issue time: the PDF is drawn
 * from it, so a later change of the record never alters an issued document. Rows are never deleted or
 * edited but for the revocation columns; a student's removal keeps the row (still verifiable).
 */
export const schoolDocuments = pgTable(
  'school_documents',
  {
    id: uuidPrimaryKey(),
    /** `XXXX-XXXX-XXXX-XXXX-XXXX`, 100 random bits (documents.code.ts). */
    codigo: text('codigo').notNull(),
    tipo: text('tipo', {
      enum: [
        'declaracao_matricula',
        'declaracao_frequencia',
        'declaracao_transferencia',
        'historico_escolar',
      ],
    }).notNull(),
    alunoId: uuid('aluno_id').references(() => students.id, { onDelete: 'set null' }),
    /** The student's initials at issue time: all the public page shows of them. */
    iniciais: text('iniciais').notNull(),
    conteudo: jsonb('conteudo').$type<DocumentContent>().notNull(),
    origem: text('origem', { enum: ['secretaria', 'portal'] }).notNull(),
    emitidoEm: timestamp('emitido_em', { withTimezone: true }).notNull().defaultNow(),
    emitidoPor: uuid('emitido_por').references(() => users.id, { onDelete: 'set null' }),
    emitidoPorNome: text('emitido_por_nome'),
    revogadoEm: timestamp('revogado_em', { withTimezone: true }),
    revogadoPorNome: text('revogado_por_nome'),
    motivoRevogacao: text('motivo_revogacao'),
  },
  (table) => [
    uniqueIndex('school_documents_codigo_unique').on(table.codigo),
    index('school_documents_aluno_idx').on(table.alunoId, table.emitidoEm),
    // What one account issued lately: its cap (ADR 0018).
    index('school_documents_emitido_por_idx').on(table.emitidoPor, table.emitidoEm),
  ],
);
export type SchoolDocumentRow = typeof schoolDocuments.$inferSelect;

/** Years a student studied at previous schools, typed in once from their papers for the histórico. */
export const priorSchoolYears = pgTable(
  'prior_school_years',
  {
    id: uuidPrimaryKey(),
    alunoId: studentIdColumn(),
    ano: smallint('ano').notNull(),
    serie: text('serie').notNull(),
    escola: text('escola').notNull(),
    cidade: text('cidade').notNull(),
    uf: text('uf').notNull(),
    resultado: text('resultado', { enum: ['aprovado', 'reprovado'] }).notNull(),
    frequencia: numeric('frequencia', { precision: 4, scale: 1 }),
    observacoes: text('observacoes'),
    disciplinas: jsonb('disciplinas').$type<PriorSubject[]>().notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('prior_school_years_aluno_idx').on(table.alunoId, table.ano),
    check('prior_school_years_uf_check', sql`char_length(${table.uf}) = 2`),
  ],
);
export type PriorSchoolYearRow = typeof priorSchoolYears.$inferSelect;
