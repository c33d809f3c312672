import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/matriculas/contratos/:id and …/pdf (issue 34; contratos builds it). */
export const contratosRoutes: FastifyPluginAsyncZod = async () => {};
