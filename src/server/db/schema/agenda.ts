import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgendaExcecao, AgendaItens } from '../../../shared/agenda.schemas.js';
import { classes } from './classes.js';
import { guardians, students } from './students.js';
import { users } from './users.js';
import { storedPhotoColumns } from './columns.js';

/**
 * The class's agenda template, set by the coordination (ADR 0037): whether the class keeps an agenda
 * (a class without a row follows the default of its stage) and the items the teacher's form starts from.
 */
export const agendaModelos = pgTable('agenda_modelos', {
  turmaId: uuid('turma_id')
    .primaryKey()
    .references(() => classes.id, { onDelete: 'cascade' }),
  ativa: boolean('ativa').notNull(),
  itens: jsonb('itens').$type<AgendaItens>().notNull(),
  version: integer('version').notNull().default(1),
  atualizadoPor: uuid('atualizado_por').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AgendaModeloRow = typeof agendaModelos.$inferSelect;

/**
 * One class's day: the items of the whole class and each child's exceptions (what differs, absence,
 * medication given). Visible to the families once saved; changed only on the day itself (ADR 0037).
 */
export const agendaDias = pgTable(
  'agenda_dias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    turmaId: uuid('turma_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    itens: jsonb('itens').$type<AgendaItens>().notNull(),
    excecoes: jsonb('excecoes')
      .$type<AgendaExcecao[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    autorNome: text('autor_nome'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agenda_dias_turma_data_unique').on(table.turmaId, table.data),
    index('agenda_dias_data_idx').on(table.data),
  ],
);
export type AgendaDiaRow = typeof agendaDias.$inferSelect;

/**
 * The photo of the day's activity, one per class and day: re-encoded without metadata, never public,
 * shown only to the families who gave the image consent (ADR 0037).
 */
export const agendaFotos = pgTable('agenda_fotos', {
  diaId: uuid('dia_id')
    .primaryKey()
    .references(() => agendaDias.id, { onDelete: 'cascade' }),
  ...storedPhotoColumns(),
  enviadoPor: uuid('enviado_por').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who of the family read a child's day, and when first (the teacher's 'quem leu'). */
export const agendaLeituras = pgTable(
  'agenda_leituras',
  {
    diaId: uuid('dia_id')
      .notNull()
      .references(() => agendaDias.id, { onDelete: 'cascade' }),
    alunoId: uuid('aluno_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lidoEm: timestamp('lido_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.diaId, table.alunoId, table.usuarioId] })],
);

/**
 * The family's authorisation to give a child a medicine at school: given in the portal by a guardian,
 * or recorded by the school from the paper the family signed. Medication is recorded in the agenda only
 * under one in force that day.
 */
export const medicacaoAutorizacoes = pgTable(
  'medicacao_autorizacoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alunoId: uuid('aluno_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    medicamento: text('medicamento').notNull(),
    dose: text('dose').notNull(),
    posologia: text('posologia'),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    fim: date('fim', { mode: 'string' }).notNull(),
    origem: text('origem', { enum: ['familia', 'escola'] }).notNull(),
    responsavelId: uuid('responsavel_id').references(() => guardians.id, { onDelete: 'set null' }),
    registradaPor: uuid('registrada_por').references(() => users.id, { onDelete: 'set null' }),
    registradaPorNome: text('registrada_por_nome'),
    registradaEm: timestamp('registrada_em', { withTimezone: true }).notNull().defaultNow(),
    revogadaEm: timestamp('revogada_em', { withTimezone: true }),
  },
  (table) => [index('medicacao_autorizacoes_aluno_idx').on(table.alunoId)],
);
export type AutorizacaoRow = typeof medicacaoAutorizacoes.$inferSelect;
