import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { studentIdColumn } from './students.js';
import { teachers } from './teachers.js';

/**
 * The itinerários formativos a class of Ensino Médio offers (Lei 14.945/2024, ADR 0027): named groups of
 * the class's subjects; each student of the class takes one. `tecnico`: formação técnica e profissional
 * (its students need 2.100 h of formação geral básica instead of 2.400 h).
 */
export const classItinerarios = pgTable(
  'class_itinerarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    tecnico: boolean('tecnico').notNull().default(false),
    ordem: smallint('ordem').notNull().default(0),
  },
  (table) => [unique('class_itinerarios_nome_unique').on(table.turmaId, table.nome)],
);
export type ClassItinerarioRow = typeof classItinerarios.$inferSelect;

/**
 * A class's 'Grade curricular': the subjects taught, the teacher of each and the weekly lessons. A
 * teacher's scope follows these rows as well as `classes.professor_responsavel_id`: teaching one subject
 * of a class is enough to see its students.
 */
export const classSubjects = pgTable(
  'class_subjects',
  {
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    disciplina: text('disciplina').notNull(),
    /** Restrict: a teacher who still teaches a subject cannot be deleted (409 names the classes). */
    professorId: uuid('professor_id').references(() => teachers.id, { onDelete: 'restrict' }),
    aulasSemanais: smallint('aulas_semanais').notNull(),
    /** 1 = segunda … 6 = sábado; the weekdays the subject is taught (empty: not scheduled). */
    diasSemana: smallint('dias_semana')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** Ensino Médio: the itinerário formativo the subject belongs to; null: formação geral básica. */
    // No action (checked at the end of the statement): deleting the class cascades to both tables.
    itinerarioId: uuid('itinerario_id').references(() => classItinerarios.id),
  },
  (table) => [
    primaryKey({ columns: [table.turmaId, table.disciplina] }),
    index('class_subjects_professor_idx').on(table.professorId),
  ],
);
export type ClassSubjectRow = typeof classSubjects.$inferSelect;

/**
 * The itinerário a student of a Médio class takes in that class (one per student and class). Kept per
 * class: next year's class offers its own itinerários.
 */
export const studentItinerarios = pgTable(
  'student_itinerarios',
  {
    alunoId: studentIdColumn(),
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    itinerarioId: uuid('itinerario_id')
      .notNull()
      .references(() => classItinerarios.id),
    escolhidoEm: timestamp('escolhido_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.alunoId, table.turmaId] }),
    index('student_itinerarios_itinerario_idx').on(table.itinerarioId),
  ],
);

/**
 * The itinerários a student of a Médio class left during the year (a change of choice): what they studied
 * there stays in the boletim and the histórico, with its grades and the lessons given until the change.
 * `ate`: the day of the change — lessons from that day on are the new itinerário's.
 */
export const previousItinerarios = pgTable(
  'student_itinerarios_anteriores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alunoId: studentIdColumn(),
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    // No action: an itinerário a student studied cannot be removed from the class (saveItinerarios, 409).
    itinerarioId: uuid('itinerario_id')
      .notNull()
      .references(() => classItinerarios.id),
    /**
     * The day the student chose it (ADR 0115): its days start there when that is after the change before
     * it (a choice cleared and made again later). Null on the rows kept before ADR 0115 that were the
     * student's first choice, or when nothing was recorded; the first choice counts from the year's start.
     */
    escolhidoEm: date('escolhido_em'),
    ate: date('ate').notNull(),
  },
  (table) => [
    index('student_itinerarios_anteriores_turma_idx').on(table.turmaId, table.alunoId),
    index('student_itinerarios_anteriores_itinerario_idx').on(table.itinerarioId),
  ],
);
export type PreviousItinerarioRow = typeof previousItinerarios.$inferSelect;
