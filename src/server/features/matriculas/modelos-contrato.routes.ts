import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contratosConfiguracaoInputSchema,
  contratosConfiguracaoSchema,
  modeloContratoInputSchema,
  modeloContratoSchema,
  modeloVigenteSchema,
} from '../../../shared/contratos.schemas.js';
import { actorOf, ok } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import {
  lerConfiguracao,
  lerModeloVigente,
  listarModelos,
  salvarConfiguracao,
  salvarModelo,
} from './modelos-contrato.service.js';

const editar = { access: ['matriculas.manage', 'settings.manage'] } as const;

/**
 * `/api/matriculas/modelos-contrato`: the versioned contract template (each save a new version), the
 * public read of the one in force (the Lei 9.870 publication), and who signs for the school.
 */
export const modelosContratoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { response: okResponse(z.array(modeloContratoSchema)) }, config: editar },
    async () => ok(await listarModelos(app.ctx.db)),
  );
  app.post(
    '/',
    {
      schema: { body: modeloContratoInputSchema, response: createdResponse(modeloContratoSchema) },
      config: editar,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(await salvarModelo(app.ctx.db, actorOf(request), request.body), 'Nova versão do contrato salva'),
        ),
  );
  app.get(
    '/vigente',
    {
      schema: { response: okResponse(modeloVigenteSchema) },
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async () => ok(await lerModeloVigente(app.ctx.db)),
  );
  app.get(
    '/configuracao',
    { schema: { response: okResponse(contratosConfiguracaoSchema) }, config: editar },
    async () => ok(await lerConfiguracao(app.ctx.db)),
  );
  app.put(
    '/configuracao',
    {
      schema: { body: contratosConfiguracaoInputSchema, response: okResponse(contratosConfiguracaoSchema) },
      config: editar,
    },
    async (request) =>
      ok(await salvarConfiguracao(app.ctx.db, actorOf(request), request.body), 'Signatários salvos'),
  );
};
