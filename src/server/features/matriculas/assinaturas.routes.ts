import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/assinaturas/{token}/codigo and …/assinar: the electronic signature (issue 34; contratos builds it). */
export const assinaturasRoutes: FastifyPluginAsyncZod = async () => {};
