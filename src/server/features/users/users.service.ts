import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import { FIRST_ADMIN_NAME } from '../../../shared/auth.schemas.js';
import {
  needsAdminPassword,
  type CreatedUser,
  type CreateUserData,
  type EnvioEmail,
  type ListUsersQuery,
  type PatchUserData,
  type UpdateUserData,
  type User,
  type UserCounts,
} from '../../../shared/users.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { orderByOf } from '../../lib/sort.js';
import { folded, matchesText } from '../../lib/text-search.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { forgetDevices } from '../auth/index.js';
import { confirmCurrentPassword, type PasswordClient } from '../auth/index.js';
import {
  assertStrongPassword,
  generatePassword,
  hashPassword,
  provisionalPassword,
  SENHA_PROVISORIA_DIAS,
} from '../auth/index.js';
import { forgetCachedSessions, forgetPasswordResets, revokeUserSessions } from '../auth/index.js';
import { forgetPushDevices, notifyPasswordChanged } from '../notificacoes/index.js';
import { findLinkedTeacher, linkAccountToTeacher } from './teacher-link.js';
import { teachers } from '../../db/schema/teachers.js';
import { creationEventOf, noticeOtherAdmins } from './admin-notices.js';
import { nivelByUserTipo, toUser, userTipoByNivel } from '../auth/index.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { assertVersion, staleVersion } from '../../lib/versioning.js';
import type { SignedInUser } from '../../lib/http.js';
import {
  defaultPerfilIdOf,
  giveDefaultPerfil,
  perfisOfUsers,
  setUserPerfis,
  type Granter,
} from '../perfis/index.js';
import { assertMayEditAccount, assertMayManage } from './account-authority.js';
import { permissions } from '../../../shared/permissions.js';

const duplicateEmail = () => conflict('Já existe um usuário com este e-mail.');

export async function listUsers(
  db: DbOrTx,
  query: ListUsersQuery & { page: number; pageSize: number },
): Promise<Page<User> & { counts: UserCounts }> {
  const filters: SQL[] = [];
  if (query.q) {
    filters.push(or(matchesText(users.nome, query.q), matchesText(users.email, query.q))!);
  }
  if (query.tipo && query.tipo !== 'todos') filters.push(eq(users.nivel, nivelByUserTipo[query.tipo]));
  if (query.status && query.status !== 'todos') filters.push(eq(users.status, query.status));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [rows, [filtered], [counts]] = await Promise.all([
    db
      .select({ user: users, professorId: teachers.id, professorNome: teachers.nome })
      .from(users)
      .leftJoin(teachers, eq(teachers.usuarioId, users.id))
      .where(where)
      .orderBy(
        ...orderByOf(
          query.sort,
          query.order,
          {
            nome: folded(users.nome),
            tipo: users.nivel,
            status: users.status,
            ultimo_login: users.ultimoLogin,
            created_at: users.createdAt,
          },
          [folded(users.nome), users.id],
        ),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
    db
      .select({
        total: count(),
        admins: sql<number>`count(*) filter (where ${users.nivel} = 'administrador')`.mapWith(Number),
        ativos: sql<number>`count(*) filter (where ${users.status} = 'ativo')`.mapWith(Number),
        primeiroLogin: sql<number>`count(*) filter (where ${users.primeiroLogin})`.mapWith(Number),
      })
      .from(users),
  ]);
  const perfis = await perfisOfUsers(
    db,
    rows.map((row) => row.user.id),
  );
  return {
    items: rows.map((row) =>
      toUser(
        row.user,
        row.professorId && row.professorNome ? { id: row.professorId, nome: row.professorNome } : null,
        perfis.get(row.user.id) ?? [],
      ),
    ),
    total: filtered?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    counts: counts ?? { total: 0, admins: 0, ativos: 0, primeiroLogin: 0 },
  };
}

async function findUser(db: DbOrTx, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('Usuário não encontrado.');
  return row;
}

async function presentUser(
  db: DbOrTx,
  row: UserRow,
  professor?: { id: string; nome: string } | null,
): Promise<User> {
  const perfis = (await perfisOfUsers(db, [row.id])).get(row.id) ?? [];
  return toUser(row, professor === undefined ? await findLinkedTeacher(db, row.id) : professor, perfis);
}

export async function getUser(db: DbOrTx, id: string): Promise<User> {
  return presentUser(db, await findUser(db, id));
}

/**
 * The acting administrator, their password typed again and where they type from: what a change that
 * could hand out an administrator's power needs (docs/architecture.md, Segurança).
 */
export interface Reauthentication {
  /** Also the granter of profiles: nobody grants a permission they do not hold (ADR 0025). */
  user: SignedInUser;
  senhaAtual: string | undefined;
  client: PasswordClient;
}

function confirmAdminPassword(ctx: AppContext, reauth: Reauthentication, actor: Actor): Promise<void> {
  return confirmCurrentPassword(ctx, {
    user: reauth.user,
    password: reauth.senhaAtual,
    client: reauth.client,
    actor,
    field: 'senha_atual',
    message: 'Senha incorreta.',
  });
}

/**
 * Creates a portal account inside the caller's transaction (students and teachers create accounts
 * too). Without `senha` a 12-character password is generated and returned once.
 */
export async function insertUser(
  ctx: AppContext,
  tx: DbOrTx,
  input: CreateUserData,
  actor: Actor,
): Promise<{ row: UserRow; senhaGerada?: string }> {
  const generated = input.senha === undefined ? generatePassword() : undefined;
  const password = input.senha ?? generated!;
  if (input.senha !== undefined) {
    assertStrongPassword(input.senha, [
      input.nome,
      input.email.split('@')[0] ?? '',
      await ctx.getSchoolName(),
    ]);
  }
  const passwordHash = await hashPassword(password);
  try {
    const [row] = await tx
      .insert(users)
      .values({
        nome: input.nome,
        email: input.email,
        telefone: input.telefone ?? null,
        endereco: input.endereco ?? null,
        dataNascimento: input.data_nascimento ?? null,
        nivel: nivelByUserTipo[input.tipo],
        passwordHash,
        ...provisionalPassword(),
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'criar',
      entity: 'usuario',
      entityId: row!.id,
      details: { tipo: input.tipo },
    });
    await giveDefaultPerfil(tx, row!);
    return generated === undefined ? { row: row! } : { row: row!, senhaGerada: generated };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/** `emailEnviado` and `envioEmail` of an answer that carries a new password (see EnvioEmail). */
export type PasswordMail = { emailEnviado: boolean; envioEmail: EnvioEmail };

export function passwordMail(envioEmail: EnvioEmail): PasswordMail {
  return { emailEnviado: envioEmail === 'enviado', envioEmail };
}

/**
 * Mails a new account's address and provisional password. Without a mail server the message only lands
 * in DATA_DIR/outbox: the answer says so, and the screen tells the secretaria to hand the password over.
 */
export async function sendWelcomeMail(
  ctx: AppContext,
  row: UserRow,
  password: string,
): Promise<PasswordMail> {
  try {
    // The school's name in the subject: a parent's inbox has many portals.
    const escola = await ctx.getSchoolName();
    const sent = await ctx.mailer.send({
      to: row.email,
      subject: `Seu acesso ao portal — ${escola}`,
      text:
        `Olá, ${row.nome}.\n\n` +
        `${escola} criou uma conta para você no portal da escola.\n\n` +
        `Endereço: ${ctx.config.publicUrl}/login\nE-mail: ${row.email}\nSenha provisória: ${password}\n\n` +
        `No primeiro acesso o portal pedirá que você escolha uma nova senha. A senha provisória vale ${String(SENHA_PROVISORIA_DIAS)} dias; depois, use "Esqueci minha senha" na tela de entrada.\n`,
    });
    if (!sent) return passwordMail('falhou');
    return passwordMail(ctx.mailer.delivery === 'arquivo' ? 'caixa_de_saida' : 'enviado');
  } catch {
    return passwordMail('falhou');
  }
}

/** Issue 31 §4: a student's account is made (with the guardian's consent) from the student's record. */
const STUDENT_ACCOUNT_ELSEWHERE =
  'A conta de um aluno é criada na ficha do aluno (Alunos → Acesso ao Portal do Aluno), com o consentimento do responsável.';

export async function createUser(
  ctx: AppContext,
  input: CreateUserData,
  actor: Actor,
  reauth: Reauthentication,
): Promise<CreatedUser> {
  if (input.tipo === 'aluno') throw conflict(STUDENT_ACCOUNT_ELSEWHERE);
  if (needsAdminPassword(null, input)) await confirmAdminPassword(ctx, reauth, actor);
  const created = await ctx.db.transaction(async (tx) => {
    const inserted = await insertUser(ctx, tx, input, actor);
    // A staff account holds the profiles chosen, else Direção (what 'Administrador' always meant).
    const perfis =
      input.perfis ??
      (inserted.row.nivel === 'administrador' ? [await defaultPerfilIdOf(tx, 'administrador')] : undefined);
    if (perfis) await setUserPerfis(tx, inserted.row, perfis, reauth.user);
    const professor = await linkAccountToTeacher(tx, inserted.row, actor);
    if (inserted.row.nivel === 'administrador')
      await noticeOtherAdmins(ctx, tx, actor, await creationEventOf(tx, inserted.row.id), inserted.row);
    return { ...inserted, usuario: await presentUser(tx, inserted.row, professor) };
  });
  const mail = await sendWelcomeMail(ctx, created.row, input.senha ?? created.senhaGerada!);
  return created.senhaGerada === undefined
    ? { usuario: created.usuario, ...mail }
    : { usuario: created.usuario, senhaGerada: created.senhaGerada, ...mail };
}

function assertNotSelfLockout(
  actor: Actor,
  target: UserRow,
  next: { nivel: UserRow['nivel']; status: UserRow['status'] },
) {
  if (actor.id !== target.id) return;
  if (next.status !== 'ativo') throw conflict('Você não pode desativar a sua própria conta.');
  if (next.nivel !== 'administrador')
    throw conflict('Você não pode remover o seu próprio acesso de administrador.');
}

export async function updateUser(
  ctx: AppContext,
  id: string,
  input: UpdateUserData,
  expectedVersion: number | undefined,
  actor: Actor,
  reauth: Reauthentication,
): Promise<User> {
  const heldPerfis = async (db: DbOrTx) => ((await perfisOfUsers(db, [id])).get(id) ?? []).map((p) => p.id);
  const adminChange = async (db: DbOrTx, row: UserRow) =>
    needsAdminPassword(
      { tipo: userTipoByNivel[row.nivel], email: row.email, perfis: await heldPerfis(db) },
      input,
    );
  const assertMayEdit = (db: DbOrTx, row: UserRow) =>
    assertMayEditAccount(db, row, input, reauth.user, () => heldPerfis(db));
  // Checked before the transaction (the password check writes its own counters), and again inside it.
  const before = await findUser(ctx.db, id);
  await assertMayEdit(ctx.db, before);
  const confirmed = await adminChange(ctx.db, before);
  if (confirmed) await confirmAdminPassword(ctx, reauth, actor);
  const result = await ctx.db.transaction(async (tx) => {
    const current = await findUser(tx, id);
    assertVersion(expectedVersion, current.version);
    await assertMayEdit(tx, current);
    if (!confirmed && (await adminChange(tx, current))) throw staleVersion();
    const next = { nivel: nivelByUserTipo[input.tipo], status: input.status ?? current.status };
    // A student's account stays one, and no other becomes one: it is tied to the student's record.
    if ((next.nivel === 'aluno') !== (current.nivel === 'aluno')) throw conflict(STUDENT_ACCOUNT_ELSEWHERE);
    assertNotSelfLockout(actor, current, next);
    let updated: UserRow | undefined;
    try {
      [updated] = await tx
        .update(users)
        .set({
          nome: input.nome,
          email: input.email,
          telefone: input.telefone ?? null,
          endereco: input.endereco ?? null,
          dataNascimento: input.data_nascimento ?? null,
          nivel: next.nivel,
          status: next.status,
          version: current.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, id), eq(users.version, current.version)))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateEmail();
      throw error;
    }
    if (!updated) throw staleVersion();
    // Another kind of account without a choice of profiles: the new kind's default.
    const perfis =
      input.perfis ?? (next.nivel !== current.nivel ? [await defaultPerfilIdOf(tx, next.nivel)] : undefined);
    const perfisChanged = perfis ? await setUserPerfis(tx, updated, perfis, reauth.user) : false;
    if (next.status !== 'ativo' || next.nivel !== current.nivel) await revokeUserSessions(tx, id);
    if (next.status !== 'ativo') await forgetPushDevices(tx, id);
    if (updated.email !== current.email) await forgetPasswordResets(tx, id);
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'usuario',
      entityId: id,
      details: { campos: [...changedFields(current, updated), ...(perfisChanged ? ['perfis'] : [])] },
    });
    if (updated.nivel === 'administrador' && current.nivel !== 'administrador')
      await noticeOtherAdmins(ctx, tx, actor, 'administrador_promovido', updated);
    else if (updated.nivel === 'administrador' && updated.email !== current.email)
      await noticeOtherAdmins(ctx, tx, actor, 'email_de_administrador_alterado', updated);
    return presentUser(tx, updated, await linkAccountToTeacher(tx, updated, actor));
  });
  forgetCachedSessions(ctx.db, { userId: id });
  return result;
}

/** `PATCH /api/users/:id`: the fields given over the account as it is. */
export async function patchUser(
  ctx: AppContext,
  id: string,
  patch: PatchUserData,
  expectedVersion: number | undefined,
  actor: Actor,
  reauth: Reauthentication,
): Promise<User> {
  const current = await findUser(ctx.db, id);
  const input: UpdateUserData = {
    nome: patch.nome ?? current.nome,
    email: patch.email ?? current.email,
    telefone: patch.telefone === undefined ? current.telefone : patch.telefone,
    endereco: patch.endereco === undefined ? current.endereco : patch.endereco,
    data_nascimento: patch.data_nascimento === undefined ? current.dataNascimento : patch.data_nascimento,
    tipo: patch.tipo ?? userTipoByNivel[current.nivel],
    status: patch.status ?? current.status,
    perfis: patch.perfis,
    senha_atual: patch.senha_atual,
  };
  // The row read here must be the one changed: without a version, this read's.
  return updateUser(ctx, id, input, expectedVersion ?? current.version, actor, reauth);
}

function changedFields(before: UserRow, after: UserRow): string[] {
  const keys = ['nome', 'email', 'telefone', 'endereco', 'dataNascimento', 'nivel', 'status'] as const;
  return keys.filter((key) => before[key] !== after[key]);
}

export async function toggleUserStatus(
  ctx: AppContext,
  id: string,
  actor: Actor,
  granter: Granter,
): Promise<User> {
  const result = await ctx.db.transaction(async (tx) => {
    const current = await findUser(tx, id);
    const status = current.status === 'ativo' ? 'inativo' : 'ativo';
    await assertMayManage(
      tx,
      current,
      granter,
      status === 'ativo' ? 'reativar a conta' : 'desativar a conta',
    );
    assertNotSelfLockout(actor, current, { nivel: current.nivel, status });
    const [updated] = await tx
      .update(users)
      .set({ status, version: current.version + 1, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (status !== 'ativo') for (const end of [revokeUserSessions, forgetPushDevices]) await end(tx, id);
    await recordAudit(tx, actor, {
      action: 'alterar_status',
      entity: 'usuario',
      entityId: id,
      details: { status },
    });
    return presentUser(tx, updated!);
  });
  forgetCachedSessions(ctx.db, { userId: id });
  return result;
}

export async function resetUserPassword(
  ctx: AppContext,
  id: string,
  senha: string | undefined,
  actor: Actor,
  reauth: Reauthentication,
): Promise<{ novaSenha: string } & PasswordMail> {
  const target = await findUser(ctx.db, id);
  // Whoever sets the password signs in as the account: refused before the password is even asked.
  await assertMayManage(ctx.db, target, reauth.user, 'redefinir a senha');
  await confirmAdminPassword(ctx, reauth, actor);
  if (senha !== undefined) {
    assertStrongPassword(senha, [target.nome, target.email.split('@')[0] ?? '', await ctx.getSchoolName()]);
  }
  const novaSenha = senha ?? generatePassword();
  const passwordHash = await hashPassword(novaSenha);
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        ...provisionalPassword(),
        version: target.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    await revokeUserSessions(tx, id);
    await forgetPasswordResets(tx, id);
    await forgetDevices(tx, id);
    await recordAudit(tx, actor, { action: 'resetar_senha', entity: 'usuario', entityId: id });
    await noticeOtherAdmins(ctx, tx, actor, 'senha_redefinida_por_administrador', row!);
    // The account's owner hears of it too (bell and e-mail): a reset they did not ask for is how an
    // administrator's session in the wrong hands would take over their account.
    await notifyPasswordChanged(ctx, tx, id, 'pelo_administrador');
    return row!;
  });
  forgetCachedSessions(ctx.db, { userId: id });
  return { novaSenha, ...(await sendWelcomeMail(ctx, updated, novaSenha)) };
}

/** First start on an empty database: one administrator who must change the password at first login. */
/** Arbitrary, fixed key (next to the migrations' one in db/client.ts). */
const FIRST_ADMIN_LOCK_KEY = 872_031_443;

export async function ensureFirstAdmin(
  ctx: AppContext,
): Promise<{ email: string; senha: string | null } | null> {
  const [existing] = await ctx.db.select({ id: users.id }).from(users).limit(1);
  if (existing) return null;
  const email = (ctx.config.adminEmail ?? 'admin@escola.local').toLowerCase();
  const senha = ctx.config.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(senha);
  const created = await ctx.db.transaction(async (tx) => {
    // Instances started together on an empty database: one creates the administrator, the others
    // wait on this lock, then find it (ADR 0015).
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    const [someone] = await tx.select({ id: users.id }).from(users).limit(1);
    if (someone) return false;
    const [row] = await tx
      .insert(users)
      .values({ nome: FIRST_ADMIN_NAME, email, nivel: 'administrador', passwordHash, primeiroLogin: true })
      .returning();
    // The school's first account is its direction (ADR 0025).
    await setUserPerfis(tx, row!, [await defaultPerfilIdOf(tx, 'administrador')], {
      id: null,
      permissoes: permissions,
    });
    await recordAudit(
      tx,
      { id: null, nome: 'Sistema', nivel: null, ip: null },
      {
        action: 'criar',
        entity: 'usuario',
        entityId: row!.id,
        details: { motivo: 'primeiro_administrador' },
      },
    );
    return true;
  });
  if (!created) return null;
  return { email, senha: ctx.config.adminPassword ? null : senha };
}
