/**
 * When a Portal do Aluno account is disabled without anyone pressing 'Desativar': the family withdrew its
 * consent, or the student left the school. Both in the transaction of what caused it, registered in
 * index.ts so the dependency stays one-way.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { studentAccounts } from '../../db/schema/student-accounts.js';
import { users } from '../../db/schema/users.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { forgetCachedSessions, revokeUserSessions } from '../auth/index.js';
import { accountOf, joined } from './contas-aluno.service.js';

/**
 * The family withdrew the 'portal_aluno' consent (LGPD art. 14 §1, art. 8 §5): the student's account is
 * disabled at once in the same transaction — its sessions end, a pending request is answered — and
 * audited; the account, its consent record and its history stay. Registered in index.ts.
 */
export async function disableOnConsentWithdrawn(
  ctx: AppContext,
  tx: DbOrTx,
  alunoId: string,
  actor: Actor,
): Promise<(() => void) | undefined> {
  const found = await accountOf(tx, alunoId);
  if (!found || found.user.status !== 'ativo') return undefined;
  await tx
    .update(users)
    .set({ status: 'inativo', version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, found.user.id));
  await revokeUserSessions(tx, found.user.id);
  await tx
    .update(studentAccounts)
    .set({ desativacaoPedidaEm: null, desativacaoPedidaPorNome: null, desativacaoMotivo: null })
    .where(eq(studentAccounts.id, found.account.id));
  await recordAudit(tx, actor, {
    action: 'alterar_status',
    entity: 'usuario',
    entityId: found.user.id,
    details: { status: 'inativo', acesso_aluno: alunoId, motivo: 'consentimento_retirado' },
  });
  return () => forgetCachedSessions(ctx.db, { userId: found.user.id });
}

/**
 * Students who left (transferred, made inactive, graduated): their Portal do Aluno accounts are disabled in
 * the same transaction — sessions end, a pending request is answered — and audited; the accounts and their
 * history stay, and the school may enable one again once the student is active. Registered in index.ts.
 */
export async function disableOnStudentsLeft(
  ctx: AppContext,
  tx: DbOrTx,
  alunoIds: readonly string[],
  actor: Actor,
): Promise<(() => void) | undefined> {
  const found = await joined(tx).where(
    and(inArray(studentAccounts.alunoId, [...alunoIds]), eq(users.status, 'ativo')),
  );
  if (found.length === 0) return undefined;
  const userIds = found.map((row) => row.user.id);
  await tx
    .update(users)
    .set({ status: 'inativo', version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(inArray(users.id, userIds));
  await tx
    .update(studentAccounts)
    .set({ desativacaoPedidaEm: null, desativacaoPedidaPorNome: null, desativacaoMotivo: null })
    .where(
      inArray(
        studentAccounts.id,
        found.map((row) => row.account.id),
      ),
    );
  for (const row of found) {
    await revokeUserSessions(tx, row.user.id);
    await recordAudit(tx, actor, {
      action: 'alterar_status',
      entity: 'usuario',
      entityId: row.user.id,
      details: { status: 'inativo', acesso_aluno: row.account.alunoId, motivo: 'aluno_saiu' },
    });
  }
  return () => {
    for (const userId of userIds) forgetCachedSessions(ctx.db, { userId });
  };
}
