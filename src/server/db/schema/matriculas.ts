import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EtapaFunil, PreMatriculaDados, TipoEvento } from '../../../shared/matriculas.schemas.js';
import { formasPagamento } from '../../../shared/mensalidades.schemas.js';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { classes } from './classes.js';
import { students } from './students.js';
import { users } from './users.js';

/**
 * Matrícula online (issue 34). One row per family in the admissions funnel: a new family that wrote on
 * the public site (`tipo` 'nova') or a current student's family in the online rematrícula round
 * ('rematricula', `aluno_id` set from the start). `etapa` is where it stands; every change is a line in
 * `interessado_eventos` (the family's timeline) and in the audit trail.
 */
export const interessados = pgTable(
  'interessados',
  {
    id: uuidPrimaryKey(),
    tipo: text('tipo', { enum: ['nova', 'rematricula'] })
      .notNull()
      .default('nova'),
    responsavelNome: text('responsavel_nome').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** Digits only. */
    telefone: text('telefone').notNull(),
    alunoNome: text('aluno_nome').notNull(),
    alunoNascimento: date('aluno_nascimento', { mode: 'string' }).notNull(),
    serie: text('serie').notNull(),
    anoLetivo: integer('ano_letivo').notNull(),
    origem: text('origem'),
    mensagem: text('mensagem'),
    etapa: text('etapa').$type<EtapaFunil>().notNull().default('interessado'),
    motivoPerda: text('motivo_perda'),
    visitaEm: timestamp('visita_em', { withTimezone: true }),
    /** When `etapa` last changed (the funnel's 'há N dias' and the monthly figures). */
    etapaEm: timestamp('etapa_em', { withTimezone: true }).notNull().defaultNow(),
    /** When the family gave the specific consent for the child's data (LGPD art. 14); null for rematrícula rows (the existing consent covers them). */
    consentimentoEm: timestamp('consentimento_em', { withTimezone: true }),
    /** The student this family became (or is, at rematrícula). */
    alunoId: uuid('aluno_id').references(() => students.id, { onDelete: 'set null' }),
    /** The class chosen for the student (capacity checked on enrolment). */
    turmaId: uuid('turma_id').references(() => classes.id, { onDelete: 'set null' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('interessados_etapa_idx').on(table.etapa, table.etapaEm),
    index('interessados_ano_serie_idx').on(table.anoLetivo, table.serie),
    index('interessados_aluno_idx').on(table.alunoId),
    check(
      'interessados_etapa',
      sql`${table.etapa} in ('interessado','visita','pre_matricula','contrato_enviado','contrato_assinado','matriculado','perdido')`,
    ),
  ],
);

/** A family's timeline: stage changes, notes, contacts, visits, e-mails sent, documents, signatures. */
export const interessadoEventos = pgTable(
  'interessado_eventos',
  {
    id: uuidPrimaryKey(),
    interessadoId: uuid('interessado_id')
      .notNull()
      .references(() => interessados.id, { onDelete: 'cascade' }),
    tipo: text('tipo').$type<TipoEvento>().notNull(),
    texto: text('texto').notNull(),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name at the time (the account may go); null when the system or the family did it. */
    autorNome: text('autor_nome'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('interessado_eventos_idx').on(table.interessadoId, table.criadoEm)],
);

/**
 * The pré-matrícula form a family fills through a link (`/matricula/{token}`): no password, a
 * single-use expiring token of which only the SHA-256 is stored. `dados` is the draft as saved
 * (shared `preMatriculaDadosSchema`); `enviado_em` when the family submitted it. A new invitation
 * replaces the token (the old link stops working) but keeps the draft.
 */
export const preMatriculas = pgTable(
  'pre_matriculas',
  {
    id: uuidPrimaryKey(),
    interessadoId: uuid('interessado_id')
      .notNull()
      .references(() => interessados.id, { onDelete: 'cascade' }),
    /** A random value by default: a restored backup (which leaves the hashes out) has dead links. */
    tokenHash: text('token_hash')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    dados: jsonb('dados').$type<PreMatriculaDados>().notNull(),
    abertoEm: timestamp('aberto_em', { withTimezone: true }),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
    /** The fee (or first instalment) paid, when the school enrols only after it (pré-matrícula part, ADR 0049). */
    pagamentoEm: timestamp('pagamento_em', { withTimezone: true }),
    /** How that fee was paid, as the Financeiro recorded it: the fee's charge is settled with it (ADR 0101). */
    pagamentoForma: text('pagamento_forma', { enum: formasPagamento }),
    /** No place in the série's classes when the enrolment ran: the family waits (the funnel shows it). */
    listaEsperaEm: timestamp('lista_espera_em', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('pre_matriculas_interessado_idx').on(table.interessadoId),
    uniqueIndex('pre_matriculas_token_idx').on(table.tokenHash),
  ],
);
