import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ContratoPublicado } from '../../../shared/anuidades.schemas.js';
import { createdAt, updatedAt, uuidPrimaryKey, version } from './columns.js';
import { interessados } from './matriculas.js';

/**
 * Anuidades (Lei 9.870/1999, issue 34): one row per year and série — the annual value in centavos and
 * the school's enrolment deadline, which the publication must precede by 45 days (art. 2º).
 */
export const anuidades = pgTable(
  'anuidades',
  {
    id: uuidPrimaryKey(),
    anoLetivo: integer('ano_letivo').notNull(),
    serie: text('serie').notNull(),
    valorAnualCentavos: integer('valor_anual_centavos').notNull(),
    prazoMatricula: date('prazo_matricula', { mode: 'string' }).notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('anuidades_ano_serie_idx').on(table.anoLetivo, table.serie),
    check('anuidades_valor_positivo', sql`${table.valorAnualCentavos} > 0`),
  ],
);
export type AnuidadeRow = typeof anuidades.$inferSelect;

/**
 * A série's payment plans: the standard one (`padrao`: the anuidade less the fee in equal instalments)
 * and alternatives never above the anuidade (art. 1º §5º). A family's pré-matrícula keeps the chosen
 * plan's id, so editing keeps ids and removing a plan only removes it from the choice.
 */
export const planosPagamento = pgTable(
  'planos_pagamento',
  {
    id: uuidPrimaryKey(),
    anuidadeId: uuid('anuidade_id')
      .notNull()
      .references(() => anuidades.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    parcelas: integer('parcelas').notNull(),
    valorParcelaCentavos: integer('valor_parcela_centavos').notNull(),
    taxaMatriculaCentavos: integer('taxa_matricula_centavos').notNull().default(0),
    padrao: boolean('padrao').notNull().default(false),
    ordem: integer('ordem').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('planos_pagamento_anuidade_idx').on(table.anuidadeId, table.ordem),
    check('planos_pagamento_parcelas', sql`${table.parcelas} between 1 and 12`),
    check(
      'planos_pagamento_valores',
      sql`${table.valorParcelaCentavos} >= 0 and ${table.taxaMatriculaCentavos} >= 0`,
    ),
  ],
);
export type PlanoPagamentoRow = typeof planosPagamento.$inferSelect;

/**
 * A year's publication (art. 2º): when the school published it, and what it published — the values,
 * plans and the contract in force at that moment, frozen (the public page shows this, not later edits;
 * the places per class are read live). Publishing again replaces it and restarts the 45 days. Who
 * published is in the audit trail, not here (this table holds no personal data).
 */
export interface PublicacaoConteudo {
  series: {
    serie: string;
    valor_anual_centavos: number;
    prazo_matricula: string;
    planos: {
      nome: string;
      parcelas: number;
      valor_parcela_centavos: number;
      taxa_matricula_centavos: number;
      total_centavos: number;
      padrao: boolean;
    }[];
  }[];
  contrato: ContratoPublicado | null;
}

export const anuidadePublicacoes = pgTable('anuidade_publicacoes', {
  anoLetivo: integer('ano_letivo').primaryKey(),
  publicadoEm: timestamp('publicado_em', { withTimezone: true }).notNull(),
  conteudo: jsonb('conteudo').$type<PublicacaoConteudo>().notNull(),
});

/**
 * The school's choices for matrícula online (one row, id 1; absent = defaults): refuse the online
 * renewal to families in default (art. 5º) and the message they see; whether the year-end rematrícula
 * applies only the families who signed in the online round, or everyone.
 */
export const matriculasConfiguracoes = pgTable('matriculas_configuracoes', {
  id: integer('id').primaryKey(),
  recusarInadimplentes: boolean('recusar_inadimplentes').notNull().default(false),
  mensagemInadimplencia: text('mensagem_inadimplencia').notNull(),
  rematriculaAplica: text('rematricula_aplica', { enum: ['todos', 'assinados'] })
    .notNull()
    .default('todos'),
  version: version(),
  updatedAt: updatedAt(),
});

/** A year's online rematrícula round: started once, families added as `interessados` rows of `tipo` 'rematricula'. */
export const rematriculaRodadas = pgTable('rematricula_rodadas', {
  anoLetivo: integer('ano_letivo').primaryKey(),
  iniciadaEm: timestamp('iniciada_em', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Reminders sent to a family of the round: at most one a day (the primary key is the limit, so two
 * clicks or two instances cannot send two).
 */
export const rematriculaLembretes = pgTable(
  'rematricula_lembretes',
  {
    interessadoId: uuid('interessado_id')
      .notNull()
      .references(() => interessados.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.interessadoId, table.dia] })],
);
