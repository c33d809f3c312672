import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { mensalidades } from './finance.js';
import { guardians, studentIdColumn } from './students.js';
import { users } from './users.js';

export const fiscalAmbientesDb = ['producao_restrita', 'producao'] as const;
export const nfseStatusesDb = ['pendente', 'emitida', 'rejeitada', 'cancelada'] as const;

/**
 * The school's NFS-e padrão nacional settings (Configurações → Fiscal, issue 36 §2, ADR 0057): one row
 * (id 1). The A1 certificate (.pfx) and its password are sealed with the installation's key
 * (lib/secret-box.ts) in the `*_cifrado` columns: a dump or a backup holds only ciphertext. What the
 * screen shows of the certificate (holder, CNPJ, validity) is kept apart in clear.
 * `proximoNumeroDps` is taken under a row lock and never given twice.
 */
export const fiscalConfig = pgTable(
  'fiscal_config',
  {
    id: integer('id').primaryKey().default(1),
    cnpj: text('cnpj'),
    inscricaoMunicipal: text('inscricao_municipal'),
    municipioIbge: text('municipio_ibge'),
    regime: text('regime', { enum: ['simples_nacional', 'normal'] })
      .notNull()
      .default('simples_nacional'),
    codigoTributacaoNacional: text('codigo_tributacao_nacional').notNull().default('080101'),
    codigoNbs: text('codigo_nbs'),
    /** The IBS/CBS group (regime normal only): cIndOp, CST, cClassTrib. */
    ibscbsIndOp: text('ibscbs_ind_op'),
    ibscbsCst: text('ibscbs_cst'),
    ibscbsClassTrib: text('ibscbs_class_trib'),
    /** Basis points (200 = 2 %). */
    aliquotaIssBp: integer('aliquota_iss_bp').notNull().default(200),
    ambiente: text('ambiente', { enum: fiscalAmbientesDb }).notNull().default('producao_restrita'),
    serie: text('serie').notNull().default('1'),
    proximoNumeroDps: bigint('proximo_numero_dps', { mode: 'number' }).notNull().default(1),
    somentePagas: boolean('somente_pagas').notNull().default(false),
    urlProducaoRestrita: text('url_producao_restrita'),
    urlProducao: text('url_producao'),
    /** The .pfx (base64) and its password, sealed. */
    certificadoCifrado: text('certificado_cifrado'),
    senhaCertificadoCifrada: text('senha_certificado_cifrada'),
    certificadoTitular: text('certificado_titular'),
    certificadoCnpj: text('certificado_cnpj'),
    certificadoValidoDe: timestamp('certificado_valido_de', { withTimezone: true }),
    certificadoValidoAte: timestamp('certificado_valido_ate', { withTimezone: true }),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('fiscal_config_single_row', sql`${table.id} = 1`),
    check('fiscal_config_aliquota', sql`${table.aliquotaIssBp} between 0 and 500`),
    check('fiscal_config_proximo_dps', sql`${table.proximoNumeroDps} >= 1`),
  ],
);
export type FiscalConfigRow = typeof fiscalConfig.$inferSelect;

/** One 'Emitir notas' of a competência: the notes it created run through the job queue. */
export const nfseLotes = pgTable(
  'nfse_lotes',
  {
    id: uuidPrimaryKey(),
    /** AAAA-MM */
    competencia: text('competencia').notNull(),
    total: integer('total').notNull().default(0),
    criadoPor: uuid('criado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('nfse_lotes_competencia_idx').on(table.competencia)],
);
export type NfseLoteRow = typeof nfseLotes.$inferSelect;

/**
 * One NFS-e (its DPS and what the national system answered) of one mensalidade, or of the part of it one
 * guardian paid (ADR 0114). A mensalidade has at most one live note (pendente or emitida) per tomador; a
 * rejected or cancelled one may be followed by a new one. The tomador is copied as it was on the DPS: the
 * note is a fiscal document kept as issued. `idDps` (the 45-character Id) and the `chaveAcesso` (50 digits) are unique.
 */
export const nfse = pgTable(
  'nfse',
  {
    id: uuidPrimaryKey(),
    loteId: uuid('lote_id').references(() => nfseLotes.id, { onDelete: 'set null' }),
    mensalidadeId: uuid('mensalidade_id')
      .notNull()
      .references(() => mensalidades.id, { onDelete: 'cascade' }),
    alunoId: studentIdColumn(),
    competencia: text('competencia').notNull(),
    status: text('status', { enum: nfseStatusesDb }).notNull().default('pendente'),
    ambiente: text('ambiente', { enum: fiscalAmbientesDb }).notNull(),
    serie: text('serie').notNull(),
    numeroDps: bigint('numero_dps', { mode: 'number' }).notNull(),
    idDps: text('id_dps').notNull(),
    /** Centavos (the service's value on the DPS). */
    valor: integer('valor').notNull(),
    tomadorNome: text('tomador_nome').notNull(),
    tomadorCpf: text('tomador_cpf'),
    /**
     * The guardian the note is issued to (ADR 0114): who paid the part of the month it documents, or the
     * responsável financeiro for a part still open. Null for a note with no guardian, or whose record was
     * deleted (the name and CPF above stay: the note is kept as issued).
     */
    tomadorId: uuid('tomador_id').references(() => guardians.id, { onDelete: 'set null' }),
    xmlDps: text('xml_dps'),
    xmlNfse: text('xml_nfse'),
    /** nNFSe, as the national system numbered it. */
    numero: text('numero'),
    chaveAcesso: text('chave_acesso'),
    codigoRejeicao: text('codigo_rejeicao'),
    motivo: text('motivo'),
    tentativas: integer('tentativas').notNull().default(0),
    emitidaEm: timestamp('emitida_em', { withTimezone: true }),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
    motivoCancelamento: text('motivo_cancelamento'),
    xmlEventoCancelamento: text('xml_evento_cancelamento'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('nfse_id_dps_unique').on(table.idDps),
    uniqueIndex('nfse_chave_unique')
      .on(table.chaveAcesso)
      .where(sql`${table.chaveAcesso} is not null`),
    // One live note per mensalidade and tomador (ADR 0114: a month paid by two guardians has one each).
    uniqueIndex('nfse_mensalidade_tomador_viva_unique')
      .on(
        table.mensalidadeId,
        sql`coalesce(${table.tomadorId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      )
      .where(sql`${table.status} in ('pendente', 'emitida')`),
    index('nfse_tomador_idx').on(table.tomadorId),
    index('nfse_competencia_idx').on(table.competencia),
    index('nfse_lote_idx').on(table.loteId),
    index('nfse_aluno_idx').on(table.alunoId),
  ],
);
export type NfseRow = typeof nfse.$inferSelect;
