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
import { forgetPushDevices } from '../notificacoes/index.js';
import { joined } from './contas-aluno.service.js';

/**
 * Disables the active Portal do Aluno accounts of `alunoIds` in the caller's transaction — their sessions
 * end, a pending request is answered — and audits each with `motivo`; the accounts, their consent records
 * and their history stay. Answers the step to run after the commit (the cached sessions to forget).
 */
async function disableAccounts(
  ctx: AppContext,
  tx: DbOrTx,
  alunoIds: readonly string[],
  actor: Actor,
  motivo: 'consentimento_retirado' | 'aluno_saiu',
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
    await forgetPushDevices(tx, row.user.id);
    await recordAudit(tx, actor, {
      action: 'alterar_status',
      entity: 'usuario',
      entityId: row.user.id,
      details: { status: 'inativo', acesso_aluno: row.account.alunoId, motivo },
    });
  }
  return () => {
    for (const userId of userIds) forgetCachedSessions(ctx.db, { userId });
  };
}

/**
 * The family withdrew the 'portal_aluno' consent (LGPD art. 14 §1, art. 8 §5): the student's account is
 * disabled at once, in the withdrawal's transaction. Registered in index.ts.
 */
export const disableOnConsentWithdrawn = (ctx: AppContext, tx: DbOrTx, alunoId: string, actor: Actor) =>
  disableAccounts(ctx, tx, [alunoId], actor, 'consentimento_retirado');

/**
 * Students who left (transferred, made inactive, graduated): their accounts are disabled in the same
 * transaction; the school may enable one again once the student is active. Registered in index.ts.
 */
export const disableOnStudentsLeft = (
  ctx: AppContext,
  tx: DbOrTx,
  alunoIds: readonly string[],
  actor: Actor,
) => disableAccounts(ctx, tx, alunoIds, actor, 'aluno_saiu').then((after) => (after ? { after } : undefined));
