import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Stub: filled by its part of issue 37. */
export const censoProfissionaisRoutes: FastifyPluginAsyncZod = async () => {};
