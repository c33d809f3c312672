import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidPrimaryKey } from './columns.js';
import { users } from './users.js';
import { bytea } from '../columns.js';

/**
 * A report built in the background (the whole school's boletins, a big spreadsheet): its progress while
 * it runs and the file once done. In the database, so the instance that answers the progress or the
 * download need not be the one that built it; exports are purged after a day and left out of backups.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: uuidPrimaryKey(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relatorio: text('relatorio').notNull(),
    formato: text('formato', { enum: ['csv', 'xlsx', 'pdf'] }).notNull(),
    filtros: jsonb('filtros').notNull(),
    status: text('status', { enum: ['na_fila', 'gerando', 'pronto', 'falhou'] })
      .notNull()
      .default('na_fila'),
    feitos: integer('feitos').notNull().default(0),
    total: integer('total').notNull().default(0),
    arquivoNome: text('arquivo_nome'),
    conteudoTipo: text('conteudo_tipo'),
    arquivo: bytea('arquivo'),
    erro: text('erro'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    /** Touched on every step: a run whose process died stops moving and reads as failed. */
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
  },
  (table) => [index('report_exports_usuario_idx').on(table.usuarioId, table.criadoEm)],
);
export type ReportExportRow = typeof reportExports.$inferSelect;
