import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET|PUT /api/matricula-online/{token}, POST …/enviar: the family's pré-matrícula form (issue 34; pré-matrícula builds it). */
export const matriculaOnlineRoutes: FastifyPluginAsyncZod = async () => {};
