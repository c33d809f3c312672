import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ContratoCampos } from '../../../shared/matriculas.schemas.js';
import { bytea } from '../columns.js';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { interessados } from './matriculas.js';
import { users } from './users.js';

/**
 * Matrícula online (issue 34), contracts and the electronic signature. A template is never edited in
 * place: each save is a new `versao` (the one in force is the highest), because a signed contract
 * points at the version it was drawn from.
 */
export const modelosContrato = pgTable(
  'modelos_contrato',
  {
    id: uuidPrimaryKey(),
    versao: integer('versao').notNull(),
    titulo: text('titulo').notNull(),
    /** Rich text (shared/rich-text.ts) with `{{campo}}` fields. */
    corpo: text('corpo').notNull(),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name at the time (the account may go). */
    autorNome: text('autor_nome'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('modelos_contrato_versao_idx').on(table.versao)],
);

/**
 * Who signs besides the financial guardian: the second guardian when the school requires it, and the
 * school's representative (name, CPF, e-mail). One row (id 1); absent means nobody set it yet.
 */
export const contratosConfiguracao = pgTable(
  'contratos_configuracao',
  {
    id: integer('id').primaryKey().default(1),
    exigirSegundoResponsavel: boolean('exigir_segundo_responsavel').notNull().default(false),
    representanteNome: text('representante_nome'),
    representanteCpf: text('representante_cpf'),
    representanteEmail: text('representante_email'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [check('contratos_configuracao_um', sql`${table.id} = 1`)],
);

export type ContratoStatus = 'aguardando' | 'assinado' | 'anulado';

/**
 * A contract as sent: the fields it was drawn from and the PDF, frozen (bytea), with the SHA-256 of
 * those bytes and a verification code for `/validar/{codigo}`. When every signer has signed, `pdf_assinado`
 * is the same PDF plus the manifesto page. A new round voids the previous contract (status `anulado`)
 * but keeps it: what was signed, or refused, stays provable.
 */
export const contratos = pgTable(
  'contratos',
  {
    id: uuidPrimaryKey(),
    /** Null once the family leaves the funnel (retention): a signed contract is kept without it. */
    interessadoId: uuid('interessado_id').references(() => interessados.id, { onDelete: 'set null' }),
    modeloId: uuid('modelo_id')
      .notNull()
      .references(() => modelosContrato.id, { onDelete: 'restrict' }),
    modeloVersao: integer('modelo_versao').notNull(),
    campos: jsonb('campos').$type<ContratoCampos>().notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    codigoValidacao: text('codigo_validacao').notNull(),
    status: text('status').$type<ContratoStatus>().notNull().default('aguardando'),
    pdfAssinado: bytea('pdf_assinado'),
    assinadoEm: timestamp('assinado_em', { withTimezone: true }),
    anuladoEm: timestamp('anulado_em', { withTimezone: true }),
    motivoAnulacao: text('motivo_anulacao'),
    enviadoPorId: uuid('enviado_por_id').references(() => users.id, { onDelete: 'set null' }),
    enviadoPorNome: text('enviado_por_nome'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('contratos_codigo_idx').on(table.codigoValidacao),
    index('contratos_interessado_idx').on(table.interessadoId, table.createdAt),
    check('contratos_status', sql`${table.status} in ('aguardando','assinado','anulado')`),
  ],
);

export type PapelSignatario = 'responsavel_financeiro' | 'segundo_responsavel' | 'escola';

/**
 * One signer of a contract. The link `/assinar/{token}` is theirs (only its SHA-256 here, with an
 * expiry); the one-time code is stored hashed with its expiry and the wrong tries counted. On signing:
 * the channel the code went to, when it was checked, the IP, the browser and the moment.
 */
export const contratoAssinaturas = pgTable(
  'contrato_assinaturas',
  {
    id: uuidPrimaryKey(),
    contratoId: uuid('contrato_id')
      .notNull()
      .references(() => contratos.id, { onDelete: 'cascade' }),
    papel: text('papel').$type<PapelSignatario>().notNull(),
    ordem: integer('ordem').notNull(),
    nome: text('nome').notNull(),
    cpf: text('cpf'),
    email: text('email').notNull(),
    /** A random value by default: a restored backup (which leaves the hashes out) has dead links. */
    tokenHash: text('token_hash')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    tokenExpiraEm: timestamp('token_expira_em', { withTimezone: true }).notNull(),
    codigoHash: text('codigo_hash'),
    codigoExpiraEm: timestamp('codigo_expira_em', { withTimezone: true }),
    codigoTentativas: integer('codigo_tentativas').notNull().default(0),
    codigoEnviadoEm: timestamp('codigo_enviado_em', { withTimezone: true }),
    /** The codes sent in this signer's round (a cap on how many e-mails one link may trigger). */
    codigosEnviados: integer('codigos_enviados').notNull().default(0),
    canal: text('canal').$type<'email'>(),
    codigoVerificadoEm: timestamp('codigo_verificado_em', { withTimezone: true }),
    assinadoEm: timestamp('assinado_em', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('contrato_assinaturas_token_idx').on(table.tokenHash),
    index('contrato_assinaturas_contrato_idx').on(table.contratoId, table.ordem),
    check(
      'contrato_assinaturas_papel',
      sql`${table.papel} in ('responsavel_financeiro','segundo_responsavel','escola')`,
    ),
  ],
);
