import { sql } from 'drizzle-orm';
import {
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
import { bytea } from '../columns.js';
import { uuidPrimaryKey } from './columns.js';
import { users } from './users.js';

/**
 * A census file built in the background (issue 38, ADR 0063): at 50,000 students it takes minutes, so
 * the request queues a job and this row, the job records 'N de M linhas' here as it goes, and any
 * instance answers the screen. The pending list and the file (in parts of 256 KB, `censo_arquivo_partes`)
 * stay here, not on one instance's disk, for whichever instance serves the download; purged after a day
 * and left out of backups (copies of data the backup already holds).
 */
export const censoArquivoTarefas = pgTable(
  'censo_arquivo_tarefas',
  {
    id: uuidPrimaryKey(),
    ano: integer('ano').notNull(),
    etapa: text('etapa', { enum: ['matricula-inicial', 'situacao-do-aluno'] }).notNull(),
    status: text('status', { enum: ['na_fila', 'executando', 'concluida', 'falhou'] })
      .notNull()
      .default('na_fila'),
    feitos: integer('feitos').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** Once done: how many pendências (the list below), the file's name and size. */
    pendenciasTotal: integer('pendencias_total'),
    pendencias: jsonb('pendencias'),
    arquivoNome: text('arquivo_nome'),
    bytes: integer('bytes'),
    /** The students the file carries (ids): each download puts them in the access log. */
    alunoIds: jsonb('aluno_ids'),
    erro: text('erro'),
    usuarioId: uuid('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    iniciadoPorNome: text('iniciado_por_nome').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
  },
  (table) => [
    index('censo_arquivo_tarefas_ano_idx').on(table.ano, table.etapa, table.criadoEm),
    // One file of a stage and year built at a time: a second start answers the running task.
    uniqueIndex('censo_arquivo_tarefas_ativa_idx')
      .on(table.ano, table.etapa)
      .where(sql`status in ('na_fila', 'executando')`),
  ],
);
export type CensoArquivoTarefaRow = typeof censoArquivoTarefas.$inferSelect;

/** The file's bytes in order, 256 KB a part (written as the stream flushes, read one at a time to send). */
export const censoArquivoPartes = pgTable(
  'censo_arquivo_partes',
  {
    tarefaId: uuid('tarefa_id')
      .notNull()
      .references(() => censoArquivoTarefas.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tarefaId, table.n] })],
);
