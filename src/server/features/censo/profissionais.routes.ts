import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  censoProfissionalResponseSchema,
  censoProfissionalSchema,
  censoProfissionalUpdateSchema,
} from '../../../shared/censo.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import {
  atualizarProfissional,
  criarProfissional,
  excluirProfissional,
  lerProfissional,
  listarProfissionais,
} from './profissionais.service.js';

const idParams = z.strictObject({ id: uuidParam });

/**
 * /api/censo/profissionais (issue 37): the census data of the school's professionals — teachers and the
 * people outside the teaching staff (the director) — for records 30, 40 and 50. Census managers only.
 */
export const censoProfissionaisRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'censo.manage' } as const;

  app.get(
    '/',
    { schema: { response: okResponse(z.array(censoProfissionalResponseSchema)) }, config: access },
    async () => ok(await listarProfissionais(app.ctx.db)),
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: okResponse(censoProfissionalResponseSchema) }, config: access },
    async (request) => ok(await lerProfissional(app.ctx.db, request.params.id)),
  );

  app.post(
    '/',
    {
      schema: { body: censoProfissionalSchema, response: createdResponse(censoProfissionalResponseSchema) },
      config: access,
    },
    async (request, reply) => {
      const saved = await criarProfissional(app.ctx.db, request.body, actorOf(request));
      return reply.status(201).send(ok(saved, 'Dados do Censo salvos.'));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        params: idParams,
        body: censoProfissionalUpdateSchema,
        response: okResponse(censoProfissionalResponseSchema),
      },
      config: access,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const saved = await atualizarProfissional(
        app.ctx.db,
        request.params.id,
        request.body,
        version,
        actorOf(request),
      );
      return ok(saved, 'Dados do Censo salvos.');
    },
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, response: okResponse(z.null()) }, config: access },
    async (request) => {
      await excluirProfissional(app.ctx.db, request.params.id, actorOf(request));
      return ok(null, 'Profissional excluído do Censo.');
    },
  );
};
