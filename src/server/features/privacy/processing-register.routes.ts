import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { processingRegisterSchema } from '../../../shared/processing-register.schemas.js';
import { ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { listPerfis } from '../perfis/index.js';
import { buildProcessingRegister } from './processing-register.js';
import { readRetentionValues } from './retention.job.js';

/** `/api/lgpd/registro-tratamento`: the 'Registro das operações de tratamento' (LGPD art. 37), generated on each read. */
export const processingRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { response: okResponse(processingRegisterSchema) }, config: { access: 'privacy.manage' } },
    async () =>
      ok(buildProcessingRegister(await readRetentionValues(app.ctx.db), await listPerfis(app.ctx.db))),
  );
};
