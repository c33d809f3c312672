import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contratoSchema } from '../../../shared/matriculas.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { arquivoDoContrato, lerContrato } from './contratos.leitura.js';

const idParams = z.strictObject({ id: uuidParam });
const manage = { access: 'matriculas.manage' } as const;

/** `/api/matriculas/contratos/:id` and `…/pdf`: a contract as staff read it (issue 34). */
export const contratosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    { schema: { params: idParams, response: okResponse(contratoSchema) }, config: manage },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await lerContrato(app.ctx.db, request.params.id));
    },
  );
  app.get('/:id/pdf', { schema: { params: idParams }, config: manage }, async (request, reply) => {
    const file = await arquivoDoContrato(app.ctx.db, request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
