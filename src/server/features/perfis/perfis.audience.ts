import { sql, type SQL } from 'drizzle-orm';
import {
  builtInPerfilPermissions,
  builtInPerfis,
  defaultPerfilOf,
  type Permission,
} from '../../../shared/permissions.js';

/**
 * The staff who hold a permission, as a subquery of `usuario_id` (a notice's recipients): active staff
 * accounts with a profile that grants it — a built-in profile by its key (its permissions live in the
 * code), a school's own by its stored list — or, holding no profile at all, whose kind's default
 * profile does (Direção's, which grants everything).
 */
export function staffHolding(permission: Permission): SQL {
  const builtIns = builtInPerfis.filter((chave) => builtInPerfilPermissions[chave].includes(permission));
  const keys =
    builtIns.length > 0
      ? sql.join(
          builtIns.map((chave) => sql`${chave}`),
          sql`, `,
        )
      : sql`null`;
  const byDefault = builtInPerfilPermissions[defaultPerfilOf.administrador].includes(permission)
    ? sql`true`
    : sql`false`;
  return sql`select u.id as usuario_id from users u
    where u.status = 'ativo' and u.nivel = 'administrador' and (
      exists (select 1 from user_perfis up join perfis p on p.id = up.perfil_id
        where up.usuario_id = u.id
          and (p.chave in (${keys}) or (p.chave is null and ${permission} = any(p.permissoes))))
      or (${byDefault} and not exists (select 1 from user_perfis up where up.usuario_id = u.id)))`;
}
