import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.js';

/** Outside the envelope: what load balancers and uptime checks read. */
const healthResponse = {
  200: z.object({ status: z.literal('ok') }),
  503: z.object({ status: z.literal('erro'), message: z.string() }),
};

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: healthResponse }, config: { access: 'public' } },
    async (_request, reply) => {
      if (await pingDatabase(app.ctx.db)) return { status: 'ok' as const };
      return reply.status(503).send({ status: 'erro', message: 'Banco de dados indisponível' });
    },
  );
};
