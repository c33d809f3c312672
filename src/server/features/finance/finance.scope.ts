import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import type { UserRow } from '../../db/schema/users.js';

/**
 * Whose rows a caller may see: the whole school (admin) or a guardian's own children. Anything outside
 * the scope answers 404, so a guardian cannot even learn that another student's tuition exists.
 */
export type FinanceScope =
  | { kind: 'escola' }
  /** `userId`: the guardian's account, where a read depends on who sent something (a comprovante). */
  | { kind: 'responsavel'; alunoIds: string[]; userId?: string };

/** The students linked to a guardian's portal account. */
export async function listChildIdsOfUser(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ alunoId: studentGuardians.alunoId })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(eq(guardians.usuarioId, userId));
  return [...new Set(rows.map((row) => row.alunoId))];
}

export async function financeScopeOf(db: DbOrTx, user: UserRow): Promise<FinanceScope> {
  if (user.nivel === 'administrador') return { kind: 'escola' };
  return { kind: 'responsavel', alunoIds: await listChildIdsOfUser(db, user.id), userId: user.id };
}
