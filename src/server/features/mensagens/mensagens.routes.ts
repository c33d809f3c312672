import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversaDetalheSchema,
  conversaInputSchema,
  conversasSchema,
  destinosOpcoesSchema,
  mensagemInputSchema,
} from '../../../shared/mensagens.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { AppError } from '../../lib/errors.js';
import { ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import {
  listConversations,
  listRecipients,
  openConversa,
  replyConversa,
  startConversa,
} from './mensagens.service.js';

const idParams = z.strictObject({ id: uuidParam });

/** `/api/mensagens`: conversations between a family and the school; scope in the service. */
export const mensagensRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = { access: 'authenticated' } as const;

  // The conversations are the family's with the school: a student's own account never reaches them,
  // not even the list (issue 31 §4, ADR 0029). After the session hook, so anonymous stays a 401.
  app.addHook('onRequest', async (request) => {
    if (request.auth?.user.nivel === 'aluno')
      throw new AppError(
        'FORBIDDEN',
        'As mensagens são entre a escola e a família: a conta do aluno não tem acesso a elas.',
      );
  });

  app.get('/', { schema: { response: okResponse(conversasSchema) }, config: own }, async (request) =>
    ok(await listConversations(app.ctx.db, signedInUser(request))),
  );

  app.get(
    '/destinos',
    { schema: { response: okResponse(destinosOpcoesSchema) }, config: own },
    async (request) => ok(await listRecipients(app.ctx.db, signedInUser(request))),
  );

  app.post(
    '/',
    { schema: { body: conversaInputSchema, response: createdResponse(conversaDetalheSchema) }, config: own },
    async (request, reply) => {
      const created = await startConversa(app.ctx, signedInUser(request), request.body);
      app.ctx.notifier.worker.wake();
      return reply.status(201).send(ok(created, 'Mensagem enviada.'));
    },
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: okResponse(conversaDetalheSchema) }, config: own },
    async (request) => ok(await openConversa(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.post(
    '/:id',
    {
      schema: { params: idParams, body: mensagemInputSchema, response: okResponse(conversaDetalheSchema) },
      config: own,
    },
    async (request) => {
      const updated = await replyConversa(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body.texto,
      );
      app.ctx.notifier.worker.wake();
      return ok(updated, 'Mensagem enviada.');
    },
  );
};
