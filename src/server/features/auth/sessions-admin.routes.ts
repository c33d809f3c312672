import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeSessionSchema, endedSessionsSchema } from '../../../shared/settings.schemas.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { AppError } from '../../lib/errors.js';
import { endOtherSessions, endSession, listActiveSessions } from './sessions-admin.service.js';

const sessionParamsSchema = z.strictObject({ id: z.uuid('Sessão inválida') });

/**
 * Configurações → Sessões: the administrator sees the accounts' open sessions and ends them. Served by
 * auth (which owns the sessions and their cache), at `/api/configuracoes/sessoes`.
 */
export const sessionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'settings.manage' } as const;

  // The Sessões screen refreshes this every 30 s on its own: those refreshes are not use of the session.
  app.get(
    '/',
    {
      schema: { response: okResponse(z.array(activeSessionSchema)) },
      config: { ...access, background: 'poll' },
    },
    async (request) => {
      if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Faça login para continuar.');
      return ok(await listActiveSessions(app.ctx.db, request.auth.sessionId));
    },
  );

  app.delete(
    '/:id',
    { schema: { params: sessionParamsSchema, response: okResponse(z.null()) }, config: access },
    async (request) => {
      if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Faça login para continuar.');
      await endSession(app.ctx.db, request.params.id, request.auth.sessionId, actorOf(request));
      return ok(null, 'Sessão encerrada');
    },
  );

  /** 'Encerrar todas as outras': every session but the caller's. */
  app.delete(
    '/',
    { schema: { response: okResponse(endedSessionsSchema) }, config: access },
    async (request) => {
      if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Faça login para continuar.');
      const count = await endOtherSessions(app.ctx.db, request.auth.sessionId, actorOf(request));
      return ok({ encerradas: count }, count === 1 ? '1 sessão encerrada' : `${count} sessões encerradas`);
    },
  );
};
