import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import { RESET_TOKEN_MINUTES, type CurrentUser } from '../../../shared/auth.schemas.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { users, type UserRow } from '../users/users.table.js';
import { toCurrentUser } from '../users/users.presenter.js';
import { passwordResets, sessions } from './auth.table.js';
import { assertStrongPassword, burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import {
  createSession,
  forgetCachedSessions,
  revokeSessionByToken,
  revokeUserSessions,
  sha256,
  type NewSession,
  type SessionContext,
} from './sessions.service.js';
import {
  assertNotThrottled,
  accountKey,
  clearAccountFailures,
  ipKey,
  recordLoginFailure,
} from './throttle.service.js';

const invalidCredentials = () => new AppError('UNAUTHENTICATED', messages.invalidCredentials);

export interface LoginResult {
  user: CurrentUser;
  session: NewSession;
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; lembrar?: boolean | undefined },
  context: SessionContext,
): Promise<LoginResult> {
  const { db } = ctx;
  const keys = [accountKey(input.email), ...(context.ip ? [ipKey(context.ip)] : [])];
  await assertNotThrottled(db, keys);

  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const actor: Actor = {
    id: user?.id ?? null,
    nome: user?.nome ?? null,
    nivel: user?.nivel ?? null,
    ip: context.ip,
  };
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);

  if (!user || !passwordOk || user.status !== 'ativo') {
    await recordLoginFailure(db, input.email, context.ip);
    await recordAudit(db, actor, {
      action: 'login_falhou',
      entity: 'sessao',
      entityId: user?.id ?? null,
      details: {
        email: input.email,
        motivo: !user ? 'usuario_inexistente' : !passwordOk ? 'senha_incorreta' : 'usuario_inativo',
      },
    });
    throw invalidCredentials();
  }

  const result = await db.transaction(async (tx) => {
    await clearAccountFailures(tx, input.email);
    const [updated] = await tx
      .update(users)
      .set({ ultimoLogin: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const session = await createSession(tx, user.id, input.lembrar === true, context);
    await recordAudit(tx, actor, { action: 'login', entity: 'sessao', entityId: session.sessionId });
    return { user: toCurrentUser(updated!), session };
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
  input: { senhaAtual: string; novaSenha: string },
  context: SessionContext,
  actor: Actor,
): Promise<LoginResult> {
  const { user } = auth;
  const [current] = await ctx.db
    .select({ persistent: sessions.persistent })
    .from(sessions)
    .where(eq(sessions.id, auth.sessionId));
  if (!(await verifyPassword(user.passwordHash, input.senhaAtual))) {
    throw new AppError('VALIDATION', 'Senha atual incorreta', [
      { path: 'senhaAtual', message: 'Senha atual incorreta' },
    ]);
  }
  if (input.senhaAtual === input.novaSenha) {
    const message = 'A nova senha deve ser diferente da atual';
    throw new AppError('VALIDATION', message, [{ path: 'novaSenha', message }]);
  }
  assertStrongPassword(input.novaSenha, await personalWords(ctx, user));
  const passwordHash = await hashPassword(input.novaSenha);
  const result = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, primeiroLogin: false, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await revokeUserSessions(tx, user.id);
    const session = await createSession(tx, user.id, current?.persistent ?? false, context);
    await recordAudit(tx, actor, { action: 'senha_alterada', entity: 'usuario', entityId: user.id });
    return { user: toCurrentUser(updated!), session };
  });
  forgetCachedSessions(ctx.db, { userId: user.id });
  return result;
}

/** Same answer whether or not the e-mail exists; the link is single-use and lasts 30 minutes. */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string | null): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.status !== 'ativo') return;
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
    await recordAudit(
      tx,
      { id: user.id, nome: user.nome, nivel: user.nivel, ip },
      {
        action: 'senha_redefinicao_solicitada',
        entity: 'usuario',
        entityId: user.id,
      },
    );
  });
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
      .set({ passwordHash, primeiroLogin: false, updatedAt: new Date() })
      .where(eq(users.id, reset.user.id));
    await revokeUserSessions(tx, reset.user.id);
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
