import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { censoDisciplinaSchema } from '../../../shared/censo.schemas.js';
import { censoDisciplinaResponseSchema } from '../../../shared/censo-turmas.schemas.js';
import { uuidParam, versionSchema } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { listCensoDisciplinas, saveCensoDisciplina } from './turmas.service.js';

const idParams = z.strictObject({ id: uuidParam });
const bodySchema = censoDisciplinaSchema.extend({ version: versionSchema.optional() });

/** The subjects' INEP componentes (records 20 and 50): /api/censo/disciplinas. Census managers only. */
export const censoDisciplinasRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'censo.manage' } as const;

  app.get(
    '/',
    { schema: { response: okResponse(z.array(censoDisciplinaResponseSchema)) }, config: access },
    async () => ok(await listCensoDisciplinas(app.ctx.db)),
  );

  app.put(
    '/:id',
    {
      schema: { params: idParams, body: bodySchema, response: okResponse(censoDisciplinaResponseSchema) },
      config: access,
    },
    async (request) => {
      const saved = await saveCensoDisciplina(
        app.ctx,
        request.params.id,
        request.body.codigo_inep,
        expectedVersion(request, request.body.version),
        actorOf(request),
      );
      return ok(saved, 'Componente do INEP da disciplina salvo');
    },
  );
};
