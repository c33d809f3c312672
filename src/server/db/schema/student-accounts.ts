import { pgTable, text, timestamp, uniqueIndex, uuid, index } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { guardians, students } from './students.js';
import { users } from './users.js';

/**
 * A student's own portal account (issue 31 §4, ADR 0029): the account (`users.nivel = 'aluno'`) and the
 * student it reaches — only them. Made with a guardian's consent (LGPD art. 14 §1): who gave it, how and
 * when, and who recorded it, kept with the names so the record survives the guardian's removal. A
 * guardian may ask the school to disable it; disabling sets the account 'inativo' and keeps this row.
 */
export const studentAccounts = pgTable(
  'student_accounts',
  {
    id: uuidPrimaryKey(),
    alunoId: uuid('aluno_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentimentoResponsavelId: uuid('consentimento_responsavel_id').references(() => guardians.id, {
      onDelete: 'set null',
    }),
    consentimentoResponsavelNome: text('consentimento_responsavel_nome').notNull(),
    consentimentoMeio: text('consentimento_meio', {
      enum: ['presencial', 'termo_assinado', 'portal'],
    }).notNull(),
    consentimentoEm: timestamp('consentimento_em', { withTimezone: true }).notNull(),
    registradoPorId: uuid('registrado_por_id').references(() => users.id, { onDelete: 'set null' }),
    registradoPorNome: text('registrado_por_nome'),
    /** A guardian's request that the school disable the account (null: none pending). */
    desativacaoPedidaEm: timestamp('desativacao_pedida_em', { withTimezone: true }),
    desativacaoPedidaPorNome: text('desativacao_pedida_por_nome'),
    desativacaoMotivo: text('desativacao_motivo'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('student_accounts_aluno_unique').on(table.alunoId),
    uniqueIndex('student_accounts_usuario_unique').on(table.usuarioId),
    index('student_accounts_pedido_idx').on(table.desativacaoPedidaEm),
  ],
);
export type StudentAccountRow = typeof studentAccounts.$inferSelect;
