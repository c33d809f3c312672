import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  matriculaOnlineConfigSchema,
  updateMatriculaOnlineConfigInputSchema,
} from '../../../shared/pre-matricula.schemas.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { loadMatriculaOnlineConfig, updateMatriculaOnlineConfig } from './pre-matricula.config.js';

/** /api/matriculas/configuracoes: the documents asked for in the pré-matrícula and the enrolment options. */
export const preMatriculaConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { access: 'matriculas.manage' } as const;
  app.get('/', { schema: { response: okResponse(matriculaOnlineConfigSchema) }, config: manage }, async () =>
    ok(await loadMatriculaOnlineConfig(app.ctx.db)),
  );
  app.put(
    '/',
    {
      schema: {
        body: updateMatriculaOnlineConfigInputSchema,
        response: okResponse(matriculaOnlineConfigSchema),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await updateMatriculaOnlineConfig(app.ctx.db, request.body, actorOf(request)),
        'Opções da matrícula online salvas.',
      ),
  );
};
