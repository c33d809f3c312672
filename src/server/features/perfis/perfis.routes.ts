import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  perfilInputSchema,
  perfilSchema,
  permissaoSchema,
  updatePerfilInputSchema,
} from '../../../shared/perfis.schemas.js';
import { idParamsSchema } from '../../../shared/users.schemas.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { createPerfil, deletePerfil, listPerfis, listPermissoes, updatePerfil } from './perfis.service.js';

/** `/api/perfis`: the access profiles (ADR 0025). Only who holds 'perfis.manage' (Direção) changes them. */
export const perfisRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { access: 'perfis.manage' } as const;
  // The users screen lists the profiles to choose from: whoever manages users reads them.
  const read = { access: 'users.manage' } as const;

  app.get('/', { schema: { response: okResponse(z.array(perfilSchema)) }, config: read }, async () =>
    ok(await listPerfis(app.ctx.db)),
  );

  app.get(
    '/permissoes',
    { schema: { response: okResponse(z.array(permissaoSchema)) }, config: read },
    async () => ok(listPermissoes()),
  );

  app.post(
    '/',
    { schema: { body: perfilInputSchema, response: createdResponse(perfilSchema) }, config: manage },
    async (request, reply) => {
      const perfil = await createPerfil(app.ctx.db, request.body, actorOf(request), signedInUser(request));
      return reply.status(201).send(ok(perfil, 'Perfil criado com sucesso!'));
    },
  );

  app.patch(
    '/:id',
    {
      schema: { params: idParamsSchema, body: updatePerfilInputSchema, response: okResponse(perfilSchema) },
      config: manage,
    },
    async (request) => {
      const { version, ...input } = request.body;
      const perfil = await updatePerfil(
        app.ctx.db,
        request.params.id,
        input,
        expectedVersion(request, version),
        actorOf(request),
        signedInUser(request),
      );
      return ok(perfil, 'Perfil atualizado com sucesso!');
    },
  );

  app.delete(
    '/:id',
    { schema: { params: idParamsSchema, response: okResponse(z.null()) }, config: manage },
    async (request) => {
      await deletePerfil(app.ctx.db, request.params.id, actorOf(request));
      return ok(null, 'Perfil excluído com sucesso!');
    },
  );
};
