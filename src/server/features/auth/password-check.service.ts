import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, systemActor, type Actor } from '../audit/index.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { findKnownDevice } from './known-devices.service.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import { reserveAttempt, settleFailure, settleSuccess, THROTTLE } from './throttle.service.js';
import type { PasswordClient } from '../../lib/http.js';

/** Who is typing the password: the address and the browser's device id (its cookie), if any. */
export type { PasswordClient };

export const ACCOUNT_LOCK_NOTICE_JOB = 'auth.aviso-bloqueio';

/**
 * The one way the server checks a password: the attempt is counted before argon2 runs (429 over the
 * limit, ADR 0007), and settled after. `user` is null for an e-mail no account has (a dummy hash is
 * still checked, so timing does not tell). True only for the right password of an active account.
 */
export async function checkPassword(
  ctx: AppContext,
  input: { email: string; user: UserRow | null; password: string; client: PasswordClient },
): Promise<boolean> {
  const { db } = ctx;
  const { user, client } = input;
  const knownDevice = user ? await findKnownDevice(db, user.id, client.deviceToken) : null;
  const reservation = await reserveAttempt(db, { email: input.email, ip: client.ip, knownDevice });
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (user && passwordOk && user.status === 'ativo') {
    await settleSuccess(db, reservation);
    return true;
  }
  if (await settleFailure(db, reservation)) await noticeAccountLocked(ctx, input.email, user, client.ip);
  return false;
}

/**
 * Re-checks the signed-in user's own password before a sensitive action (changing it, backups,
 * restore, wipe, creating or promoting an administrator, resetting someone's password). Same counters
 * as the login, so a stolen session is no password-guessing oracle. Throws 400 on the field when wrong.
 */
export async function confirmCurrentPassword(
  ctx: AppContext,
  input: {
    user: UserRow;
    password: string | undefined;
    client: PasswordClient;
    actor: Actor;
    field: string;
    message: string;
  },
): Promise<void> {
  const wrong = () =>
    new AppError('VALIDATION', input.message, [{ path: input.field, message: input.message }]);
  if (input.password === undefined || input.password === '') {
    const missing = 'Confirme com a sua senha.';
    throw new AppError('VALIDATION', missing, [{ path: input.field, message: missing }]);
  }
  const ok = await checkPassword(ctx, {
    email: input.user.email,
    user: input.user,
    password: input.password,
    client: input.client,
  });
  if (ok) return;
  await recordAudit(ctx.db, input.actor, {
    action: 'confirmacao_senha_falhou',
    entity: 'usuario',
    entityId: input.user.id,
  });
  throw wrong();
}

/**
 * The failure that crossed the account threshold: logged (without the e-mail), audited, and the user
 * and the administrators are told by e-mail (queued; the worker sends it after the response).
 */
async function noticeAccountLocked(
  ctx: AppContext,
  email: string,
  user: UserRow | null,
  ip: string | null,
): Promise<void> {
  ctx.log.warn(
    { userId: user?.id ?? null, minutos: THROTTLE.accountLockMinutes },
    'conta bloqueada por excesso de tentativas de senha',
  );
  await recordAudit(
    ctx.db,
    { ...systemActor, ip },
    {
      action: 'conta_bloqueada',
      entity: 'usuario',
      entityId: user?.id ?? null,
      details: {
        email,
        falhas: THROTTLE.accountLockFailures,
        minutos: THROTTLE.accountLockMinutes,
      },
    },
  );
  if (user) await ctx.jobs.enqueue(ctx.db, ACCOUNT_LOCK_NOTICE_JOB, { userId: user.id });
}

/** The job: one e-mail to the locked user, one to each other active administrator. */
export async function sendAccountLockNotice(ctx: AppContext, payload: unknown): Promise<void> {
  const userId = (payload as { userId?: unknown }).userId;
  if (typeof userId !== 'string') return;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const admins = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.nivel, 'administrador'), eq(users.status, 'ativo'), ne(users.id, user.id)));
  const minutes = THROTTLE.accountLockMinutes;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Sua conta do Portal Escolar foi bloqueada temporariamente',
    text:
      `Olá, ${user.nome}.\n\n` +
      `Houve muitas tentativas de entrar na sua conta com a senha errada, vindas de vários lugares. ` +
      `Por segurança, novos acessos à conta ficam bloqueados por ${minutes} minutos.\n\n` +
      'Nos aparelhos em que você já entrou antes, a sua senha continua funcionando normalmente.\n\n' +
      `Se não foi você, troque a sua senha assim que puder (${ctx.config.publicUrl}/login) ` +
      'e avise a secretaria da escola.\n',
  });
  for (const admin of admins) {
    await ctx.mailer.send({
      to: admin.email,
      subject: 'Alerta de segurança: conta bloqueada no Portal Escolar',
      text:
        `Olá, ${admin.nome}.\n\n` +
        `A conta de ${user.nome} (${user.email}) recebeu muitas tentativas de senha errada e ficou ` +
        `bloqueada por ${minutes} minutos para aparelhos desconhecidos.\n\n` +
        `Veja os detalhes na Auditoria: ${ctx.config.publicUrl}/dashboard/auditoria\n`,
    });
  }
}
