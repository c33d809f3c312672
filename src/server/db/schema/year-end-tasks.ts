import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidPrimaryKey } from './columns.js';
import { schoolYears } from './calendar.js';

/**
 * Closing a school year or applying its rematrícula run in the background (issue 38, ADR 0062): the
 * request queues a job and this row, the job records its progress here as it goes, and any instance
 * answers the screen's 'how far along' — also after a reload. The outcome (counts only) stays on the row.
 */
export const yearEndTasks = pgTable(
  'year_end_tasks',
  {
    id: uuidPrimaryKey(),
    anoLetivoId: uuid('ano_letivo_id')
      .notNull()
      .references(() => schoolYears.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ['encerramento', 'rematricula'] }).notNull(),
    status: text('status', { enum: ['na_fila', 'executando', 'concluida', 'falhou'] })
      .notNull()
      .default('na_fila'),
    etapa: text('etapa', { enum: ['situacoes', 'gravando'] }),
    feitos: integer('feitos').notNull().default(0),
    total: integer('total').notNull().default(0),
    resultado: jsonb('resultado'),
    erro: text('erro'),
    iniciadoPorNome: text('iniciado_por_nome').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
  },
  (table) => [index('year_end_tasks_ano_idx').on(table.anoLetivoId, table.criadoEm)],
);
export type YearEndTaskRow = typeof yearEndTasks.$inferSelect;
