import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { teachers, type TeacherRow } from '../../db/schema/teachers.js';

/**
 * A professor account and a teacher record with the same e-mail are the same person: whichever is
 * created first, they are linked (`teachers.usuario_id`) when the second appears, so the teacher signs
 * in and sees their classes (docs/records.md). When they cannot be linked — one of them already
 * belongs to someone else — the change is refused with a message that says what to do.
 * Only tables here (no services), so both the users and the teachers features can call it.
 */

export interface LinkedTeacher {
  id: string;
  nome: string;
}

/** The teacher record linked to an account, for the Usuários screen. */
export async function findLinkedTeacher(db: DbOrTx, userId: string): Promise<LinkedTeacher | null> {
  const [row] = await db
    .select({ id: teachers.id, nome: teachers.nome })
    .from(teachers)
    .where(eq(teachers.usuarioId, userId));
  return row ?? null;
}

async function link(tx: DbOrTx, teacher: TeacherRow, account: UserRow, actor: Actor): Promise<void> {
  await tx
    .update(teachers)
    .set({ usuarioId: account.id, version: teacher.version + 1, updatedAt: new Date() })
    .where(eq(teachers.id, teacher.id));
  await recordAudit(tx, actor, {
    action: 'vincular_acesso',
    entity: 'professor',
    entityId: teacher.id,
    details: { usuario_id: account.id },
  });
}

/**
 * After a professor account is saved (created, renamed or made a professor): links the teacher record
 * with its e-mail. Returns the linked teacher, or null when no record has the e-mail.
 */
export async function linkAccountToTeacher(
  tx: DbOrTx,
  account: UserRow,
  actor: Actor,
): Promise<LinkedTeacher | null> {
  if (account.nivel !== 'professor') return null;
  const [teacher] = await tx.select().from(teachers).where(eq(teachers.email, account.email)).for('update');
  if (!teacher) return findLinkedTeacher(tx, account.id);
  if (teacher.usuarioId === account.id) return { id: teacher.id, nome: teacher.nome };
  if (teacher.usuarioId !== null) {
    const [other] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, teacher.usuarioId));
    const message =
      `O professor ${teacher.nome} (${teacher.email}) já tem acesso ao portal pela conta ${other?.email ?? 'de outro usuário'}. ` +
      'Use essa conta, ou use outro e-mail aqui.';
    throw new AppError('CONFLICT', message, [{ path: 'email', message }]);
  }
  const current = await findLinkedTeacher(tx, account.id);
  if (current) {
    const message =
      `Esta conta já está vinculada ao professor ${current.nome}, e o e-mail é do professor ${teacher.nome}. ` +
      `Em Professores, deixe o e-mail de ${current.nome} igual ao da conta, ou use outro e-mail aqui.`;
    throw new AppError('CONFLICT', message, [{ path: 'email', message }]);
  }
  await link(tx, teacher, account, actor);
  return { id: teacher.id, nome: teacher.nome };
}

/**
 * Before a teacher record without access is saved: the professor account with the same e-mail, free to
 * link, or null. Refuses when that account already belongs to another teacher record.
 */
export async function findAccountForTeacher(
  tx: DbOrTx,
  email: string,
  teacherId: string | null,
): Promise<UserRow | null> {
  const [account] = await tx.select().from(users).where(eq(users.email, email));
  if (!account || account.nivel !== 'professor') return null;
  const [other] = await tx
    .select({ nome: teachers.nome, email: teachers.email })
    .from(teachers)
    .where(
      teacherId
        ? and(eq(teachers.usuarioId, account.id), ne(teachers.id, teacherId))
        : eq(teachers.usuarioId, account.id),
    );
  if (other) {
    const message =
      `A conta de professor ${account.email} já está vinculada ao professor ${other.nome} (${other.email}). ` +
      'Use outro e-mail aqui, ou edite o cadastro daquele professor.';
    throw new AppError('CONFLICT', message, [{ path: 'email', message }]);
  }
  return account;
}
