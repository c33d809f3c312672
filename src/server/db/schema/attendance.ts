import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { classes } from './classes.js';
import { studentIdColumn } from './students.js';
import { users } from './users.js';
import { bytea } from '../columns.js';
import type { Etapa } from '../../../shared/stage-rules.js';

/**
 * Class membership over time (enturmação): a student counts in a class's rolls only between `inicio`
 * and `fim` (inclusive; open while null). A membership is open while the student is active in the class.
 */
export const classMemberships = pgTable(
  'class_memberships',
  {
    id: uuidPrimaryKey(),
    alunoId: studentIdColumn(),
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }),
  },
  (table) => [
    index('class_memberships_aluno_idx').on(table.alunoId),
    index('class_memberships_turma_idx').on(table.turmaId, table.inicio),
    uniqueIndex('class_memberships_open_unique')
      .on(table.alunoId)
      .where(sql`${table.fim} is null`),
    check('class_memberships_dates_check', sql`${table.fim} is null or ${table.fim} >= ${table.inicio}`),
  ],
);
export type ClassMembershipRow = typeof classMemberships.$inferSelect;

/**
 * One row per roll taken (chamada): a class's day (`aula` 0, no subject) or one lesson of a subject.
 * Presences are not stored: whoever belonged to the class that day and has no absence row was present.
 */
export const attendanceRolls = pgTable(
  'attendance_rolls',
  {
    id: uuidPrimaryKey(),
    /** Restrict: a class with attendance on record cannot be deleted (its diary is a legal record). */
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'restrict' }),
    data: date('data', { mode: 'string' }).notNull(),
    aula: smallint('aula').notNull().default(0),
    disciplina: text('disciplina'),
    registradoPor: uuid('registrado_por').references(() => users.id, { onDelete: 'set null' }),
    registradoPorNome: text('registrado_por_nome'),
    /**
     * The registro de conteúdo of the diário de classe (LDB art. 24 VI, 13): what the lesson (or, on a
     * daily roll, the day) taught, and the activities or homework given. Null: not recorded yet — the
     * lesson counts, and the coordination's diary lists it as 'sem conteúdo registrado'.
     */
    conteudo: text('conteudo'),
    atividades: text('atividades'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('attendance_rolls_lesson_unique')
      .on(table.turmaId, table.data, table.aula, table.disciplina)
      .nullsNotDistinct(),
    index('attendance_rolls_data_idx').on(table.data),
    check(
      'attendance_rolls_kind_check',
      sql`(${table.aula} = 0 and ${table.disciplina} is null) or (${table.aula} >= 1 and ${table.disciplina} is not null)`,
    ),
  ],
);
export type AttendanceRollRow = typeof attendanceRolls.$inferSelect;

/** An absence (falta) on a roll; 'abonada' (legal exemption, by an administrator) does not count. */
export const attendanceAbsences = pgTable(
  'attendance_absences',
  {
    id: uuidPrimaryKey(),
    chamadaId: uuid('chamada_id')
      .notNull()
      .references(() => attendanceRolls.id, { onDelete: 'cascade' }),
    alunoId: studentIdColumn(),
    justificativa: text('justificativa'),
    abonada: boolean('abonada').notNull().default(false),
    abonoMotivo: text('abono_motivo'),
    abonadaPorNome: text('abonada_por_nome'),
    abonadaEm: timestamp('abonada_em', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('attendance_absences_roll_student_unique').on(table.chamadaId, table.alunoId),
    index('attendance_absences_aluno_idx').on(table.alunoId),
  ],
);
export type AttendanceAbsenceRow = typeof attendanceAbsences.$inferSelect;

/** Each notification letter to the Conselho Tutelar (Lei 13.803/2019), with the figures it stated. */
export const tutelaryNotifications = pgTable(
  'tutelary_notifications',
  {
    id: uuidPrimaryKey(),
    alunoId: studentIdColumn(),
    ano: integer('ano').notNull(),
    turmaNome: text('turma_nome'),
    aulasDadas: integer('aulas_dadas').notNull(),
    faltas: integer('faltas').notNull(),
    /**
     * The line the letter stated (ADR 0117), kept so a copy printed later says what the letter said: the
     * year's planned lessons, the line in % and the stage it was the line of. Null on letters issued
     * before they were kept (their copy reckons them again).
     */
    aulasPrevistasAno: integer('aulas_previstas_ano'),
    limiteConselho: numeric('limite_conselho', { precision: 4, scale: 1, mode: 'number' }),
    etapa: text('etapa').$type<Etapa>(),
    emitidaEm: timestamp('emitida_em', { withTimezone: true }).notNull().defaultNow(),
    emitidaPor: uuid('emitida_por').references(() => users.id, { onDelete: 'set null' }),
    emitidaPorNome: text('emitida_por_nome'),
  },
  (table) => [index('tutelary_notifications_aluno_idx').on(table.alunoId, table.ano)],
);
export type TutelaryNotificationRow = typeof tutelaryNotifications.$inferSelect;

/**
 * A family's justification of a child's absences on one day (issue 32 §1, ADR 0034): the reason and an
 * optional atestado (PDF or re-encoded image), sent by a guardian, answered by the school. Accepting it
 * makes that day's absences abonadas (the abono fields of `attendance_absences`); answering without
 * accepting leaves them as faltas with the school's answer. One pending ('enviada') per child and day.
 */
export const absenceJustifications = pgTable(
  'absence_justifications',
  {
    id: uuidPrimaryKey(),
    alunoId: studentIdColumn(),
    data: date('data', { mode: 'string' }).notNull(),
    motivo: text('motivo').notNull(),
    arquivoNome: text('arquivo_nome'),
    arquivoTipo: text('arquivo_tipo'),
    arquivoTamanho: integer('arquivo_tamanho'),
    arquivo: bytea('arquivo'),
    situacao: text('situacao', { enum: ['enviada', 'aceita', 'recusada'] })
      .notNull()
      .default('enviada'),
    resposta: text('resposta'),
    enviadaPor: uuid('enviada_por').references(() => users.id, { onDelete: 'set null' }),
    enviadaPorNome: text('enviada_por_nome').notNull(),
    respondidaPor: uuid('respondida_por').references(() => users.id, { onDelete: 'set null' }),
    respondidaPorNome: text('respondida_por_nome'),
    respondidaEm: timestamp('respondida_em', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('absence_justifications_aluno_idx').on(table.alunoId, table.data),
    index('absence_justifications_situacao_idx').on(table.situacao, table.createdAt),
    uniqueIndex('absence_justifications_pending_unique')
      .on(table.alunoId, table.data)
      .where(sql`${table.situacao} = 'enviada'`),
    check(
      'absence_justifications_situacao_check',
      sql`${table.situacao} in ('enviada', 'aceita', 'recusada')`,
    ),
  ],
);
export type AbsenceJustificationRow = typeof absenceJustifications.$inferSelect;
