import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ClassNivel } from '../../../shared/classes.schemas.js';
import type { Area, ComponenteBncc } from '../../../shared/disciplinas.schemas.js';

/**
 * The school's subject catalogue (ADR 0023). Other tables name a subject by its text (`class_subjects`,
 * `assessments`, `attendance_rolls`, `council_decisions`, `teachers.disciplinas`): a rename rewrites the
 * rows of open school years and leaves closed years with the name they were taught under.
 */
export const disciplinas = pgTable(
  'disciplinas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    area: text('area').$type<Area>().notNull(),
    componenteBncc: text('componente_bncc').$type<ComponenteBncc>(),
    /**
     * INEP's code of the componente curricular (Censo Escolar, records 20 and 50); null: the one mapped from
     * `componente_bncc` (shared/censo.codigos `componenteInepDaBncc`).
     */
    codigoInep: text('codigo_inep'),
    /**
     * The stages whose grade curricular offers it when it is the school's own (no BNCC component; ADR
     * 0132); a BNCC component follows the BNCC's stages. Every stage unless the school chose.
     */
    etapas: text('etapas')
      .array()
      .$type<ClassNivel[]>()
      .notNull()
      .default(sql`'{"Educação Infantil","Fundamental I","Fundamental II","Ensino Médio"}'::text[]`),
    /** Inactive: no longer offered for new curriculum entries or teachers' subjects; kept where used. */
    ativo: boolean('ativo').notNull().default(true),
    /** The order of boletins, grids and pickers. */
    ordem: integer('ordem').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('disciplinas_nome_lower_unique').on(sql`lower(${table.nome})`)],
);
export type DisciplinaRow = typeof disciplinas.$inferSelect;
