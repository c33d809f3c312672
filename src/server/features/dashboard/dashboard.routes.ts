import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema, pendenciasSchema } from '../../../shared/dashboard.schemas.js';
import { firstStepsSchema } from '../../../shared/first-steps.schemas.js';
import { ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { getDashboardStats } from './dashboard.service.js';
import { dismissFirstSteps, getFirstSteps } from './first-steps.service.js';
import { getPendencias } from './pendencias.service.js';
import { clock } from '../../lib/clock.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    { schema: { response: okResponse(dashboardStatsSchema) }, config: { access: 'dashboard.read' } },
    async (request) => ok(await getDashboardStats(app.ctx.db, signedInUser(request), clock.today())),
  );

  // 'Pendências' on the staff's home: the coordenação's rolls, attendance and grades, the secretaria's
  // families waiting, as each profile may act on them (403 for whom may act on none).
  app.get(
    '/pendencias',
    {
      schema: { response: okResponse(pendenciasSchema) },
      config: { access: ['academics.manage', 'matriculas.manage'] },
    },
    async (request) => ok(await getPendencias(app.ctx.db, signedInUser(request), clock.today())),
  );

  // 'Primeiros passos' on the administrator's home: who sets the school up.
  app.get(
    '/primeiros-passos',
    { schema: { response: okResponse(firstStepsSchema) }, config: { access: 'settings.manage' } },
    async () => ok(await getFirstSteps(app.ctx.db)),
  );

  app.post(
    '/primeiros-passos/ocultar',
    { schema: { response: okResponse(firstStepsSchema) }, config: { access: 'settings.manage' } },
    async (request) =>
      ok(await dismissFirstSteps(app.ctx.db, signedInUser(request).id), 'Primeiros passos ocultados'),
  );
};
