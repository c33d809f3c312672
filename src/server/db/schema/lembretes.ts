import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, version } from './columns.js';
import { mensalidades } from './finance.js';

/**
 * The automatic tuition reminders' schedule (issue 33 §4, ADR 0043): one row (id 1). Off until the school
 * turns it on; each of the three moments has its own switch and number of days.
 */
export const lembreteConfiguracoes = pgTable(
  'lembrete_configuracoes',
  {
    id: integer('id').primaryKey().default(1),
    ativo: boolean('ativo').notNull().default(false),
    /** Days before the due date. */
    antesAtivo: boolean('antes_ativo').notNull().default(true),
    antesDias: integer('antes_dias').notNull().default(3),
    /** Days after the due date: the first reminder of an overdue tuition. */
    depoisAtivo: boolean('depois_ativo').notNull().default(true),
    depoisDias: integer('depois_dias').notNull().default(1),
    /** Days after the due date: the last one. */
    atrasoAtivo: boolean('atraso_ativo').notNull().default(true),
    atrasoDias: integer('atraso_dias').notNull().default(7),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('lembrete_configuracoes_single_row', sql`${table.id} = 1`),
    check(
      'lembrete_configuracoes_dias',
      sql`${table.antesDias} between 1 and 15 and ${table.depoisDias} between 1 and 60 and ${table.atrasoDias} between 1 and 60`,
    ),
  ],
);
export type LembreteConfiguracoesRow = typeof lembreteConfiguracoes.$inferSelect;

export const lembreteTipos = ['antes', 'depois', 'atraso', 'manual'] as const;
export type LembreteTipo = (typeof lembreteTipos)[number];

/**
 * Every reminder a tuition got, one row per tuition per day (São Paulo): the key that keeps it to one a
 * day whoever sends it — the daily job on any instance, a retry, or the secretaria's 'Enviar lembrete'.
 * Written in the same transaction as the notice, so a row exists exactly when the reminder does.
 */
export const mensalidadeLembretes = pgTable(
  'mensalidade_lembretes',
  {
    mensalidadeId: uuid('mensalidade_id')
      .notNull()
      .references(() => mensalidades.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    tipo: text('tipo', { enum: lembreteTipos }).notNull(),
    /** What the family was told was due that day (centavos). */
    valor: integer('valor').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.mensalidadeId, table.dia] }),
    index('mensalidade_lembretes_dia_idx').on(table.dia),
  ],
);
