import { eq } from 'drizzle-orm';
import {
  builtInPerfilNames,
  builtInPerfilPermissions,
  builtInPerfis,
  defaultPerfilOf,
  currentPermissions,
  permissions as allPermissions,
  reachesWithKind,
  type BuiltInPerfil,
  type Nivel,
  type Permission,
} from '../../../shared/permissions.js';
import type { DbOrTx } from '../../db/client.js';
import { perfis, userPerfis } from '../../db/schema/perfis.js';

const isBuiltIn = (chave: string | null): chave is BuiltInPerfil =>
  chave !== null && (builtInPerfis as readonly string[]).includes(chave);

/** One profile's permissions: a built-in one's from the code (ADR 0025), a custom one's from its row. */
export function permissionsOfPerfil(row: { chave: string | null; permissoes: string[] }): Permission[] {
  if (isBuiltIn(row.chave)) return [...builtInPerfilPermissions[row.chave]];
  return currentPermissions(row.permissoes);
}

export interface UserAccess {
  /** The union of the profiles' permissions, in the order of the permission list. */
  permissoes: Permission[];
  /** The profiles' names, alphabetically. */
  perfis: string[];
}

/**
 * What a user may do: the union of their profiles' permissions, less the staff-only ones on an account
 * that is not staff (`reachesWithKind`: a teacher's account given the Financeiro profile reaches no
 * family's tuition). An account holding no profile (made before profiles, or restored from an older
 * backup) holds its kind's default profile.
 */
export async function loadUserAccess(db: DbOrTx, user: { id: string; nivel: Nivel }): Promise<UserAccess> {
  const rows = await db
    .select({ nome: perfis.nome, chave: perfis.chave, permissoes: perfis.permissoes })
    .from(userPerfis)
    .innerJoin(perfis, eq(perfis.id, userPerfis.perfilId))
    .where(eq(userPerfis.usuarioId, user.id));
  if (rows.length === 0) {
    const fallback = defaultPerfilOf[user.nivel];
    return { permissoes: [...builtInPerfilPermissions[fallback]], perfis: [builtInPerfilNames[fallback]] };
  }
  const granted = new Set(rows.flatMap(permissionsOfPerfil));
  return {
    permissoes: allPermissions.filter(
      (permission) => granted.has(permission) && reachesWithKind(user.nivel, permission),
    ),
    perfis: rows.map((row) => row.nome).sort((a, b) => a.localeCompare(b, 'pt-BR')),
  };
}
