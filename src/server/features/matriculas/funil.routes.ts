import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contratoEnvioRoutes } from './contrato-envio.routes.js';
import { conviteRoutes } from './convite.routes.js';

/**
 * `/api/matriculas/interessados`: the admissions funnel — GET the list, GET|PATCH one family, its notes
 * and the figures (captação builds them). The pré-matrícula invitation and the contract are actions on
 * one family, so their plugins share this prefix and are registered from here.
 */
export const funilRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(conviteRoutes);
  await app.register(contratoEnvioRoutes);
};
