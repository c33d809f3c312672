import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { retentionSettingsSchema, updateRetentionInputSchema } from '../../../shared/retention.schemas.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { getRetentionSettings, registerRetentionJob, updateRetentionSettings } from './retention.job.js';

/** `/api/configuracoes/retencao` (Configurações → Privacidade): the retention periods, and the daily job that applies them. */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRetentionJob(app.ctx);

  app.get(
    '/',
    { schema: { response: okResponse(retentionSettingsSchema) }, config: { access: 'settings.manage' } },
    async () => ok(await getRetentionSettings(app.ctx.db)),
  );

  app.put(
    '/',
    {
      schema: { body: updateRetentionInputSchema, response: okResponse(retentionSettingsSchema) },
      config: { access: 'settings.manage' },
    },
    async (request) =>
      ok(
        await updateRetentionSettings(app.ctx.db, request.body, actorOf(request)),
        'Prazos de retenção salvos.',
      ),
  );
};
