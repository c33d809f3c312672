import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import type { AcademicSettingsValues } from '../../../shared/academic-settings.schemas.js';
import { schoolPeriods, schoolYears } from './calendar.js';
import { classes } from './classes.js';
import { studentIdColumn } from './students.js';
import { users } from './users.js';

/**
 * Grades are exact decimals (`numeric`, read as text and turned into integer tenths), never floats
 * (ADR 0012). A grade row exists once a cell was written; `valor` null is 'not given', not zero.
 */

/** An avaliação of a class's subject in a period; 'recuperacao' is the period's recuperação (one). */
export const assessments = pgTable(
  'assessments',
  {
    id: uuidPrimaryKey(),
    /** Restrict: a class with grades on record cannot be deleted (like its diary). */
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'restrict' }),
    disciplina: text('disciplina').notNull(),
    periodoId: uuid('periodo_id')
      .notNull()
      .references(() => schoolPeriods.id, { onDelete: 'restrict' }),
    nome: text('nome').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    peso: numeric('peso', { precision: 4, scale: 1 }).notNull().default('1'),
    tipo: text('tipo', { enum: ['regular', 'recuperacao'] })
      .notNull()
      .default('regular'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('assessments_class_subject_idx').on(table.turmaId, table.disciplina, table.periodoId),
    index('assessments_periodo_idx').on(table.periodoId),
    uniqueIndex('assessments_recovery_unique')
      .on(table.turmaId, table.disciplina, table.periodoId)
      .where(sql`${table.tipo} = 'recuperacao'`),
    check('assessments_peso_check', sql`${table.peso} > 0`),
  ],
);
export type AssessmentRow = typeof assessments.$inferSelect;

export const grades = pgTable(
  'grades',
  {
    id: uuidPrimaryKey(),
    avaliacaoId: uuid('avaliacao_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    alunoId: studentIdColumn(),
    /** On the scale's unit with one decimal; concepts are stored as their numeric value. */
    valor: numeric('valor', { precision: 5, scale: 1 }),
    conceito: text('conceito'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('grades_assessment_student_unique').on(table.avaliacaoId, table.alunoId),
    index('grades_aluno_idx').on(table.alunoId),
    check('grades_valor_check', sql`${table.valor} is null or ${table.valor} >= 0`),
  ],
);
export type GradeRow = typeof grades.$inferSelect;

/** Every change of a grade: who, when, before and after; a retificação carries its reason. */
export const gradeChanges = pgTable(
  'grade_changes',
  {
    id: uuidPrimaryKey(),
    notaId: uuid('nota_id')
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    /** 'apos_publicacao': entered in a period reopened after being published (no DB constraint on the kinds). */
    tipo: text('tipo', { enum: ['lancamento', 'retificacao', 'apos_publicacao'] }).notNull(),
    antes: text('antes'),
    depois: text('depois'),
    motivo: text('motivo'),
    porId: uuid('por_id').references(() => users.id, { onDelete: 'set null' }),
    porNome: text('por_nome'),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('grade_changes_nota_idx').on(table.notaId, table.em)],
);

/**
 * Explicit state of a period, for one class or (turma_id null) the whole school. Null columns
 * inherit: a class row over the school row over the closing date (closed after `data_fechamento`).
 */
export const periodStates = pgTable(
  'period_states',
  {
    id: uuidPrimaryKey(),
    periodoId: uuid('periodo_id')
      .notNull()
      .references(() => schoolPeriods.id, { onDelete: 'cascade' }),
    turmaId: uuid('turma_id').references(() => classes.id, { onDelete: 'cascade' }),
    fechado: boolean('fechado'),
    publicado: boolean('publicado'),
    alteradoPorNome: text('alterado_por_nome'),
    updatedAt: updatedAt(),
  },
  (table) => [unique('period_states_unique').on(table.periodoId, table.turmaId).nullsNotDistinct()],
);
export type PeriodStateRow = typeof periodStates.$inferSelect;

/** A decision of the conselho de classe: a subject's result (or, disciplina null, the overall one). */
export const councilDecisions = pgTable(
  'council_decisions',
  {
    id: uuidPrimaryKey(),
    alunoId: studentIdColumn(),
    anoLetivoId: uuid('ano_letivo_id')
      .notNull()
      .references(() => schoolYears.id, { onDelete: 'cascade' }),
    disciplina: text('disciplina'),
    resultado: text('resultado', { enum: ['aprovado', 'reprovado_nota', 'reprovado_falta'] }).notNull(),
    motivo: text('motivo').notNull(),
    porId: uuid('por_id').references(() => users.id, { onDelete: 'set null' }),
    porNome: text('por_nome'),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('council_decisions_unique')
      .on(table.alunoId, table.anoLetivoId, table.disciplina)
      .nullsNotDistinct(),
  ],
);
export type CouncilDecisionRow = typeof councilDecisions.$inferSelect;

/**
 * The recuperação final of a student in a subject of a school year (ADR 0097): the exam after the last
 * period for the students whose annual average stayed below the passing one. Keyed by student, year and
 * subject (the boletim's key); `turma_id` is the class where it was given. Not an avaliação of the last
 * period: it happens after that period is closed, and counts on the annual average, not on a period's.
 */
export const finalRecoveries = pgTable(
  'final_recoveries',
  {
    id: uuidPrimaryKey(),
    alunoId: studentIdColumn(),
    anoLetivoId: uuid('ano_letivo_id')
      .notNull()
      .references(() => schoolYears.id, { onDelete: 'cascade' }),
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'restrict' }),
    disciplina: text('disciplina').notNull(),
    valor: numeric('valor', { precision: 5, scale: 1 }).notNull(),
    /** The concept letter when the scale is A–E. */
    conceito: text('conceito'),
    porId: uuid('por_id').references(() => users.id, { onDelete: 'set null' }),
    porNome: text('por_nome'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('final_recoveries_unique').on(table.alunoId, table.anoLetivoId, table.disciplina),
    index('final_recoveries_class_idx').on(table.turmaId, table.disciplina),
  ],
);
export type FinalRecoveryRow = typeof finalRecoveries.$inferSelect;

/**
 * A closed school year and, once applied, its rematrícula (one row per year: applying twice is a no-op).
 * `regras` is the 'Acadêmico' settings as they were when the year was closed: everything computed for a
 * closed year (boletins, final situations, rematrícula, reports, documents) uses them, so changing the
 * settings later does not rewrite the records of a closed year (null only in a row restored from a file
 * made before the column existed, filled in by the restore).
 */
export const yearClosures = pgTable('year_closures', {
  anoLetivoId: uuid('ano_letivo_id')
    .primaryKey()
    .references(() => schoolYears.id, { onDelete: 'cascade' }),
  encerradoEm: timestamp('encerrado_em', { withTimezone: true }).notNull().defaultNow(),
  encerradoPorNome: text('encerrado_por_nome'),
  regras: jsonb('regras').$type<AcademicSettingsValues>(),
  rematriculaEm: timestamp('rematricula_em', { withTimezone: true }),
  rematriculaResumo: jsonb('rematricula_resumo').$type<Record<string, unknown>>(),
});
export type YearClosureRow = typeof yearClosures.$inferSelect;

/**
 * A teacher's request to correct a grade of a period closed to them (a 'retificação' with the
 * administrator's approval). Keyed by assessment × student, so a grade never given can be asked for
 * too; `antes` is the grade when asked (an approval refuses to apply over a grade changed since).
 * One pending request per cell.
 */
export const rectificationRequests = pgTable(
  'rectification_requests',
  {
    id: uuidPrimaryKey(),
    avaliacaoId: uuid('avaliacao_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    alunoId: studentIdColumn(),
    antes: numeric('antes', { precision: 5, scale: 1 }),
    depois: numeric('depois', { precision: 5, scale: 1 }),
    motivo: text('motivo').notNull(),
    situacao: text('situacao', { enum: ['pendente', 'aprovada', 'recusada'] })
      .notNull()
      .default('pendente'),
    solicitadoPorId: uuid('solicitado_por_id').references(() => users.id, { onDelete: 'set null' }),
    solicitadoPorNome: text('solicitado_por_nome'),
    solicitadoEm: timestamp('solicitado_em', { withTimezone: true }).notNull().defaultNow(),
    resposta: text('resposta'),
    decididoPorId: uuid('decidido_por_id').references(() => users.id, { onDelete: 'set null' }),
    decididoPorNome: text('decidido_por_nome'),
    decididoEm: timestamp('decidido_em', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('rectification_requests_pending_unique')
      .on(table.avaliacaoId, table.alunoId)
      .where(sql`${table.situacao} = 'pendente'`),
    index('rectification_requests_situacao_idx').on(table.situacao, table.solicitadoEm),
    index('rectification_requests_solicitante_idx').on(table.solicitadoPorId, table.solicitadoEm),
  ],
);
export type RectificationRequestRow = typeof rectificationRequests.$inferSelect;
