import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import type { Publico } from '../../../shared/comunicados.schemas.js';
import { users } from './users.js';
import { bytea } from '../columns.js';

/**
 * A notice (comunicado). `publicado_em` is set when its audience is resolved into recipients. Its text
 * as published is also kept in `comunicado_versoes`; once a family has confirmed it ('ciente'), a change
 * of the text makes a new version and a deletion only marks it removed (`removido_em`), so what each
 * family confirmed stays on record.
 */
export const comunicados = pgTable(
  'comunicados',
  {
    id: uuidPrimaryKey(),
    titulo: text('titulo').notNull(),
    /** Markdown-lite as typed (shared/rich-text.ts renders it safely). */
    corpo: text('corpo').notNull(),
    /** The list's preview (plain text, 160 characters), computed when the text is written. */
    resumo: text('resumo'),
    publico: jsonb('publico').$type<Publico>().notNull(),
    publicoDescricao: text('publico_descricao').notNull(),
    exigeCiente: boolean('exige_ciente').notNull().default(false),
    publicarEm: timestamp('publicar_em', { withTimezone: true }).notNull(),
    publicadoEm: timestamp('publicado_em', { withTimezone: true }),
    expiraEm: timestamp('expira_em', { withTimezone: true }),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    autorNome: text('autor_nome').notNull(),
    version: version(),
    /** The number of the text in force (comunicado_versoes.numero): 1, then one more per new version. */
    versaoTexto: integer('versao_texto').notNull().default(1),
    /** Set instead of deleting once a family has confirmed it: gone for families, kept for the school. */
    removidoEm: timestamp('removido_em', { withTimezone: true }),
    removidoPor: uuid('removido_por').references(() => users.id, { onDelete: 'set null' }),
    removidoPorNome: text('removido_por_nome'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('comunicados_autor_idx').on(table.autorId, table.createdAt),
    index('comunicados_agendados_idx')
      .on(table.publicarEm)
      .where(sql`${table.publicadoEm} is null`),
    // Rows written before the summary existed (or by an older instance): filled by the poll.
    index('comunicados_sem_resumo_idx')
      .on(table.id)
      .where(sql`${table.resumo} is null`),
  ],
);
export type ComunicadoRow = typeof comunicados.$inferSelect;

/** Who a published notice went to, and when each read it and confirmed it (once). */
export const comunicadoDestinatarios = pgTable(
  'comunicado_destinatarios',
  {
    comunicadoId: uuid('comunicado_id')
      .notNull()
      .references(() => comunicados.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The children the notice reached this family through (empty for staff). */
    alunoIds: uuid('aluno_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    entregueEm: timestamp('entregue_em', { withTimezone: true }).notNull().defaultNow(),
    lidoEm: timestamp('lido_em', { withTimezone: true }),
    cienteEm: timestamp('ciente_em', { withTimezone: true }),
    lembreteEm: timestamp('lembrete_em', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.comunicadoId, table.usuarioId] }),
    index('comunicado_destinatarios_usuario_idx').on(table.usuarioId, table.entregueEm),
  ],
);

export interface VersaoAnexo {
  id: string;
  nome: string;
  tipo: string;
  tamanho: number;
}

/** Each text a notice was published with: number 1 at publication, a new one per change after a ciente. */
export const comunicadoVersoes = pgTable(
  'comunicado_versoes',
  {
    comunicadoId: uuid('comunicado_id')
      .notNull()
      .references(() => comunicados.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    titulo: text('titulo').notNull(),
    corpo: text('corpo').notNull(),
    exigeCiente: boolean('exige_ciente').notNull(),
    /** The attachments of this text (their files stay in comunicado_anexos while a version names them). */
    anexos: jsonb('anexos').$type<VersaoAnexo[]>().notNull().default([]),
    publicadaEm: timestamp('publicada_em', { withTimezone: true }).notNull(),
    /** Who wrote this text (an administrator may edit a teacher's notice). */
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    autorNome: text('autor_nome').notNull(),
  },
  (table) => [primaryKey({ columns: [table.comunicadoId, table.numero] })],
);

/**
 * Every 'ciente' given, on the version it confirmed: a family that confirmed version 1 and then version 2
 * has two rows. `comunicado_destinatarios.ciente_em` is the ciente on the text in force (null: pending).
 */
export const comunicadoCientes = pgTable(
  'comunicado_cientes',
  {
    comunicadoId: uuid('comunicado_id').notNull(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    versao: integer('versao').notNull(),
    cienteEm: timestamp('ciente_em', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.comunicadoId, table.usuarioId, table.versao] }),
    foreignKey({
      name: 'comunicado_cientes_versao_fk',
      columns: [table.comunicadoId, table.versao],
      foreignColumns: [comunicadoVersoes.comunicadoId, comunicadoVersoes.numero],
    }).onDelete('cascade'),
    index('comunicado_cientes_usuario_idx').on(table.usuarioId),
  ],
);

/** Attachments (PDF or image, checked by content); uploaded before the notice is saved. */
export const comunicadoAnexos = pgTable(
  'comunicado_anexos',
  {
    id: uuidPrimaryKey(),
    comunicadoId: uuid('comunicado_id').references(() => comunicados.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    mimeType: text('mime_type').notNull(),
    tamanho: integer('tamanho').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    enviadoPor: uuid('enviado_por').references(() => users.id, { onDelete: 'set null' }),
    /** Taken out of a confirmed notice's text: kept for the versions that name it. */
    removidoEm: timestamp('removido_em', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('comunicado_anexos_comunicado_idx').on(table.comunicadoId),
    // One account's recent uploads, and the uploads not yet in a notice: their caps (ADR 0018).
    index('comunicado_anexos_enviado_por_idx').on(table.enviadoPor, table.createdAt),
    index('comunicado_anexos_pendentes_idx')
      .on(table.createdAt)
      .where(sql`${table.comunicadoId} is null`),
  ],
);

/**
 * A notice's fan-out still to be done (ADR 0061): the bell, e-mail, SMS and push of the families in
 * `usuario_ids`, written by the job `comunicados.envio` in one transaction that also deletes this row —
 * while it exists the notice is 'enviando…'; a job run again after a crash finds no row and does nothing.
 */
export const comunicadoEnvios = pgTable(
  'comunicado_envios',
  {
    id: uuidPrimaryKey(),
    comunicadoId: uuid('comunicado_id')
      .notNull()
      .references(() => comunicados.id, { onDelete: 'cascade' }),
    /** Which words the families get: 'novo' (publication), 'lembrete' or 'alterado' (a new version). */
    tipo: text('tipo').$type<'novo' | 'lembrete' | 'alterado'>().notNull(),
    /** Who is notified: recipients recorded in comunicado_destinatarios by the same transaction. */
    usuarioIds: uuid('usuario_ids').array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('comunicado_envios_comunicado_idx').on(table.comunicadoId)],
);
