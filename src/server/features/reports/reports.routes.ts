import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clock } from '../../lib/clock.js';
import { ok, signedInUser } from '../../lib/http.js';
import { listReports } from './reports.catalogue.js';

/** `GET /api/relatorios`: the catalogue of what the caller may run (shared/reports.schemas.ts). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { access: 'reports.read' } }, async (request) =>
    ok(listReports(signedInUser(request).nivel, Number(clock.today().slice(0, 4)))),
  );
};
