import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cnabOcorrenciaSituacoes } from '../../../shared/cnab.schemas.js';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { mensalidades } from './finance.js';
import { users } from './users.js';

/**
 * Every CNAB 240 remessa the school generated (issue 36 §1, ADR 0056), kept whole so it can be downloaded
 * again. `nsa` is the file's sequence number per agreement (banco + convênio): unique, so two requests at
 * once cannot give the bank the same number.
 */
export const cnabRemessas = pgTable(
  'cnab_remessas',
  {
    id: uuidPrimaryKey(),
    banco: text('banco').notNull(),
    /** The agreement's identity (the convênio, or cooperativa/conta where the bank has no convênio). */
    convenio: text('convenio').notNull(),
    nsa: integer('nsa').notNull(),
    /** The day of the file (São Paulo). */
    data: date('data', { mode: 'string' }).notNull(),
    nomeArquivo: text('nome_arquivo').notNull(),
    /** The file as sent: 240-character records, CRLF, bank character set. */
    conteudo: text('conteudo').notNull(),
    quantidade: integer('quantidade').notNull(),
    valorTotal: integer('valor_total').notNull(),
    geradaPor: uuid('gerada_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('cnab_remessas_nsa_unique').on(table.banco, table.convenio, table.nsa)],
);
export type CnabRemessaRow = typeof cnabRemessas.$inferSelect;

/** Every retorno uploaded, with what it did (the file is kept: the record of what the bank said). */
export const cnabRetornos = pgTable('cnab_retornos', {
  id: uuidPrimaryKey(),
  banco: text('banco').notNull(),
  convenio: text('convenio').notNull(),
  nsa: integer('nsa').notNull(),
  nomeArquivo: text('nome_arquivo'),
  conteudo: text('conteudo').notNull(),
  enviadoPor: uuid('enviado_por').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Each event a retorno reported, once: the outside key is banco + convênio + nosso número + ocorrência +
 * data da ocorrência (unique; inserted with `on conflict do nothing` in the transaction that applies it),
 * so the same file uploaded twice has one effect. Lines that matched no boleto, or a payment the product
 * could not apply, stay here `a_conciliar` for a person: nothing the bank reported is dropped.
 */
export const cnabOcorrencias = pgTable(
  'cnab_ocorrencias',
  {
    id: uuidPrimaryKey(),
    retornoId: uuid('retorno_id')
      .notNull()
      .references(() => cnabRetornos.id, { onDelete: 'cascade' }),
    banco: text('banco').notNull(),
    convenio: text('convenio').notNull(),
    nossoNumero: text('nosso_numero').notNull(),
    ocorrencia: text('ocorrencia').notNull(),
    dataOcorrencia: date('data_ocorrencia', { mode: 'string' }).notNull(),
    /** The line of segment T in the file. */
    linha: integer('linha').notNull(),
    mensalidadeId: uuid('mensalidade_id').references(() => mensalidades.id, { onDelete: 'set null' }),
    valorTitulo: integer('valor_titulo').notNull().default(0),
    valorPago: integer('valor_pago').notNull().default(0),
    acrescimos: integer('acrescimos').notNull().default(0),
    desconto: integer('desconto').notNull().default(0),
    tarifa: integer('tarifa').notNull().default(0),
    /** The bank's reasons in words (a rejection), or why the product could not apply the line. */
    motivo: text('motivo'),
    situacao: text('situacao', { enum: cnabOcorrenciaSituacoes }).notNull(),
    observacao: text('observacao'),
    resolvidoPor: uuid('resolvido_por').references(() => users.id, { onDelete: 'set null' }),
    resolvidoEm: timestamp('resolvido_em', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('cnab_ocorrencias_evento_unique').on(
      table.banco,
      table.convenio,
      table.nossoNumero,
      table.ocorrencia,
      table.dataOcorrencia,
    ),
    index('cnab_ocorrencias_a_conciliar_idx')
      .on(table.createdAt)
      .where(sql`${table.situacao} = 'a_conciliar'`),
  ],
);
export type CnabOcorrenciaRow = typeof cnabOcorrencias.$inferSelect;
