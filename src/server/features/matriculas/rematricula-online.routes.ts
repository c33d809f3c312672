import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/matriculas/rematricula-online: the online rematrícula round (issue 34; anuidades builds it). */
export const rematriculaOnlineRoutes: FastifyPluginAsyncZod = async () => {};
