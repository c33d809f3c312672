import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { mensalidades } from './finance.js';
import { pixCobrancaStatuses } from '../../../shared/pix-cobranca.schemas.js';

/**
 * The Pix charge with a due date (`cobv`, BCB Pix API) of one mensalidade, as the product last left it
 * at the PSP (issue 33 §1, ADR 0041). The `pix.sincronizar` job reconciles it with the tuition: it
 * creates the charge of every open tuition, revises it when the amount or the due date changes, and
 * removes it when the tuition is cancelled or paid by hand. Finance reads it (through this schema, never
 * the pix module) for a tuition's `pix` state and its dynamic BR Code.
 */
export const pixCobrancas = pgTable(
  'pix_cobrancas',
  {
    mensalidadeId: uuid('mensalidade_id')
      .primaryKey()
      .references(() => mensalidades.id, { onDelete: 'cascade' }),
    /** 26–35 letters and digits, derived from the tuition's id (`txidOf`); new only when `geracao` grows. */
    txid: text('txid').notNull(),
    /** 0 for the first charge; +1 each time the PSP needs a new txid for the same tuition. */
    geracao: integer('geracao').notNull().default(0),
    status: text('status', { enum: pixCobrancaStatuses }).notNull().default('pendente'),
    /** Why the last attempt failed, in Portuguese (shown to the secretaria); null unless `erro`. */
    erro: text('erro'),
    /** The payload URL without `https://` (BR Code field 26.25); null until the PSP created the charge. */
    location: text('location'),
    revisao: integer('revisao'),
    /** What the PSP holds since the last success: open principal (centavos), due date, days after it. */
    valorEnviado: integer('valor_enviado'),
    vencimentoEnviado: date('vencimento_enviado', { mode: 'string' }),
    validadeAposVencimento: integer('validade_apos_vencimento'),
    /**
     * Fingerprint of the school-wide part of the body sent (`CobvSettings` but the key: multa, juros,
     * days after the due date, whatever the settings add): a change revises the charge (ADR 0048).
     */
    configEnviada: text('config_enviada'),
    /** The body last sent had a desconto de pontualidade (ADR 0046): a revision without one sends `desconto: null`. */
    descontoEnviado: boolean('desconto_enviado').notNull().default(false),
    /** Failed attempts in a row (0 after a success). */
    tentativas: integer('tentativas').notNull().default(0),
    /** Not tried again before this (after a failure); null: as soon as there is work. */
    proximaTentativa: timestamp('proxima_tentativa', { withTimezone: true }),
    /** Held by a running sync until then (two instances never send the same charge at once). */
    reservadaAte: timestamp('reservada_ate', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('pix_cobrancas_txid_unique').on(table.txid),
    index('pix_cobrancas_trabalho_idx')
      .on(table.proximaTentativa)
      .where(sql`${table.status} in ('pendente', 'erro')`),
  ],
);
export type PixCobrancaRow = typeof pixCobrancas.$inferSelect;
