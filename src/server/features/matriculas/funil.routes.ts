import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  indicadoresQuerySchema,
  indicadoresSchema,
  interessadoDetalheSchema,
  novoEventoInputSchema,
} from '../../../shared/funil.schemas.js';
import {
  interesseBalcaoSchema,
  interessadoSchema,
  listInteressadosQuerySchema,
  patchInteressadoInputSchema,
} from '../../../shared/matriculas.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { contratoEnvioRoutes } from './contrato-envio.routes.js';
import { conviteRoutes } from './convite.routes.js';
import { registrarInteresseNaEscola } from './funil.captacao.js';
import { getIndicadores } from './funil.indicadores.js';
import {
  addEvento,
  deleteInteressado,
  getInteressadoDetalhe,
  listInteressados,
  patchInteressado,
} from './funil.service.js';

const idParams = z.strictObject({ id: uuidParam });
const access = { access: 'matriculas.manage' } as const;

/**
 * `/api/matriculas/interessados`: the admissions funnel — GET the list, GET|PATCH one family, its notes
 * and the figures (captação builds them). The pré-matrícula invitation and the contract are actions on
 * one family, so their plugins share this prefix and are registered from here.
 */
export const funilRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(conviteRoutes);
  await app.register(contratoEnvioRoutes);

  app.get(
    '/',
    {
      schema: { querystring: listInteressadosQuerySchema, response: okResponse(z.array(interessadoSchema)) },
      config: access,
    },
    async (request) => ok(await listInteressados(app.ctx.db, request.query)),
  );

  app.get(
    '/indicadores',
    {
      schema: { querystring: indicadoresQuerySchema, response: okResponse(indicadoresSchema) },
      config: access,
    },
    async (request) => ok(await getIndicadores(app.ctx.db, request.query.ano_letivo)),
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: okResponse(interessadoDetalheSchema) }, config: access },
    async (request) => ok(await getInteressadoDetalhe(app.ctx.db, request.params.id)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: idParams,
        body: patchInteressadoInputSchema,
        response: okResponse(interessadoSchema),
      },
      config: access,
    },
    async (request) =>
      ok(
        await patchInteressado(
          app.ctx.db,
          request.params.id,
          request.body,
          expectedVersion(request),
          actorOf(request),
        ),
        'Família atualizada no funil.',
      ),
  );

  app.post(
    '/',
    {
      schema: { body: interesseBalcaoSchema, response: createdResponse(interessadoDetalheSchema) },
      config: access,
    },
    async (request, reply) => {
      const id = await registrarInteresseNaEscola(app.ctx, request.body, actorOf(request));
      return reply
        .status(201)
        .send(ok(await getInteressadoDetalhe(app.ctx.db, id), 'Família incluída no funil.'));
    },
  );

  app.post(
    '/:id/eventos',
    {
      schema: {
        params: idParams,
        body: novoEventoInputSchema,
        response: createdResponse(interessadoDetalheSchema),
      },
      config: access,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await addEvento(app.ctx.db, request.params.id, request.body, actorOf(request)),
            'Registro adicionado à linha do tempo.',
          ),
        ),
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, response: okResponse(z.null()) }, config: access },
    async (request) => {
      await deleteInteressado(app.ctx.db, request.params.id, actorOf(request));
      return ok(null, 'Dados da família apagados.');
    },
  );
};
