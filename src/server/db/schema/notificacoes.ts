import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { mensalidades } from './finance.js';
import { users } from './users.js';

/** The bell: one row per person per event, always (the portal channel needs no switch). */
export const notificacoes = pgTable(
  'notificacoes',
  {
    id: uuidPrimaryKey(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo', {
      enum: ['comunicado', 'mensagem', 'boletim', 'falta', 'mensalidade', 'seguranca', 'matricula'],
    }).notNull(),
    titulo: text('titulo').notNull(),
    texto: text('texto').notNull(),
    /** A path inside the portal (never an outside address). */
    link: text('link'),
    lidaEm: timestamp('lida_em', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notificacoes_usuario_idx').on(table.usuarioId, table.createdAt),
    // The bell's count reads only this: the unread rows of one person.
    index('notificacoes_nao_lidas_idx')
      .on(table.usuarioId)
      .where(sql`${table.lidaEm} is null`),
  ],
);
export type NotificacaoRow = typeof notificacoes.$inferSelect;

/**
 * A person's 'Preferências de notificação': no row means every channel on (as the school allows); `push`
 * is the Web Push notification on the person's devices that turned it on (issue 35).
 */
export const notificacaoPreferencias = pgTable(
  'notificacao_preferencias',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    email: boolean('email').notNull().default(true),
    sms: boolean('sms').notNull().default(true),
    push: boolean('push').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.usuarioId, table.tipo] })],
);

/**
 * The delivery outbox: an e-mail, SMS or Web Push to send, written in the same transaction as the event
 * that causes it. Workers on every instance claim due rows with `FOR UPDATE SKIP LOCKED` and a lease
 * (`bloqueado_ate`); the .eml outbox is named by the row's id, so a row sent again after a crash finds
 * its file and is not written twice. Kept after sending (status) so the admin sees the queue's state.
 */
export const entregas = pgTable(
  'entregas',
  {
    id: uuidPrimaryKey(),
    canal: text('canal', { enum: ['email', 'sms', 'push'] }).notNull(),
    /** E-mail: the address; SMS: the phone; push: the subscription's id (push_assinaturas). */
    destino: text('destino').notNull(),
    assunto: text('assunto').notNull(),
    texto: text('texto').notNull(),
    usuarioId: uuid('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pendente', 'enviado', 'falhou'] })
      .notNull()
      .default('pendente'),
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativa: timestamp('proxima_tentativa', { withTimezone: true }).notNull().defaultNow(),
    bloqueadoAte: timestamp('bloqueado_ate', { withTimezone: true }),
    ultimoErro: text('ultimo_erro'),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('entregas_pendentes_idx')
      .on(table.proximaTentativa)
      .where(sql`${table.status} = 'pendente'`),
    index('entregas_status_idx').on(table.status, table.updatedAt),
  ],
);
export type EntregaRow = typeof entregas.$inferSelect;

/**
 * The tuition notices already given: one row per tuition and kind ('vence' three days before, 'atraso'
 * once overdue). The daily job inserts here in the same transaction as the notices, and the key makes
 * a second run (a retry, another instance, a re-enabled switch) skip what was sent: never twice.
 */
export const mensalidadeAvisos = pgTable(
  'mensalidade_avisos',
  {
    mensalidadeId: uuid('mensalidade_id')
      .notNull()
      .references(() => mensalidades.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ['vence', 'atraso'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.mensalidadeId, table.tipo] })],
);
