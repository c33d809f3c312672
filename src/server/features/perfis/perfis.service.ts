import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  builtInPerfilNames,
  builtInPerfilNivel,
  builtInPerfilPermissions,
  builtInPerfis,
  defaultPerfilOf,
  permissionGroups,
  permissionLabels,
  reachesWithKind,
  type BuiltInPerfil,
  type Nivel,
  type Permission,
} from '../../../shared/permissions.js';
import type { Perfil, Permissao } from '../../../shared/perfis.schemas.js';
import type { DbOrTx, Db } from '../../db/client.js';
import { perfis, userPerfis, type PerfilRow } from '../../db/schema/perfis.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { assertVersion, lockForUpdate } from '../../lib/versioning.js';
import { recordAudit } from '../audit/index.js';
import { forgetCachedSessions, permissionsOfPerfil } from '../auth/index.js';

const perfilNotFound = () => notFound('Perfil não encontrado.');
const duplicateName = () => conflict('Já existe um perfil com este nome.');
const builtInFixed = () =>
  conflict(
    'Os perfis padrão não podem ser alterados nem excluídos; crie um perfil personalizado a partir dele.',
  );

const isBuiltIn = (chave: string | null): chave is BuiltInPerfil =>
  chave !== null && (builtInPerfis as readonly string[]).includes(chave);

/**
 * The built-in profiles' rows, created when missing (a database emptied by a wipe, a restore from before
 * profiles); their `permissoes` column is kept a copy of the code's, which is what counts (ADR 0025).
 */
export async function ensureBuiltInPerfis(db: DbOrTx): Promise<void> {
  const present = await db
    .select({ chave: perfis.chave, permissoes: perfis.permissoes })
    .from(perfis)
    .where(isNotNull(perfis.chave));
  const current = new Map(present.map((row) => [row.chave, row.permissoes.join(',')]));
  const stale = builtInPerfis.filter(
    (chave) => current.get(chave) !== builtInPerfilPermissions[chave].join(','),
  );
  if (stale.length === 0) return;
  await db
    .insert(perfis)
    .values(
      stale.map((chave) => ({
        chave,
        nome: builtInPerfilNames[chave],
        permissoes: [...builtInPerfilPermissions[chave]],
      })),
    )
    .onConflictDoUpdate({ target: perfis.chave, set: { permissoes: sql`excluded.permissoes` } });
}

export async function builtInPerfilId(db: DbOrTx, chave: BuiltInPerfil): Promise<string> {
  const find = () => db.select({ id: perfis.id }).from(perfis).where(eq(perfis.chave, chave));
  let [row] = await find();
  if (!row) {
    await ensureBuiltInPerfis(db);
    [row] = await find();
  }
  return row!.id;
}

function toPerfil(row: PerfilRow, usuarios: number): Perfil {
  const chave = isBuiltIn(row.chave) ? row.chave : null;
  return {
    id: row.id,
    nome: row.nome,
    permissoes: permissionsOfPerfil(row),
    chave,
    padrao: chave !== null,
    nivel: chave ? builtInPerfilNivel[chave] : null,
    usuarios,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function holdersOf(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ perfilId: userPerfis.perfilId, total: count() })
    .from(userPerfis)
    .where(inArray(userPerfis.perfilId, ids))
    .groupBy(userPerfis.perfilId);
  return new Map(rows.map((row) => [row.perfilId, row.total]));
}

/** Every profile: the built-in ones in their order, then the school's own by name. */
export async function listPerfis(db: Db): Promise<Perfil[]> {
  await ensureBuiltInPerfis(db);
  const rows = await db.select().from(perfis).orderBy(asc(perfis.nome));
  const holders = await holdersOf(
    db,
    rows.map((row) => row.id),
  );
  const rank = (row: PerfilRow) =>
    isBuiltIn(row.chave) ? builtInPerfis.indexOf(row.chave) : builtInPerfis.length;
  return rows.sort((a, b) => rank(a) - rank(b)).map((row) => toPerfil(row, holders.get(row.id) ?? 0));
}

export function listPermissoes(): Permissao[] {
  return permissionGroups.flatMap((group) =>
    group.permissoes.map((id) => ({ id, rotulo: permissionLabels[id], grupo: group.nome })),
  );
}

async function writeName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

/**
 * Nobody writes into a profile a permission they do not hold, nor edits one that holds such a permission:
 * whoever holds a profile can do what it says, so editing a profile one holds (or will be given) is
 * granting it — the rule setUserPerfis applies to giving one (ADR 0025).
 */
function assertWithinGranter(granter: Granter, ...sets: readonly (readonly Permission[])[]): void {
  const mine = new Set(granter.permissoes);
  if (sets.some((set) => set.some((permission) => !mine.has(permission))))
    throw new AppError(
      'FORBIDDEN',
      'Você não pode criar nem alterar um perfil com permissões que você mesmo não tem.',
    );
}

export async function createPerfil(
  db: Db,
  input: { nome: string; permissoes: Permission[] },
  actor: Actor,
  granter: Granter,
): Promise<Perfil> {
  assertWithinGranter(granter, input.permissoes);
  return writeName(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(perfis)
        .values({ nome: input.nome, permissoes: input.permissoes })
        .returning();
      await recordAudit(tx, actor, {
        action: 'criar',
        entity: 'perfil',
        entityId: row!.id,
        details: { nome: input.nome, permissoes: input.permissoes },
      });
      return toPerfil(row!, 0);
    }),
  );
}

export async function updatePerfil(
  db: Db,
  id: string,
  input: { nome?: string | undefined; permissoes?: Permission[] | undefined },
  expectedVersion: number | undefined,
  actor: Actor,
  granter: Granter,
): Promise<Perfil> {
  const updated = await writeName(() =>
    db.transaction(async (tx) => {
      const current = await lockForUpdate(tx, perfis, id, perfilNotFound);
      if (isBuiltIn(current.chave)) throw builtInFixed();
      assertVersion(expectedVersion, current.version);
      assertWithinGranter(granter, permissionsOfPerfil(current), input.permissoes ?? []);
      const [row] = await tx
        .update(perfis)
        .set({
          nome: input.nome ?? current.nome,
          permissoes: input.permissoes ?? current.permissoes,
          version: current.version + 1,
          updatedAt: new Date(),
        })
        .where(eq(perfis.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'atualizar',
        entity: 'perfil',
        entityId: id,
        details: {
          ...(input.nome !== undefined && input.nome !== current.nome
            ? { nome: { antes: current.nome, depois: input.nome } }
            : {}),
          ...(input.permissoes
            ? { permissoes: { antes: current.permissoes, depois: input.permissoes } }
            : {}),
        },
      });
      return toPerfil(row!, (await holdersOf(tx, [id])).get(id) ?? 0);
    }),
  );
  // Everyone holding it may now do more or less: the next request of each reads it again.
  forgetCachedSessions(db, 'all');
  return updated;
}

export async function deletePerfil(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockForUpdate(tx, perfis, id, perfilNotFound);
    if (isBuiltIn(current.chave)) throw builtInFixed();
    const holders = (await holdersOf(tx, [id])).get(id) ?? 0;
    if (holders > 0)
      throw conflict(
        holders === 1
          ? 'Este perfil está atribuído a 1 usuário; retire-o antes de excluir.'
          : `Este perfil está atribuído a ${String(holders)} usuários; retire-o deles antes de excluir.`,
      );
    await tx.delete(perfis).where(eq(perfis.id, id));
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'perfil',
      entityId: id,
      details: { nome: current.nome },
    });
  });
  forgetCachedSessions(db, 'all');
}

/** The profiles each account holds, for the users list and form. */
export async function perfisOfUsers(
  db: DbOrTx,
  userIds: string[],
): Promise<Map<string, { id: string; nome: string }[]>> {
  const result = new Map<string, { id: string; nome: string }[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ usuarioId: userPerfis.usuarioId, id: perfis.id, nome: perfis.nome })
    .from(userPerfis)
    .innerJoin(perfis, eq(perfis.id, userPerfis.perfilId))
    .where(inArray(userPerfis.usuarioId, userIds))
    .orderBy(asc(perfis.nome));
  for (const row of rows) {
    const list = result.get(row.usuarioId) ?? [];
    list.push({ id: row.id, nome: row.nome });
    result.set(row.usuarioId, list);
  }
  return result;
}

/** Who grants profiles: the acting account and what it may do itself. */
export interface Granter {
  id: string | null;
  permissoes: readonly Permission[];
}

/** The id of the profile an account of this kind holds by default (Direção, Professor, Responsável). */
export function defaultPerfilIdOf(db: DbOrTx, nivel: Nivel): Promise<string> {
  return builtInPerfilId(db, defaultPerfilOf[nivel]);
}

/**
 * A teacher's or a guardian's new account: its kind's profile (their scope is their own classes or
 * children, so nobody grants more than the kind already means).
 */
export async function giveDefaultPerfil(tx: DbOrTx, user: { id: string; nivel: Nivel }): Promise<void> {
  if (user.nivel === 'administrador') return;
  const perfilId = await defaultPerfilIdOf(tx, user.nivel);
  await tx.insert(userPerfis).values({ usuarioId: user.id, perfilId }).onConflictDoNothing();
}

/**
 * Whether profiles `rows` on `user`'s account hold a permission `granter` lacks (a teacher's, guardian's
 * or student's own kind profile aside: their scope already bounds it).
 */
function exceedsGranter(
  user: { nivel: Nivel },
  rows: readonly { chave: string | null; permissoes: string[] }[],
  granter: Granter,
): boolean {
  const mine = new Set(granter.permissoes);
  const ownKind = (row: { chave: string | null }) =>
    user.nivel !== 'administrador' && row.chave === defaultPerfilOf[user.nivel];
  return rows.some(
    (row) => !ownKind(row) && permissionsOfPerfil(row).some((permission) => !mine.has(permission)),
  );
}

/**
 * Whether `granter` holds every permission `user`'s account holds (its own kind profile aside), as
 * setUserPerfis asks of a profile given: only then may they take charge of the account — reset its
 * password, change its e-mail, its status, its kind or its profiles. Whoever can sign in as an account
 * holds its profiles, so a custom 'users.manage' profile takes over a Direção no more than it mints one
 * (ADR 0025). An account holding no profile holds its kind's default (Direção for staff).
 */
export async function mayManageAccount(
  db: DbOrTx,
  user: { id: string; nivel: Nivel },
  granter: Granter,
): Promise<boolean> {
  const held = await db
    .select({ chave: perfis.chave, permissoes: perfis.permissoes })
    .from(userPerfis)
    .innerJoin(perfis, eq(perfis.id, userPerfis.perfilId))
    .where(eq(userPerfis.usuarioId, user.id));
  const rows = held.length > 0 ? held : [{ chave: defaultPerfilOf[user.nivel], permissoes: [] }];
  return !exceedsGranter(user, rows, granter);
}

/**
 * Sets exactly the profiles an account holds (`POST|PATCH /api/users` `perfis`), in the caller's
 * transaction. Nobody grants a profile with a permission they do not hold themselves (a custom
 * 'users.manage' profile cannot mint a Direção), except a teacher's or guardian's own kind profile;
 * a guardian's account holds only Responsável; nobody removes their own right to manage users.
 * Returns whether anything changed.
 */
export async function setUserPerfis(
  tx: DbOrTx,
  user: { id: string; nivel: Nivel },
  ids: string[],
  granter: Granter,
): Promise<boolean> {
  await ensureBuiltInPerfis(tx);
  const chosen = ids.length === 0 ? [] : await tx.select().from(perfis).where(inArray(perfis.id, ids));
  if (chosen.length !== ids.length || chosen.length === 0)
    throw badRequest('Perfil não encontrado.', [{ path: 'perfis', message: 'Perfil não encontrado.' }]);
  const guardian = user.nivel === 'responsavel';
  if (chosen.some((row) => (row.chave === 'responsavel') !== guardian))
    throw badRequest(
      guardian
        ? 'A conta de um responsável tem só o perfil Responsável.'
        : 'O perfil Responsável é só das contas de responsáveis.',
      [{ path: 'perfis', message: 'Perfil incompatível com o tipo de conta.' }],
    );
  // Issue 31 §4 (ADR 0029): a student's account holds only Aluno, and Aluno is only a student's.
  const student = user.nivel === 'aluno';
  if (chosen.some((row) => (row.chave === 'aluno') !== student))
    throw badRequest(
      student ? 'A conta de um aluno tem só o perfil Aluno.' : 'O perfil Aluno é só das contas de alunos.',
      [{ path: 'perfis', message: 'Perfil incompatível com o tipo de conta.' }],
    );
  const before = await tx
    .select({ perfilId: userPerfis.perfilId })
    .from(userPerfis)
    .where(eq(userPerfis.usuarioId, user.id));
  const held = new Set(before.map((row) => row.perfilId));
  const added = chosen.filter((row) => !held.has(row.id));
  const removed = [...held].filter((id) => !ids.includes(id));
  if (added.length === 0 && removed.length === 0) return false;
  if (added.flatMap(permissionsOfPerfil).some((permission) => !reachesWithKind(user.nivel, permission)))
    throw badRequest(
      'Este perfil tem permissões que valem para a escola toda e só funcionam numa conta da equipe. Para quem também dá aula, use uma conta da equipe com o perfil Professor.',
      [{ path: 'perfis', message: 'Perfil da equipe numa conta que não é da equipe.' }],
    );
  if (exceedsGranter(user, added, granter))
    throw new AppError(
      'FORBIDDEN',
      'Você não pode atribuir um perfil com permissões que você mesmo não tem.',
    );
  if (granter.id === user.id && !chosen.some((row) => permissionsOfPerfil(row).includes('users.manage')))
    throw conflict('Você não pode remover o seu próprio acesso de administrador.');
  if (removed.length > 0)
    await tx
      .delete(userPerfis)
      .where(and(eq(userPerfis.usuarioId, user.id), inArray(userPerfis.perfilId, removed)));
  if (added.length > 0)
    await tx.insert(userPerfis).values(added.map((row) => ({ usuarioId: user.id, perfilId: row.id })));
  return true;
}
