import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import { RESET_TOKEN_MINUTES, type CurrentUser } from '../../../shared/auth.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { atSilentLimit, auditRows, enforceWriteLimits, WRITE_LIMITS } from '../../lib/write-limits.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { toCurrentUser } from './user.presenter.js';
import { loadUserAccess } from './user-permissions.js';
import { isStaffLevel } from '../../../shared/permissions.js';
import { passwordResets, sessions } from '../../db/schema/auth.js';
import { notifyPasswordChanged } from '../notificacoes/index.js';
import { findKnownDevice, forgetDevices, rememberDevice } from './known-devices.service.js';
import { recordSignIn } from './security-notices.service.js';
import { checkPassword, confirmCurrentPassword, type PasswordClient } from './password-check.service.js';
import { assertStrongPassword, hashPassword, SENHA_PROVISORIA_EXPIRADA } from './passwords.js';
import {
  createSession,
  forgetCachedSessions,
  revokeSessionByToken,
  revokeUserSessions,
  sha256,
  type NewSession,
  type SessionContext,
} from './sessions.service.js';

const invalidCredentials = () => new AppError('UNAUTHENTICATED', messages.invalidCredentials);

export interface LoginResult {
  user: CurrentUser;
  session: NewSession;
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; lembrar?: boolean | undefined },
  context: SessionContext,
  client: PasswordClient,
): Promise<LoginResult & { deviceToken: string }> {
  const { db } = ctx;
  const [found] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const user = found ?? null;
  const actor: Actor = {
    id: user?.id ?? null,
    nome: user?.nome ?? null,
    nivel: user?.nivel ?? null,
    ip: context.ip,
  };
  const ok = await checkPassword(ctx, { email: input.email, user, password: input.password, client });

  if (!user || !ok) {
    await recordAudit(db, actor, {
      action: 'login_falhou',
      entity: 'sessao',
      entityId: user?.id ?? null,
      details: {
        email: input.email,
        motivo: !user
          ? 'usuario_inexistente'
          : user.status !== 'ativo'
            ? 'usuario_inativo'
            : 'senha_incorreta',
      },
    });
    throw invalidCredentials();
  }
  // A password someone else set signs in for a few days only (ADR 0102): an old welcome e-mail, read
  // later by whoever opens that mailbox, is no longer a key to the account.
  if (user.primeiroLogin && user.senhaProvisoriaExpiraEm && user.senhaProvisoriaExpiraEm <= new Date()) {
    await recordAudit(db, actor, {
      action: 'login_falhou',
      entity: 'sessao',
      entityId: user.id,
      details: { email: input.email, motivo: 'senha_provisoria_expirada' },
    });
    throw new AppError('UNAUTHENTICATED', SENHA_PROVISORIA_EXPIRADA);
  }

  const result = await db.transaction(async (tx) => {
    const knownDevice = (await findKnownDevice(tx, user.id, client.deviceToken)) !== null;
    await recordSignIn(ctx, tx, user, knownDevice, context);
    const deviceToken = await rememberDevice(tx, user.id, client.deviceToken);
    const [updated] = await tx
      .update(users)
      .set({ ultimoLogin: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const session = await createSession(tx, user.id, input.lembrar === true, context);
    await recordAudit(tx, actor, { action: 'login', entity: 'sessao', entityId: session.sessionId });
    return { user: toCurrentUser(updated!, await loadUserAccess(tx, updated!)), session, deviceToken };
  });
  forgetCachedSessions(db, { userId: user.id });
  return result;
}

export async function logout(ctx: AppContext, token: string, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await revokeSessionByToken(tx, token);
    await recordAudit(tx, actor, { action: 'logout', entity: 'sessao', entityId: actor.id });
  });
  forgetCachedSessions(ctx.db, { token });
}

async function personalWords(ctx: AppContext, user: UserRow): Promise<string[]> {
  return [user.nome, user.email.split('@')[0] ?? '', await ctx.getSchoolName()];
}

/** Changing the password ends every session of the user and starts a fresh one for this browser. */
export async function changePassword(
  ctx: AppContext,
  auth: { user: UserRow; sessionId: string },
  input: { senhaAtual: string; novaSenha: string; nome?: string | undefined },
  context: SessionContext,
  client: PasswordClient,
  actor: Actor,
): Promise<LoginResult> {
  const { user } = auth;
  // The name is asked only with the first sign-in's forced change, and only of the staff; afterwards
  // 'Meus dados' and Usuários change it. A family's or a student's account keeps the name the school
  // registered: chosen by the family, it could read 'Secretaria' in the teachers' messages.
  const nome = user.primeiroLogin && isStaffLevel(user.nivel) ? input.nome : undefined;
  const [current] = await ctx.db
    .select({ persistent: sessions.persistent })
    .from(sessions)
    .where(eq(sessions.id, auth.sessionId));
  await confirmCurrentPassword(ctx, {
    user,
    password: input.senhaAtual,
    client,
    actor,
    field: 'senhaAtual',
    message: 'Senha atual incorreta',
  });
  if (input.senhaAtual === input.novaSenha) {
    const message = 'A nova senha deve ser diferente da atual';
    throw new AppError('VALIDATION', message, [{ path: 'novaSenha', message }]);
  }
  assertStrongPassword(input.novaSenha, [...(await personalWords(ctx, user)), ...(nome ? [nome] : [])]);
  const passwordHash = await hashPassword(input.novaSenha);
  const result = await ctx.db.transaction(async (tx) => {
    // Each change mails a security notice to the account: so many a day (ADR 0018).
    await enforceWriteLimits(tx, user, 'trocas-senha', [
      { limit: WRITE_LIMITS.trocasSenha, source: auditRows(user.id, 'usuario', ['senha_alterada']) },
    ]);
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        primeiroLogin: false,
        senhaProvisoriaExpiraEm: null,
        ...(nome ? { nome } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    await revokeUserSessions(tx, user.id);
    await forgetPasswordResets(tx, user.id);
    const session = await createSession(tx, user.id, current?.persistent ?? false, context);
    await recordAudit(tx, actor, {
      action: 'senha_alterada',
      entity: 'usuario',
      entityId: user.id,
      ...(nome && nome !== user.nome ? { details: { nome: { antes: user.nome, depois: nome } } } : {}),
    });
    // The first sign-in's forced change replaces a temporary password: nothing to warn about.
    if (!user.primeiroLogin) await notifyPasswordChanged(ctx, tx, user.id);
    return { user: toCurrentUser(updated!, await loadUserAccess(tx, updated!)), session };
  });
  forgetCachedSessions(ctx.db, { userId: user.id });
  return result;
}

export const PASSWORD_RESET_JOB = 'auth.redefinir-senha';

/**
 * Drops the account's pending 'Esqueci minha senha' links, in the transaction that changes its password
 * or its e-mail: a link mailed before would otherwise still set a new password for 30 minutes — for
 * whoever reads the old mailbox, right after the owner changed the password to shut them out.
 */
export async function forgetPasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/**
 * 'Esqueci minha senha': the request only queues a job — the same single insert whether or not the
 * e-mail has an account — so neither the answer nor its timing tells (docs/architecture.md, Segurança).
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string | null): Promise<void> {
  await ctx.jobs.enqueue(ctx.db, PASSWORD_RESET_JOB, { email, ip });
}

/** The queued work: a single-use link valid 30 minutes, mailed to an active account's address. */
export async function processPasswordResetRequest(ctx: AppContext, payload: unknown): Promise<void> {
  const { email, ip } = payload as { email?: unknown; ip?: unknown };
  if (typeof email !== 'string') return;
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.status !== 'ativo') return;
  const token = randomBytes(32).toString('base64url');
  const mailed = await ctx.db.transaction(async (tx) => {
    // Whoever asks, one account receives a few links an hour; past that the last link sent stays valid
    // and nothing is mailed — the answer to the request said the same either way (ADR 0018).
    const limited = await atSilentLimit(
      tx,
      user.id,
      'redefinicao',
      WRITE_LIMITS.linksRedefinicao,
      auditRows(user.id, 'usuario', ['senha_redefinicao_solicitada']),
    );
    if (limited) return false;
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: clock.ahead(RESET_TOKEN_MINUTES * 60_000),
    });
    await recordAudit(
      tx,
      { id: user.id, nome: user.nome, nivel: user.nivel, ip: typeof ip === 'string' ? ip : null },
      {
        action: 'senha_redefinicao_solicitada',
        entity: 'usuario',
        entityId: user.id,
      },
    );
    return true;
  });
  if (!mailed) {
    ctx.log.warn({ usuario: user.id }, 'redefinição de senha não enviada: limite de links por hora');
    return;
  }
  const link = `${ctx.config.publicUrl}/redefinir-senha?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Redefinição de senha - Portal Escolar',
    text:
      `Olá, ${user.nome}.\n\n` +
      `Recebemos um pedido para redefinir a sua senha do portal. Para escolher uma nova senha, abra o link abaixo ` +
      `(válido por ${RESET_TOKEN_MINUTES} minutos e apenas uma vez):\n\n${link}\n\n` +
      'Se não foi você, ignore esta mensagem: a sua senha atual continua valendo.\n',
  });
}

export async function resetPassword(
  ctx: AppContext,
  input: { token: string; novaSenha: string },
  ip: string | null,
): Promise<void> {
  const invalidLink = () =>
    new AppError('VALIDATION', 'Link inválido ou expirado. Peça uma nova redefinição de senha.', [
      { path: 'token', message: 'Link inválido ou expirado' },
    ]);
  const [reset] = await ctx.db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(input.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!reset || reset.user.status !== 'ativo') throw invalidLink();
  assertStrongPassword(input.novaSenha, await personalWords(ctx, reset.user));
  const passwordHash = await hashPassword(input.novaSenha);
  await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, reset.reset.tokenHash), isNull(passwordResets.usedAt)))
      .returning({ tokenHash: passwordResets.tokenHash });
    if (used.length === 0) throw invalidLink();
    await tx
      .update(users)
      .set({ passwordHash, primeiroLogin: false, senhaProvisoriaExpiraEm: null, updatedAt: new Date() })
      .where(eq(users.id, reset.user.id));
    await revokeUserSessions(tx, reset.user.id);
    await forgetDevices(tx, reset.user.id);
    await notifyPasswordChanged(ctx, tx, reset.user.id);
    await recordAudit(
      tx,
      { id: reset.user.id, nome: reset.user.nome, nivel: reset.user.nivel, ip },
      {
        action: 'senha_redefinida',
        entity: 'usuario',
        entityId: reset.user.id,
      },
    );
  });
  forgetCachedSessions(ctx.db, { userId: reset.user.id });
}
