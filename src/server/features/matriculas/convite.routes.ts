import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/matriculas/interessados/:id/convite: e-mails the pré-matrícula link (issue 34; pré-matrícula builds it). */
export const conviteRoutes: FastifyPluginAsyncZod = async () => {};
