import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidPrimaryKey } from './columns.js';
import { guardians, students } from './students.js';
import { users } from './users.js';

/** Data subject requests (LGPD art. 18): correction or deletion, answered within the legal deadline. */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuidPrimaryKey(),
    usuarioId: uuid('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    responsavelId: uuid('responsavel_id').references(() => guardians.id, { onDelete: 'set null' }),
    alunoId: uuid('aluno_id').references(() => students.id, { onDelete: 'set null' }),
    tipo: text('tipo', { enum: ['correcao', 'exclusao'] }).notNull(),
    descricao: text('descricao').notNull(),
    situacao: text('situacao', { enum: ['pendente', 'atendida', 'recusada'] })
      .notNull()
      .default('pendente'),
    resposta: text('resposta'),
    /** The 15-day deadline (art. 19, II), from the day of the request. */
    prazo: date('prazo', { mode: 'string' }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    respondidoEm: timestamp('respondido_em', { withTimezone: true }),
    respondidoPor: uuid('respondido_por'),
  },
  (table) => [
    index('data_requests_situacao_idx').on(table.situacao, table.criadoEm),
    index('data_requests_responsavel_idx').on(table.responsavelId),
    // What one account filed lately: its cap (ADR 0018).
    index('data_requests_usuario_idx').on(table.usuarioId, table.criadoEm),
  ],
);
export type DataRequestRow = typeof dataRequests.$inferSelect;
