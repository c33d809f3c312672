import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contratoFamiliaSchema, contratoSchema } from '../../../shared/contratos.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import {
  arquivoDaFamilia,
  arquivoDoContrato,
  lerContrato,
  listarContratosDaFamilia,
} from './contratos.leitura.js';

const idParams = z.strictObject({ id: uuidParam });
const manage = { access: 'matriculas.manage' } as const;

/** `/api/matriculas/contratos/:id` and `…/pdf`: a contract as staff read it (issue 34). */
export const contratosRoutes: FastifyPluginAsyncZod = async (app) => {
  // The family's copies (portal → Documentos): a guardian's children's signed contracts.
  const familia = { access: 'guardians.self' } as const;
  app.get(
    '/familia',
    { schema: { response: okResponse(z.array(contratoFamiliaSchema)) }, config: familia },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await listarContratosDaFamilia(app.ctx.db, signedInUser(request).id));
    },
  );
  app.get('/familia/:id/pdf', { schema: { params: idParams }, config: familia }, async (request, reply) => {
    const file = await arquivoDaFamilia(app.ctx.db, signedInUser(request).id, request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
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
