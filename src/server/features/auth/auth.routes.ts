import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '../../lib/responses.js';
import {
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  signedInSchema,
  resetPasswordInputSchema,
} from '../../../shared/auth.schemas.js';
import {
  actorOf,
  clearSessionCookie,
  ok,
  passwordClientOf,
  sessionContextOf,
  setDeviceCookie,
  setSessionCookie,
  signedInUser,
} from '../../lib/http.js';
import { toCurrentUser } from './user.presenter.js';
import {
  changePassword,
  login,
  logout,
  PASSWORD_RESET_JOB,
  processPasswordResetRequest,
  requestPasswordReset,
  resetPassword,
} from './auth.service.js';
import { purgeStaleDevices } from './known-devices.service.js';
import { ACCOUNT_LOCK_NOTICE_JOB, sendAccountLockNotice } from './password-check.service.js';
import { purgeStaleThrottle } from './throttle.service.js';

const forgotMessage =
  'Se este e-mail estiver cadastrado, você receberá um link para redefinir a senha em alguns minutos.';
/** The same for every address (nothing says whether it exists), when the server sends no e-mail. */
const forgotMessageWithoutMail =
  'Este portal ainda não envia e-mails, então o link não chegará: peça à secretaria da escola que redefina a sua senha.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  ctx.jobs.handle(PASSWORD_RESET_JOB, (payload) => processPasswordResetRequest(ctx, payload));
  ctx.jobs.handle(ACCOUNT_LOCK_NOTICE_JOB, (payload) => sendAccountLockNotice(ctx, payload));
  ctx.jobs.onPoll(async () => {
    await purgeStaleThrottle(ctx.db);
    await purgeStaleDevices(ctx.db);
  });

  app.post(
    '/login',
    {
      schema: { body: loginInputSchema, response: okResponse(signedInSchema) },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const result = await login(app.ctx, request.body, sessionContextOf(request), passwordClientOf(request));
      setSessionCookie(request, reply, result.session);
      setDeviceCookie(request, reply, result.deviceToken);
      return ok(
        { user: result.user, sessao_expira_em: result.session.absoluteExpiresAt.toISOString() },
        `Bem-vindo, ${result.user.nome}!`,
      );
    },
  );

  app.post(
    '/logout',
    { schema: { response: okResponse(z.null()) }, config: { access: 'public', allowDuringFirstLogin: true } },
    async (request, reply) => {
      if (request.auth) await logout(app.ctx, request.auth.token, actorOf(request));
      clearSessionCookie(request, reply);
      return ok(null, 'Logout realizado com sucesso!');
    },
  );

  app.get(
    '/me',
    {
      schema: { response: okResponse(signedInSchema) },
      config: { access: 'authenticated', allowDuringFirstLogin: true },
    },
    async (request) => {
      const user = signedInUser(request);
      return ok({
        user: toCurrentUser(user, { permissoes: [...user.permissoes], perfis: [...user.perfis] }),
        sessao_expira_em: request.auth!.expiresAt.toISOString(),
      });
    },
  );

  app.post(
    '/change-password',
    {
      schema: { body: changePasswordInputSchema, response: okResponse(signedInSchema) },
      config: { access: 'authenticated', allowDuringFirstLogin: true },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const result = await changePassword(
        app.ctx,
        auth,
        request.body,
        sessionContextOf(request),
        passwordClientOf(request),
        actorOf(request),
      );
      setSessionCookie(request, reply, result.session);
      return ok(
        { user: result.user, sessao_expira_em: result.session.absoluteExpiresAt.toISOString() },
        'Senha alterada com sucesso!',
      );
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: { body: forgotPasswordInputSchema, response: okResponse(z.null()) },
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await requestPasswordReset(app.ctx, request.body.email, request.ip);
      return ok(null, ctx.mailer.delivery === 'arquivo' ? forgotMessageWithoutMail : forgotMessage);
    },
  );

  app.post(
    '/reset-password',
    {
      schema: { body: resetPasswordInputSchema, response: okResponse(z.null()) },
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await resetPassword(app.ctx, request.body, request.ip);
      return ok(null, 'Senha redefinida com sucesso! Faça login com a nova senha.');
    },
  );
};
