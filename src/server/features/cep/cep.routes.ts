import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cepAddressSchema, cepParamsSchema } from '../../../shared/settings.schemas.js';
import { ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { lookupCep } from './cep.service.js';

export const cepRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Any signed-in user: the address fields of every portal form (a guardian's own contact too). */
  app.get(
    '/:cep',
    {
      schema: { params: cepParamsSchema, response: okResponse(cepAddressSchema) },
      config: { access: 'authenticated', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => ok(await lookupCep(app.ctx, request.params.cep)),
  );
};
