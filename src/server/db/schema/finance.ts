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
import { pagamentoOrigens, tiposCobranca } from '../../../shared/mensalidades.schemas.js';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { classes } from './classes.js';
import { users } from './users.js';
import { guardians, students, studentIdColumn } from './students.js';
import { bytea } from '../columns.js';

/** The school's money settings: one row (id 1). Rates in basis points (200 = 2 %). */
export const financeSettings = pgTable(
  'finance_settings',
  {
    id: integer('id').primaryKey().default(1),
    pixChave: text('pix_chave'),
    pixBeneficiario: text('pix_beneficiario'),
    pixCidade: text('pix_cidade'),
    multaBp: integer('multa_bp').notNull().default(200),
    jurosMensalBp: integer('juros_mensal_bp').notNull().default(100),
    diaVencimentoPadrao: integer('dia_vencimento_padrao').notNull().default(10),
    /**
     * Desconto de pontualidade (ADR 0046): 'nenhum' (the default: every school had none), 'percentual'
     * (`desconto_pontualidade_bp` of the open principal) or 'valor' (`desconto_pontualidade_centavos`),
     * granted when paid up to `desconto_pontualidade_dias_antes` days before the due date (0: on it).
     */
    descontoPontualidadeTipo: text('desconto_pontualidade_tipo', { enum: ['nenhum', 'percentual', 'valor'] })
      .notNull()
      .default('nenhum'),
    descontoPontualidadeBp: integer('desconto_pontualidade_bp').notNull().default(0),
    descontoPontualidadeCentavos: integer('desconto_pontualidade_centavos').notNull().default(0),
    descontoPontualidadeDiasAntes: integer('desconto_pontualidade_dias_antes').notNull().default(0),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('finance_settings_single_row', sql`${table.id} = 1`),
    check('finance_settings_multa_max', sql`${table.multaBp} between 0 and 200`),
    check(
      'finance_settings_desconto_pontualidade',
      sql`${table.descontoPontualidadeBp} between 0 and 5000 and ${table.descontoPontualidadeCentavos} >= 0 and ${table.descontoPontualidadeDiasAntes} between 0 and 28`,
    ),
  ],
);
export type FinanceSettingsRow = typeof financeSettings.$inferSelect;

/** A class's monthly tuition (kept here rather than on `classes`, which the records feature owns). */
export const classTuition = pgTable('class_tuition', {
  turmaId: uuid('turma_id')
    .primaryKey()
    .references(() => classes.id, { onDelete: 'cascade' }),
  /** Centavos. */
  valorMensalidade: integer('valor_mensalidade').notNull(),
  /** Null: the school's default due day. */
  diaVencimento: integer('dia_vencimento'),
  updatedAt: updatedAt(),
});

/** A student's bolsa (discount), in basis points (10000 = 100 %). */
export const studentDiscounts = pgTable('student_discounts', {
  alunoId: uuid('aluno_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  bolsaBp: integer('bolsa_bp').notNull(),
  motivo: text('motivo'),
  updatedAt: updatedAt(),
});

/**
 * One month's tuition of one student. Its status is derived (pago / vencido / pendente / cancelado) from
 * `principal_pago`, the due date and `cancelada_em`; it is never stored. `principal_pago`, `multa_paga`
 * and `juros_pagos` are the sums of its payments, kept in the payment's transaction so lists and
 * statistics need no aggregation over payments.
 */
export const mensalidades = pgTable(
  'mensalidades',
  {
    id: uuidPrimaryKey(),
    alunoId: studentIdColumn(),
    turmaId: uuid('turma_id').references(() => classes.id, { onDelete: 'set null' }),
    /** YYYY-MM */
    mesReferencia: text('mes_referencia').notNull(),
    /**
     * What the charge is (ADR 0094): a month's tuition, or the enrolment fee of the anuidade of
     * `anuidade_ano` (matrícula online), which still holds the month it is charged in (one charge per
     * student and month) but is named, filed and counted as the fee, never as that month's tuition.
     */
    tipo: text('tipo', { enum: tiposCobranca }).notNull().default('mensalidade'),
    dataVencimento: date('data_vencimento', { mode: 'string' }).notNull(),
    /** Centavos before any discount. */
    valorOriginal: integer('valor_original').notNull(),
    /** Centavos the student owes (after bolsa and discounts). */
    valor: integer('valor').notNull(),
    motivoDesconto: text('motivo_desconto'),
    principalPago: integer('principal_pago').notNull().default(0),
    multaPaga: integer('multa_paga').notNull().default(0),
    jurosPagos: integer('juros_pagos').notNull().default(0),
    /** Centavos of principal settled by a desconto de pontualidade (ADR 0046), not paid in money. */
    descontoConcedido: integer('desconto_concedido').notNull().default(0),
    dataPagamento: date('data_pagamento', { mode: 'string' }),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
    motivoCancelamento: text('motivo_cancelamento'),
    /** The 'Gerar mensalidades' run that created it (null: created before batches were recorded). */
    loteId: uuid('lote_id'),
    /**
     * Cancelled by undoing its batch: it no longer holds its month, so the month can be generated again
     * (a tuition cancelled on its own keeps holding it: generating again must not bring it back).
     */
    desfeita: boolean('desfeita').notNull().default(false),
    /**
     * A charge of the payment plan chosen in the signed contract (matrícula online, ADR 0049): the ano
     * letivo whose anuidade it pays. While such a charge stands, 'Gerar mensalidades' creates none of the
     * class's monthly tuition for that student and year (Lei 9.870: the contracted value is the year's).
     */
    anuidadeAno: integer('anuidade_ano'),
    /**
     * 'Já paguei' (ADR 0035): the day the family sent a comprovante still awaiting the school's answer.
     * While set (and the tuition neither paid nor cancelled) the status is `em_confirmacao` and the
     * amount shown is the one due on this day: juros and multa stop growing on the family's screen.
     */
    confirmacaoDesde: date('confirmacao_desde', { mode: 'string' }),
    /** The school's reason when it refused the last comprovante (shown to the family until paid). */
    comprovanteRecusa: text('comprovante_recusa'),
    /**
     * 'Em negociação' (issue 33 §4, ADR 0043): the school is negotiating this debt with the family, so
     * no automatic reminder goes out while it is set. The reason is the staff's; both set and clear are audited.
     */
    negociacaoDesde: timestamp('negociacao_desde', { withTimezone: true }),
    negociacaoMotivo: text('negociacao_motivo'),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('mensalidades_aluno_mes_unique')
      .on(table.alunoId, table.mesReferencia)
      .where(sql`not ${table.desfeita}`),
    index('mensalidades_lote_idx')
      .on(table.loteId)
      .where(sql`${table.loteId} is not null`),
    /**
     * A student's tuition, undone or not (the family's home, its feed and the Financeiro screen read by
     * the children's ids): the unique index above is partial (`not desfeita`), so a read that does not say
     * `not desfeita` cannot use it and scanned every mensalidade of the school (issue 38, 50,000 students).
     */
    index('mensalidades_aluno_idx').on(table.alunoId, table.dataVencimento),
    index('mensalidades_mes_idx').on(table.mesReferencia),
    index('mensalidades_vencimento_idx').on(table.dataVencimento),
    index('mensalidades_turma_idx').on(table.turmaId),
    /** Open tuition (the cards, the banner, the delinquency report). */
    index('mensalidades_abertas_idx')
      .on(table.dataVencimento)
      .where(sql`${table.canceladaEm} is null and ${table.principalPago} < ${table.valor}`),
    index('mensalidades_pagamento_idx').on(table.dataPagamento),
    check('mensalidades_valor_positive', sql`${table.valor} >= 0 and ${table.valorOriginal} >= 0`),
  ],
);
export type MensalidadeRow = typeof mensalidades.$inferSelect;

export const formasPagamento = ['pix', 'boleto', 'cartao', 'dinheiro', 'transferencia'] as const;

/** One payment of a tuition (several when paid in parts). */
export const pagamentos = pgTable(
  'pagamentos',
  {
    id: uuidPrimaryKey(),
    mensalidadeId: uuid('mensalidade_id')
      .notNull()
      .references(() => mensalidades.id, { onDelete: 'cascade' }),
    valorPago: integer('valor_pago').notNull(),
    principal: integer('principal').notNull(),
    multa: integer('multa').notNull(),
    juros: integer('juros').notNull(),
    /** Desconto de pontualidade granted (ADR 0046): `valor_pago` = principal − desconto + multa + juros. */
    desconto: integer('desconto').notNull().default(0),
    dataPagamento: date('data_pagamento', { mode: 'string' }).notNull(),
    forma: text('forma', { enum: formasPagamento }).notNull(),
    /**
     * Who tied the money to this tuition: `escola` (typed by the staff, a comprovante it confirmed, a Pix
     * it linked by hand), which it may reverse (estorno); `banco` (a Pix that paid its charge, Pix
     * Automático, a boleto's liquidação), which only the bank undoes (a devolução).
     */
    origem: text('origem', { enum: pagamentoOrigens }).notNull().default('escola'),
    registradoPor: uuid('registrado_por'),
    /**
     * The payer of record (ADR 0112): the child's responsável financeiro (principal guardian) when the
     * payment was recorded — whose declaração para o Imposto de Renda lists it, even after another
     * guardian takes over. Null on payments recorded with no principal, or whose guardian record was
     * deleted (the declaration then falls back to today's principal). An anonymised guardian keeps the
     * link: the record stays, only the identifiers go.
     */
    pagadorId: uuid('pagador_id').references(() => guardians.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('pagamentos_mensalidade_idx').on(table.mensalidadeId),
    index('pagamentos_pagador_idx').on(table.pagadorId),
  ],
);
export type PagamentoRow = typeof pagamentos.$inferSelect;

export const comprovanteSituacoes = ['aguardando', 'confirmado', 'recusado'] as const;

/**
 * 'Já paguei' (issue 32, ADR 0035): a comprovante (PDF or image, checked by content) a guardian sent for a
 * tuition, and the school's answer. At most one awaits an answer per tuition; the answered ones stay as
 * the record of what the family sent and what the school said.
 */
export const comprovantesPagamento = pgTable(
  'comprovantes_pagamento',
  {
    id: uuidPrimaryKey(),
    mensalidadeId: uuid('mensalidade_id')
      .notNull()
      .references(() => mensalidades.id, { onDelete: 'cascade' }),
    /** The day it was sent: the amount is frozen as of it. */
    dataReferencia: date('data_referencia', { mode: 'string' }).notNull(),
    /** What was due on that day (centavos): open principal + multa + juros. */
    valorDevido: integer('valor_devido').notNull(),
    nome: text('nome').notNull(),
    mimeType: text('mime_type').notNull(),
    tamanho: integer('tamanho').notNull(),
    bytes: bytea('bytes').notNull(),
    enviadoPor: uuid('enviado_por').references(() => users.id, { onDelete: 'set null' }),
    situacao: text('situacao', { enum: comprovanteSituacoes }).notNull().default('aguardando'),
    /** The school's reason when refused. */
    resposta: text('resposta'),
    respondidoPor: uuid('respondido_por').references(() => users.id, { onDelete: 'set null' }),
    respondidoEm: timestamp('respondido_em', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('comprovantes_pagamento_mensalidade_idx').on(table.mensalidadeId),
    uniqueIndex('comprovantes_pagamento_aguardando_unique')
      .on(table.mensalidadeId)
      .where(sql`${table.situacao} = 'aguardando'`),
  ],
);
export type ComprovantePagamentoRow = typeof comprovantesPagamento.$inferSelect;

/** Receitas and despesas. A tuition payment writes its own receita (`pagamento_id`). */
export const transacoes = pgTable(
  'transacoes',
  {
    id: uuidPrimaryKey(),
    tipo: text('tipo', { enum: ['receita', 'despesa'] }).notNull(),
    descricao: text('descricao').notNull(),
    categoria: text('categoria').notNull(),
    /** Centavos, positive. */
    valor: integer('valor').notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    formaPagamento: text('forma_pagamento', { enum: formasPagamento }),
    status: text('status', { enum: ['pago', 'pendente'] }).notNull(),
    pagamentoId: uuid('pagamento_id').references(() => pagamentos.id, { onDelete: 'cascade' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('transacoes_data_idx').on(table.data),
    index('transacoes_tipo_data_idx').on(table.tipo, table.data),
    uniqueIndex('transacoes_pagamento_unique')
      .on(table.pagamentoId)
      .where(sql`${table.pagamentoId} is not null`),
    check('transacoes_valor_positive', sql`${table.valor} > 0`),
  ],
);
export type TransacaoRow = typeof transacoes.$inferSelect;
