import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { turnos } from '../../../shared/classes.schemas.js';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { teachers } from './teachers.js';

export const classes = pgTable(
  'classes',
  {
    id: uuidPrimaryKey(),
    nome: text('nome').notNull(),
    nivel: text('nivel', {
      enum: ['Educação Infantil', 'Fundamental I', 'Fundamental II', 'Ensino Médio'],
    }).notNull(),
    serie: text('serie').notNull(),
    turno: text('turno', { enum: turnos }).notNull(),
    anoLetivo: text('ano_letivo').notNull(),
    capacidadeMaxima: integer('capacidade_maxima').notNull().default(25),
    /** Restrict: a teacher responsible for a class cannot be deleted (409 names the classes). */
    professorResponsavelId: uuid('professor_responsavel_id').references(() => teachers.id, {
      onDelete: 'restrict',
    }),
    observacoes: text('observacoes'),
    status: text('status', { enum: ['ativo', 'inativo', 'concluido'] })
      .notNull()
      .default('ativo'),
    version: version(),
    /** How the roll is taken: once a day, or once per lesson of each subject (the 'Grade curricular'). */
    frequenciaModo: text('frequencia_modo', { enum: ['diaria', 'por_aula'] })
      .notNull()
      .default('diaria'),
    /** Version of the subject grid, edited apart from the class form. */
    gradeVersion: integer('grade_version').notNull().default(1),
    /** Length of one lesson in minutes: the grade curricular's carga horária in hours (ADR 0027). */
    aulaMinutos: integer('aula_minutos').notNull().default(50),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('classes_professor_idx').on(table.professorResponsavelId),
    index('classes_nome_lower_idx').on(sql`lower(${table.nome})`),
  ],
);
export type ClassRow = typeof classes.$inferSelect;
