import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayIso } from '../../../shared/format.js';
import { ok, signedInUser } from '../../lib/http.js';
import { getDashboardStats } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/stats', { config: { access: 'dashboard.read' } }, async (request) =>
    ok(await getDashboardStats(app.ctx.db, signedInUser(request), todayIso())),
  );
};
