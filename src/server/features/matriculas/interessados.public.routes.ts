import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { interesseInputSchema } from '../../../shared/matriculas.schemas.js';
import { createdResponse } from '../../lib/responses.js';
import { registrarInteresse } from './funil.captacao.js';

/** The form is a few short fields: anything larger is not a family's (413 before it is parsed). */
const BODY_LIMIT = 8 * 1024;
/** Per address: a family sends once or twice; a school's own network may send a few more. */
const RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

export const INTERESSE_RECEBIDO =
  'Recebemos o seu interesse! Enviamos uma confirmação para o seu e-mail e a secretaria vai entrar em contato.';

/**
 * `POST /api/interessados`: the public site's 'Agende uma visita / Quero matricular' form (issue 34 §1).
 * The same 201 for a new family, a family that wrote before and a robot (honeypot or too fast): the
 * answer never tells whether an e-mail is known. Without the consent for the child's data: 400, nothing
 * stored.
 */
export const interessadosPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: interesseInputSchema, response: createdResponse(z.null()) },
      config: { access: 'public', rateLimit: RATE_LIMIT },
    },
    async (request, reply) => {
      await registrarInteresse(app.ctx, request.body, request.ip);
      return reply.status(201).send({ success: true, data: null, message: INTERESSE_RECEBIDO });
    },
  );
};
