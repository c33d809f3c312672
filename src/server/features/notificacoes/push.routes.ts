import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushAparelhoSchema,
  pushAssinaturaInputSchema,
  pushAssinaturaSchema,
  pushCancelarInputSchema,
  pushChaveSchema,
} from '../../../shared/push.schemas.js';
import { ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { loadVapidKeys } from './push-keys.js';
import { listDevices, subscribePush, unsubscribePush } from './push.service.js';

/**
 * `/api/notificacoes/push` (issue 35 §4): the VAPID public key the browser subscribes with, the
 * signed-in person's devices, and this device's subscription — on ('Ativar') and off ('Desativar').
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = { access: 'authenticated' } as const;
  const keys = loadVapidKeys(app.ctx.config);

  app.get('/chave', { schema: { response: okResponse(pushChaveSchema) }, config: own }, () =>
    ok({ publicKey: keys.publicKey }),
  );

  app.get(
    '/assinaturas',
    { schema: { response: okResponse(z.array(pushAparelhoSchema)) }, config: own },
    async (request) => ok(await listDevices(app.ctx, signedInUser(request).id)),
  );

  app.post(
    '/assinaturas',
    {
      schema: { body: pushAssinaturaInputSchema, response: createdResponse(pushAssinaturaSchema) },
      config: own,
    },
    async (request, reply) => {
      const saved = await subscribePush(
        app.ctx,
        signedInUser(request).id,
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(201).send(ok(saved, 'Notificações ativadas neste aparelho.'));
    },
  );

  app.delete(
    '/assinaturas',
    {
      schema: {
        body: pushCancelarInputSchema,
        response: okResponse(z.object({ removidas: z.number().int() })),
      },
      config: own,
    },
    async (request) => {
      const removidas = await unsubscribePush(app.ctx, signedInUser(request).id, request.body.endpoint);
      return ok({ removidas }, 'Notificações desativadas neste aparelho.');
    },
  );
};
