import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { studentIdColumn } from './students.js';
import { teachers } from './teachers.js';
import { users } from './users.js';

/**
 * A conversation between a guardian and the school about one child: with the secretaria (every
 * administrator) or with one of the child's teachers. The family or the school starts it (ADR 0036).
 */
export const conversas = pgTable(
  'conversas',
  {
    id: uuidPrimaryKey(),
    alunoId: studentIdColumn(),
    responsavelUsuarioId: uuid('responsavel_usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    destino: text('destino', { enum: ['secretaria', 'professor'] }).notNull(),
    professorId: uuid('professor_id').references(() => teachers.id, { onDelete: 'cascade' }),
    assunto: text('assunto').notNull(),
    /** Who wrote first (issue 32 §2): the school may start one too; every earlier one was the family's. */
    iniciadaPor: text('iniciada_por', { enum: ['familia', 'escola'] })
      .notNull()
      .default('familia'),
    ultimaMensagemEm: timestamp('ultima_mensagem_em', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('conversas_responsavel_idx').on(table.responsavelUsuarioId, table.ultimaMensagemEm),
    index('conversas_professor_idx').on(table.professorId, table.ultimaMensagemEm),
  ],
);
export type ConversaRow = typeof conversas.$inferSelect;

export const mensagens = pgTable(
  'mensagens',
  {
    id: uuidPrimaryKey(),
    conversaId: uuid('conversa_id')
      .notNull()
      .references(() => conversas.id, { onDelete: 'cascade' }),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    autorNome: text('autor_nome').notNull(),
    /** 'familia' or 'escola': whose side wrote it (unread counts are per side). */
    lado: text('lado', { enum: ['familia', 'escola'] }).notNull(),
    texto: text('texto').notNull(),
    /**
     * A family's message written outside the teachers' hours (issue 32 §2): the teacher sees it, and is
     * told of it, from this moment on. Null: delivered when written.
     */
    entregaEm: timestamp('entrega_em', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('mensagens_conversa_idx').on(table.conversaId, table.createdAt),
    // What one account sent lately: its cap (ADR 0018).
    index('mensagens_autor_idx').on(table.autorId, table.createdAt),
  ],
);

/** Up to when each person has read a conversation. */
export const conversaLeituras = pgTable(
  'conversa_leituras',
  {
    conversaId: uuid('conversa_id')
      .notNull()
      .references(() => conversas.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lidaAte: timestamp('lida_ate', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversaId, table.usuarioId] })],
);
