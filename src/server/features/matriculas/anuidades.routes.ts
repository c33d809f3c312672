import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/matriculas/anuidades: annual values, payment plans and their publication (Lei 9.870) (issue 34; anuidades builds it). */
export const anuidadesRoutes: FastifyPluginAsyncZod = async () => {};
