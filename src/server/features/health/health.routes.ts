import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    if (await pingDatabase(app.ctx.db)) return { status: 'ok' };
    return reply.status(503).send({ status: 'erro', message: 'Banco de dados indisponível' });
  });
};
