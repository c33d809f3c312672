import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/interessados: the public site's interest form (issue 34; captação builds it). */
export const interessadosPublicRoutes: FastifyPluginAsyncZod = async () => {};
