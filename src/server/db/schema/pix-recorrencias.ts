import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { mensalidades } from './finance.js';
import { guardians, studentIdColumn } from './students.js';

/**
 * Pix Automático (issue 33 §3, ADR 0044): whether the school offers it and the account its PSP credits
 * (`recebedor` of each `cobr`), one row (id 1). `indisponivel_em` is set when the PSP answered 404 on
 * `/rec` (it has no Pix Automático): the families' option is then hidden until the settings are saved again.
 */
export const pixAutomaticoConfig = pgTable(
  'pix_automatico_config',
  {
    id: integer('id').primaryKey().default(1),
    ativo: boolean('ativo').notNull().default(false),
    agencia: text('agencia'),
    conta: text('conta'),
    tipoConta: text('tipo_conta', { enum: ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] }),
    indisponivelEm: date('indisponivel_em', { mode: 'string' }),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [check('pix_automatico_config_single_row', sql`${table.id} = 1`)],
);
export type PixAutomaticoConfigRow = typeof pixAutomaticoConfig.$inferSelect;

export const recorrenciaStatus = ['aguardando', 'ativa', 'rejeitada', 'cancelada', 'expirada'] as const;

/**
 * A guardian's authorisation of monthly debit of one child's tuition (the BCB `rec`). At most one live
 * (aguardando or ativa) per student; ended ones stay as history.
 */
export const pixRecorrencias = pgTable(
  'pix_recorrencias',
  {
    id: uuidPrimaryKey(),
    alunoId: studentIdColumn(),
    responsavelId: uuid('responsavel_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    /** The PSP's id (29 characters), set once `POST /rec` answered. */
    idRec: text('id_rec').notNull(),
    status: text('status', { enum: recorrenciaStatus }).notNull(),
    /** Centavos: the most a month's debit may take (a tuition above it is left to the cobv). */
    valorMaximo: integer('valor_maximo').notNull(),
    dataInicial: date('data_inicial', { mode: 'string' }).notNull(),
    contrato: text('contrato').notNull(),
    /** The journey-2 QR the payer reads in their bank app, and its location. */
    copiaECola: text('copia_e_cola').notNull(),
    location: text('location').notNull(),
    /** Who ended it: the family in the portal, the school, or the payer's bank (app or PSP). */
    encerradaPor: text('encerrada_por', { enum: ['responsavel', 'escola', 'banco'] }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('pix_recorrencias_id_rec_unique').on(table.idRec),
    uniqueIndex('pix_recorrencias_viva_unique')
      .on(table.alunoId)
      .where(sql`${table.status} in ('aguardando', 'ativa')`),
  ],
);
export type PixRecorrenciaRow = typeof pixRecorrencias.$inferSelect;

/**
 * 'retirada': withdrawn by the school (PATCH CANCELADA: the month changed); 'cancelada': by the payer;
 * 'erro': the bank refused the sending (tried again while the window lasts); 'nao_enviada': the window
 * closed with no sending taken — the family was told to pay by the portal's Pix.
 */
export const cobrancaRecorrenteStatus = [
  'ativa',
  'concluida',
  'cancelada',
  'retirada',
  'expirada',
  'erro',
  'nao_enviada',
] as const;

/** Each month's charge under a recurrence (the BCB `cobr`): one per mensalidade. */
export const pixCobrancasRecorrentes = pgTable(
  'pix_cobrancas_recorrentes',
  {
    id: uuidPrimaryKey(),
    recorrenciaId: uuid('recorrencia_id')
      .notNull()
      .references(() => pixRecorrencias.id, { onDelete: 'cascade' }),
    mensalidadeId: uuid('mensalidade_id')
      .notNull()
      .references(() => mensalidades.id, { onDelete: 'cascade' }),
    txid: text('txid').notNull(),
    status: text('status', { enum: cobrancaRecorrenteStatus }).notNull(),
    /** Centavos sent in `valor.original`. */
    valor: integer('valor').notNull(),
    dataVencimento: date('data_vencimento', { mode: 'string' }).notNull(),
    erro: text('erro'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('pix_cobrancas_recorrentes_txid_unique').on(table.txid),
    uniqueIndex('pix_cobrancas_recorrentes_mensalidade_unique').on(table.mensalidadeId),
    index('pix_cobrancas_recorrentes_recorrencia_idx').on(table.recorrenciaId),
  ],
);
export type PixCobrancaRecorrenteRow = typeof pixCobrancasRecorrentes.$inferSelect;
