import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/matriculas/interessados/:id/contrato: freezes the contract and e-mails the signers (issue 34; contratos builds it). */
export const contratoEnvioRoutes: FastifyPluginAsyncZod = async () => {};
