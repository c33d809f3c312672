import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { classes } from './classes.js';
import { teachers } from './teachers.js';

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
  },
  (table) => [
    primaryKey({ columns: [table.turmaId, table.disciplina] }),
    index('class_subjects_professor_idx').on(table.professorId),
  ],
);
export type ClassSubjectRow = typeof classSubjects.$inferSelect;
