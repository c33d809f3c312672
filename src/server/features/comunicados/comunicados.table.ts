import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Publico } from '../../../shared/comunicados.schemas.js';
import { users } from '../users/users.table.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A notice (comunicado). `publicado_em` is set when its audience is resolved into recipients. */
export const comunicados = pgTable(
  'comunicados',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titulo: text('titulo').notNull(),
    /** Markdown-lite as typed (shared/rich-text.ts renders it safely). */
    corpo: text('corpo').notNull(),
    publico: jsonb('publico').$type<Publico>().notNull(),
    publicoDescricao: text('publico_descricao').notNull(),
    exigeCiente: boolean('exige_ciente').notNull().default(false),
    publicarEm: timestamp('publicar_em', { withTimezone: true }).notNull(),
    publicadoEm: timestamp('publicado_em', { withTimezone: true }),
    expiraEm: timestamp('expira_em', { withTimezone: true }),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    autorNome: text('autor_nome').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('comunicados_autor_idx').on(table.autorId, table.createdAt),
    index('comunicados_agendados_idx')
      .on(table.publicarEm)
      .where(sql`${table.publicadoEm} is null`),
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

/** Attachments (PDF or image, checked by content); uploaded before the notice is saved. */
export const comunicadoAnexos = pgTable(
  'comunicado_anexos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    comunicadoId: uuid('comunicado_id').references(() => comunicados.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    mimeType: text('mime_type').notNull(),
    tamanho: integer('tamanho').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    enviadoPor: uuid('enviado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
