import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { AppContext } from '../context.js';
import { issueDocument, revokeDocument } from '../features/documents/index.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';
import { users } from '../db/schema/users.js';
import { builtInPerfilPermissions, permissions } from '../../shared/permissions.js';

/**
 * Issue 15's demo: documents with working `/validar/…` codes, through the same service the screens
 * use. The demo family's child has a declaração de matrícula from the secretaria and one the guardian
 * issued from the portal; another student's declaração was revoked (wrong série) and issued again, so
 * the validation page shows both 'válido' and 'revogado'.
 */
export async function seedDocuments(
  tx: DbOrTx,
  config: AppContext['config'],
  accounts: { administrador: string; responsavel: string },
): Promise<void> {
  const ctx = { db: tx, config };
  const viewerOf = async (id: string) => {
    const [user] = await tx
      .select({ id: users.id, nome: users.nome, nivel: users.nivel })
      .from(users)
      .where(eq(users.id, id));
    return user!;
  };
  // The demo's administrator is the Direção (every permission); the guardian holds Responsável.
  const admin = { ...(await viewerOf(accounts.administrador)), permissoes: permissions };
  const guardian = {
    ...(await viewerOf(accounts.responsavel)),
    permissoes: builtInPerfilPermissions.responsavel,
  };
  const actorOf = ({ id, nome, nivel }: Awaited<ReturnType<typeof viewerOf>>) => ({
    id,
    nome,
    nivel,
    ip: null,
  });
  const [child] = await tx
    .select({ id: studentGuardians.alunoId })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(eq(guardians.usuarioId, guardian.id))
    .orderBy(asc(students.nome))
    .limit(1);
  if (child) {
    await issueDocument(ctx, admin, actorOf(admin), { aluno_id: child.id, tipo: 'declaracao_matricula' });
    await issueDocument(ctx, guardian, actorOf(guardian), {
      aluno_id: child.id,
      tipo: 'declaracao_frequencia',
    });
  }
  const [other] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.status, 'ativo'), child ? ne(students.id, child.id) : undefined))
    .orderBy(asc(students.matricula))
    .limit(1);
  if (other) {
    const wrong = await issueDocument(ctx, admin, actorOf(admin), {
      aluno_id: other.id,
      tipo: 'declaracao_matricula',
    });
    await revokeDocument(
      ctx,
      actorOf(admin),
      wrong.id,
      'Emitida com a série errada; substituída por nova via.',
    );
    await issueDocument(ctx, admin, actorOf(admin), { aluno_id: other.id, tipo: 'declaracao_matricula' });
  }
}
