import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '../../../shared/dashboard.schemas.js';
import { ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { getDashboardStats } from './dashboard.service.js';
import { clock } from '../../lib/clock.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    { schema: { response: okResponse(dashboardStatsSchema) }, config: { access: 'dashboard.read' } },
    async (request) => ok(await getDashboardStats(app.ctx.db, signedInUser(request), clock.today())),
  );
};
