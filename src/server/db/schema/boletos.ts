import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, version } from './columns.js';
import { mensalidades } from './finance.js';

/**
 * The school's boleto agreement with its bank (Configurações → Financeiro → Boleto, issue 36 §1): one
 * row (id 1). `banco` is the three-digit FEBRABAN code; the free field of the barcode and the nosso
 * número follow that bank's rules (features/boleto). `proximoNossoNumero` is the next sequence to give.
 */
export const boletoConfig = pgTable(
  'boleto_config',
  {
    id: integer('id').primaryKey().default(1),
    ativo: boolean('ativo').notNull().default(false),
    banco: text('banco'),
    agencia: text('agencia'),
    conta: text('conta'),
    carteira: text('carteira'),
    convenio: text('convenio'),
    proximoNossoNumero: integer('proximo_nosso_numero').notNull().default(1),
    instrucoes: text('instrucoes'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [check('boleto_config_single_row', sql`${table.id} = 1`)],
);
export type BoletoConfigRow = typeof boletoConfig.$inferSelect;

export const boletoSituacoes = ['a_registrar', 'registrado', 'rejeitado', 'liquidado', 'baixado'] as const;
export const boletoMovimentos = ['entrada', 'baixa', 'alteracao_vencimento'] as const;

/**
 * The boleto of one mensalidade as the school issued it and as the bank last confirmed it (issue 36 §1).
 * `movimentoPendente` is what the next remessa must tell the bank (null: nothing); the remessa that
 * carried it is `remessaId` (features/cnab keeps the files), and what it carried `movimentoEnviado`,
 * cleared when the bank's retorno rejects that instruction (a baixa sent is not sent again while it
 * waits, ADR 0099). The nosso número is unique per agreement.
 */
export const boletos = pgTable(
  'boletos',
  {
    mensalidadeId: uuid('mensalidade_id')
      .primaryKey()
      .references(() => mensalidades.id, { onDelete: 'cascade' }),
    banco: text('banco').notNull(),
    convenio: text('convenio').notNull(),
    carteira: text('carteira').notNull(),
    /** As the bank prints it (with its check digit where the bank has one). */
    nossoNumero: text('nosso_numero').notNull(),
    vencimento: date('vencimento', { mode: 'string' }).notNull(),
    /**
     * Centavos on the boleto: the open principal on the day it was issued, plus `multa` and `juros` when
     * it was issued after the tuition's due date (ADR 0131).
     */
    valor: integer('valor').notNull(),
    /** Multa included in `valor` (a boleto issued after the tuition's due date; else 0). */
    multa: integer('multa').notNull().default(0),
    /** Juros up to this boleto's `vencimento` included in `valor` (as `multa`). */
    juros: integer('juros').notNull().default(0),
    /**
     * The tuition's due date when this boleto was issued after it (ADR 0131): the boleto has its own
     * near due date and the amount of that day; null for a boleto issued in time (due with the tuition).
     */
    vencimentoMensalidade: date('vencimento_mensalidade', { mode: 'string' }),
    /**
     * The pontualidade discount the entrada told the bank (ADR 0135): centavos off until `descontoAteEnviado`;
     * 0 when it carried none; null until an entrada is sent (and for a boleto sent before migration 0077).
     * The retorno checks a liquidação against it, not against the school's rule of the day.
     */
    descontoEnviado: integer('desconto_enviado'),
    descontoAteEnviado: date('desconto_ate_enviado', { mode: 'string' }),
    codigoBarras: text('codigo_barras').notNull(),
    linhaDigitavel: text('linha_digitavel').notNull(),
    situacao: text('situacao', { enum: boletoSituacoes }).notNull().default('a_registrar'),
    movimentoPendente: text('movimento_pendente', { enum: boletoMovimentos }).default('entrada'),
    remessaId: uuid('remessa_id'),
    movimentoEnviado: text('movimento_enviado', { enum: boletoMovimentos }),
    /** The bank's reason for the last rejection, in Portuguese. */
    motivoRejeicao: text('motivo_rejeicao'),
    emitidoEm: timestamp('emitido_em', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('boletos_nosso_numero_unique').on(table.banco, table.convenio, table.nossoNumero),
    index('boletos_movimento_idx')
      .on(table.banco)
      .where(sql`${table.movimentoPendente} is not null`),
  ],
);
export type BoletoRow = typeof boletos.$inferSelect;
