import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accessVias } from '../../../shared/access-log.schemas.js';
import { studentIdColumn } from './students.js';

/**
 * Every time a member of staff opened one student's whole record (LGPD art. 37; issue 17, part 7), so
 * the school can tell a family who saw their child's data. Append-only, like `audit_log`; kept apart
 * from it because it is read per student and grows with every view, not with every change. The viewer
 * is not a foreign key: the record outlives the account (their name is kept as it was). No IP: the
 * family's data export (Meus dados) carries these rows, and a staff member's address is not theirs.
 */
export const studentAccessLog = pgTable(
  'student_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    em: timestamp('em', { withTimezone: true }).notNull(),
    alunoId: studentIdColumn(),
    usuarioId: uuid('usuario_id'),
    usuarioNome: text('usuario_nome'),
    nivel: text('nivel', { enum: ['administrador', 'professor'] }).notNull(),
    via: text('via', { enum: accessVias }).notNull(),
  },
  (table) => [
    // 'Quem acessou' reads one student's views newest first; Auditoria reads all of them by date.
    index('student_access_log_aluno_idx').on(table.alunoId, table.em),
    index('student_access_log_em_idx').on(table.em),
  ],
);
