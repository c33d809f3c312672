import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assinarInputSchema,
  assinaturaPublicaSchema,
  assinaturaTokenParams,
} from '../../../shared/contratos.schemas.js';
import { ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { assinar, enviarCodigo, pdfDaAssinatura, verAssinatura } from './assinaturas.service.js';

/**
 * `/api/assinaturas/{token}`: a signer's link (no session). Every route is rate-limited per address (the
 * code's, per address and link);
 * the code itself is also limited per signer (one a minute, five wrong tries, assinaturas.service.ts).
 */
export const ASSINATURA_RATE_LIMITS = {
  ler: { max: 60, timeWindow: '1 minute' },
  codigo: { max: 5, timeWindow: '15 minutes' },
  assinar: { max: 10, timeWindow: '15 minutes' },
} as const;

const publico = (rateLimit: { max: number; timeWindow: string }) => ({
  access: 'public' as const,
  rateLimit,
});

/**
 * The code's routes count per address **and link**: counted per address alone, five requests with
 * made-up links locked every real signer behind the same address (a carrier's NAT, the school's Wi-Fi)
 * out for 15 minutes (security review, ADR 0101). Guessing is stopped per signer anyway (the service's
 * one code a minute, ten sends, five wrong tries), and a link is 256 random bits.
 */
const porLink = (rateLimit: { max: number; timeWindow: string }) => ({
  access: 'public' as const,
  rateLimit: {
    ...rateLimit,
    // The limit runs before the params are validated: a malformed link counts in the address's own
    // bucket (a NUL byte in the key had made the counter's insert fail with a 500).
    keyGenerator: (request: FastifyRequest) => {
      const token = assinaturaTokenParams.safeParse(request.params);
      return `${request.ip}|${token.success ? token.data.token : ''}`;
    },
  },
});

export const assinaturasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:token',
    {
      schema: { params: assinaturaTokenParams, response: okResponse(assinaturaPublicaSchema) },
      config: publico(ASSINATURA_RATE_LIMITS.ler),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return ok(await verAssinatura(app.ctx.db, request.params.token));
    },
  );
  app.get(
    '/:token/pdf',
    { schema: { params: assinaturaTokenParams }, config: publico(ASSINATURA_RATE_LIMITS.ler) },
    async (request, reply) => {
      const file = await pdfDaAssinatura(app.ctx.db, request.params.token);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(file.body);
    },
  );
  app.post(
    '/:token/codigo',
    {
      schema: {
        params: assinaturaTokenParams,
        response: okResponse(z.object({ email_mascarado: z.string(), expira_em: z.string() })),
      },
      config: porLink(ASSINATURA_RATE_LIMITS.codigo),
    },
    async (request) =>
      ok(await enviarCodigo(app.ctx, request.params.token), 'Código enviado para o seu e-mail'),
  );
  app.post(
    '/:token/assinar',
    {
      schema: {
        params: assinaturaTokenParams,
        body: assinarInputSchema,
        response: okResponse(
          z.object({ contrato_id: z.uuid(), assinado_por_todos: z.boolean(), codigo_validacao: z.string() }),
        ),
      },
      config: porLink(ASSINATURA_RATE_LIMITS.assinar),
    },
    async (request) =>
      ok(
        await assinar(app.ctx, request.params.token, request.body.codigo, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        }),
        'Contrato assinado',
      ),
  );
};
