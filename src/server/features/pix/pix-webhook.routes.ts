/**
 * `/api/pix/webhook`: where the school's PSP posts every Pix received (issue 33 §2, ADR 0042). The PSP
 * was given `PUBLIC_URL/api/pix/webhook/{segredo}` and appends `/pix`. Public (a bank has no session):
 * the secret in the path, compared in constant time, is what tells the PSP from anyone else, and mutual
 * TLS at the reverse proxy in production (docs/pix.md). A wrong secret, any other path, or no provider
 * configured (nobody was given the URL) is a 404. What is posted is only a notice: each Pix is read back
 * from the PSP before it is recorded (ADR 0082).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pixWebhookBodySchema,
  pixWebhookParamsSchema,
  pixWebhookResultSchema,
} from '../../../shared/pix-recebidos.schemas.js';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { webhookSecretOf } from './pix-recebidos.links.js';
import { receivePix } from './pix-recebidos.service.js';
import type { PixProvider } from './pix-api.js';
import { pixProviderOf } from './pix-provider.service.js';
import { confirmPix } from './pix-webhook.confirm.js';

/** 1 MB: a webhook call carries a few Pix (a few KB); anything near this is not a PSP's. */
export const WEBHOOK_BODY_LIMIT = 1_000_000;

/**
 * Per source address, counted across instances. A PSP sends bursts of dozens of calls a second when
 * many families pay at once (the morning of a due date): 6,000 a minute is far above any of them, and
 * still stops a flood.
 */
export const WEBHOOK_RATE_LIMIT = { max: 6_000, timeWindow: '1 minute' } as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant time whatever the lengths (both sides hashed first). */
export function isSameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export const pixWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The PSP found before the body was read, for the handler to ask (one read of the settings a call). */
  const providers = new WeakMap<FastifyRequest, PixProvider>();
  app.post(
    '/:segredo/pix',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        params: pixWebhookParamsSchema,
        body: pixWebhookBodySchema,
        response: okResponse(pixWebhookResultSchema),
      },
      config: { access: 'public', sessionless: true, rateLimit: WEBHOOK_RATE_LIMIT },
      // Before the body is read: a caller without the secret learns nothing, whatever it sends.
      onRequest: async (request) => {
        const { segredo } = request.params as { segredo?: unknown };
        const expected = await webhookSecretOf(app.ctx);
        if (typeof segredo !== 'string' || !isSameSecret(segredo, expected)) throw notFound();
        const provider = await pixProviderOf(app.ctx);
        if (!provider) throw notFound();
        providers.set(request, provider);
      },
    },
    async (request) => {
      const provider = providers.get(request);
      if (!provider) throw notFound();
      const confirmed = await confirmPix(app.ctx, provider, request.body.pix);
      const { novos } = await receivePix(app.ctx, confirmed.items, 'webhook');
      return ok({ recebidos: request.body.pix.length, novos, nao_confirmados: confirmed.unknown });
    },
  );
};
