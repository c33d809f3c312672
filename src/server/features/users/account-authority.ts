import type { UpdateUserData } from '../../../shared/users.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { AppError } from '../../lib/errors.js';
import { nivelByUserTipo } from '../auth/index.js';
import { mayManageAccount, type Granter } from '../perfis/index.js';

/**
 * Refuses `what` (e.g. 'redefinir a senha') over an account holding a permission the caller lacks: the
 * rule that keeps a custom 'users.manage' profile from minting a Direção keeps it from taking one over
 * (ADR 0025). A Direção holds every permission, so nothing is refused to it.
 */
export async function assertMayManage(
  db: DbOrTx,
  target: Pick<UserRow, 'id' | 'nivel'>,
  granter: Granter,
  what: string,
): Promise<void> {
  if (!(await mayManageAccount(db, target, granter)))
    throw new AppError(
      'FORBIDDEN',
      `Você não pode ${what} de um usuário com permissões que você mesmo não tem.`,
    );
}

/**
 * What of an edit lets its author take an account or its power (the e-mail a password reset goes to,
 * the status, the kind, the profiles), as the refusal names it; null when the edit changes none of it
 * (the name, the phone, the address hand nothing over).
 */
async function takeoverPartOf(
  current: UserRow,
  input: UpdateUserData,
  heldPerfis: () => Promise<string[]>,
): Promise<string | null> {
  if (input.email.trim().toLowerCase() !== current.email.trim().toLowerCase()) return 'alterar o e-mail';
  if ((input.status ?? current.status) !== current.status)
    return current.status === 'ativo' ? 'desativar a conta' : 'reativar a conta';
  if (nivelByUserTipo[input.tipo] !== current.nivel) return 'alterar o tipo de conta';
  if (input.perfis !== undefined) {
    const held = new Set(await heldPerfis());
    if (input.perfis.length !== held.size || input.perfis.some((perfilId) => !held.has(perfilId)))
      return 'alterar os perfis';
  }
  return null;
}

/** `PUT|PATCH /api/users/:id`: an edit that could take the account needs the caller to hold its power. */
export async function assertMayEditAccount(
  db: DbOrTx,
  current: UserRow,
  input: UpdateUserData,
  granter: Granter,
  heldPerfis: () => Promise<string[]>,
): Promise<void> {
  const part = await takeoverPartOf(current, input, heldPerfis);
  if (part) await assertMayManage(db, current, granter, part);
}
