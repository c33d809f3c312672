import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.js';
import { appliedSchemaVersion, knownSchemaVersion } from '../../db/schema-version.js';

const readySchema = z.object({
  status: z.enum(['pronto', 'indisponivel']),
  banco: z.boolean(),
  migracoes: z.boolean(),
  encerrando: z.boolean(),
});

/** Outside the envelope: what load balancers and uptime checks read. */
const healthResponse = {
  200: z.object({ status: z.literal('ok') }),
  503: z.object({ status: z.literal('erro'), message: z.string() }),
};

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Set when the app starts closing (SIGTERM): the load balancer stops sending requests here.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });

  /** Alive: the process answers and its database does. */
  app.get(
    '/health',
    { schema: { response: healthResponse }, config: { access: 'public' } },
    async (_request, reply) => {
      if (await pingDatabase(app.ctx.db)) return { status: 'ok' as const };
      return reply.status(503).send({ status: 'erro', message: 'Banco de dados indisponível' });
    },
  );

  /** Ready for traffic: database reachable, schema as this version expects, not shutting down (ADR 0015). */
  app.get(
    '/ready',
    { schema: { response: { 200: readySchema, 503: readySchema } }, config: { access: 'public' } },
    async (_request, reply) => {
      const banco = await pingDatabase(app.ctx.db);
      const migracoes =
        banco && (await appliedSchemaVersion(app.ctx.db).catch(() => null)) === knownSchemaVersion();
      const ready = banco && migracoes && !draining;
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'pronto' : 'indisponivel', banco, migracoes, encerrando: draining });
    },
  );
};
