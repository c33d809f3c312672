/**
 * The Pix routes of /api/financeiro/pix (issue 33): the provider settings (`/provedor`) and their
 * connection test. Administrators only (`settings.manage`): they hold the bank's credentials.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pixProvedorInputSchema,
  pixProvedorSchema,
  pixProvedorTesteSchema,
} from '../../../shared/pix-provedor.schemas.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { getPixProvedor, testPixProvedor, updatePixProvedor } from './pix-provedor.service.js';

export const pixRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'settings.manage' } as const;

  app.get('/provedor', { schema: { response: okResponse(pixProvedorSchema) }, config: admin }, async () =>
    ok(await getPixProvedor(app.ctx)),
  );

  app.put(
    '/provedor',
    { schema: { body: pixProvedorInputSchema, response: okResponse(pixProvedorSchema) }, config: admin },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const saved = await updatePixProvedor(app.ctx, request.body, version, actorOf(request));
      return ok(saved.provedor, saved.mensagem);
    },
  );

  app.post(
    '/provedor/testar',
    { schema: { response: okResponse(pixProvedorTesteSchema) }, config: admin },
    async (request) => {
      const result = await testPixProvedor(app.ctx, actorOf(request));
      return ok(result, result.mensagem);
    },
  );
};
