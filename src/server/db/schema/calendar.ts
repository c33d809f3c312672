import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { entryKinds, type EntryKind } from '../../../shared/calendar.js';

/** A school year (ano letivo): its dates and how it is divided (LDB art. 24). */
export const schoolYears = pgTable(
  'school_years',
  {
    id: uuidPrimaryKey(),
    ano: integer('ano').notNull(),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }).notNull(),
    tipoPeriodo: text('tipo_periodo', { enum: ['bimestre', 'trimestre', 'semestre'] })
      .notNull()
      .default('bimestre'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('school_years_ano_unique').on(table.ano),
    check('school_years_dates_check', sql`${table.fim} > ${table.inicio}`),
  ],
);
export type SchoolYearRow = typeof schoolYears.$inferSelect;

/** Bimestres, trimestres or semestres; after `data_fechamento` only an administrator changes the roll. */
export const schoolPeriods = pgTable(
  'school_periods',
  {
    id: uuidPrimaryKey(),
    anoLetivoId: uuid('ano_letivo_id')
      .notNull()
      .references(() => schoolYears.id, { onDelete: 'cascade' }),
    numero: smallint('numero').notNull(),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }).notNull(),
    dataFechamento: date('data_fechamento', { mode: 'string' }).notNull(),
  },
  (table) => [
    uniqueIndex('school_periods_year_numero_unique').on(table.anoLetivoId, table.numero),
    index('school_periods_dates_idx').on(table.inicio, table.fim),
  ],
);
export type SchoolPeriodRow = typeof schoolPeriods.$inferSelect;

/**
 * What the school adds to the calendar: local holidays, recesses, Saturday school days and events.
 * National holidays are computed (shared/calendar.ts), never stored.
 */
export const calendarEntries = pgTable(
  'calendar_entries',
  {
    id: uuidPrimaryKey(),
    tipo: text('tipo', { enum: entryKinds as unknown as [EntryKind, ...EntryKind[]] }).notNull(),
    titulo: text('titulo').notNull(),
    descricao: text('descricao'),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }).notNull(),
    /** Shown on the public /calendario page and in the iCalendar feed. */
    publico: boolean('publico').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('calendar_entries_dates_idx').on(table.inicio, table.fim),
    check('calendar_entries_dates_check', sql`${table.fim} >= ${table.inicio}`),
  ],
);
export type CalendarEntryRow = typeof calendarEntries.$inferSelect;
