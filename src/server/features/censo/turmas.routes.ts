import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { censoTurmaResponseSchema, censoTurmaUpdateSchema } from '../../../shared/censo.schemas.js';
import { censoTurmasQuery, censoTurmasResponseSchema } from '../../../shared/censo-turmas.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { clock } from '../../lib/clock.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { getCensoTurma, listCensoTurmas, saveCensoTurma } from './turmas.service.js';

const idParams = z.strictObject({ id: uuidParam });

/** A class's census data (record 20): /api/censo/turmas. Census managers only. */
export const censoTurmasRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'censo.manage' } as const;

  app.get(
    '/',
    {
      schema: { querystring: censoTurmasQuery, response: okResponse(censoTurmasResponseSchema) },
      config: access,
    },
    async (request) => {
      const ano = request.query.ano ?? Number(clock.today().slice(0, 4));
      return ok(await listCensoTurmas(app.ctx.db, ano));
    },
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: okResponse(censoTurmaResponseSchema) }, config: access },
    async (request) => ok(await getCensoTurma(app.ctx.db, request.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: {
        params: idParams,
        body: censoTurmaUpdateSchema,
        response: okResponse(censoTurmaResponseSchema),
      },
      config: access,
    },
    async (request) => {
      const { version, ...dados } = request.body;
      const saved = await saveCensoTurma(
        app.ctx,
        request.params.id,
        dados,
        expectedVersion(request, version),
        actorOf(request),
      );
      return ok(saved, 'Dados do Censo da turma salvos');
    },
  );
};
