import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { censoEscolaResponseSchema, censoEscolaUpdateSchema } from '../../../shared/censo.schemas.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { getCensoEscola, updateCensoEscola } from './escola.service.js';

/** `GET|PUT /api/censo/escola`: the school's records 00 and 10 (Configurações → Censo). */
export const censoEscolaRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'censo.manage' } as const;

  app.get('/', { schema: { response: okResponse(censoEscolaResponseSchema) }, config: access }, async () =>
    ok(await getCensoEscola(app.ctx.db)),
  );

  app.put(
    '/',
    {
      schema: { body: censoEscolaUpdateSchema, response: okResponse(censoEscolaResponseSchema) },
      config: access,
    },
    async (request) => {
      const { version, ...dados } = request.body;
      return ok(
        await updateCensoEscola(app.ctx, dados, expectedVersion(request, version), actorOf(request)),
        'Dados do Censo da escola salvos com sucesso',
      );
    },
  );
};
