import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/matriculas/modelos-contrato: versioned contract templates (issue 34; contratos builds it). */
export const modelosContratoRoutes: FastifyPluginAsyncZod = async () => {};
