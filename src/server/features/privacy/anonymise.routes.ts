import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anonymiseResultSchema, anonymiseStudentInputSchema } from '../../../shared/anonymise.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { anonymiseGuardian, anonymiseStudent } from './anonymise.service.js';

const idParams = z.strictObject({ id: uuidParam });

/**
 * Erasure the LGPD way: a former student's or guardian's personal data anonymised, the record kept.
 * `/api/alunos/:id/anonimizar`: the student `:id` (and, if asked, their guardians).
 */
export const anonymiseStudentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        params: idParams,
        body: anonymiseStudentInputSchema,
        response: okResponse(anonymiseResultSchema),
      },
      config: { access: 'privacy.manage' },
    },
    async (request) =>
      ok(
        await anonymiseStudent(
          app.ctx,
          request.params.id,
          { incluirResponsaveis: request.body.incluir_responsaveis },
          actorOf(request),
        ),
        'Dados pessoais anonimizados.',
      ),
  );
};

/** `/api/responsaveis/:id/anonimizar`: the guardian `:id`. */
export const anonymiseGuardianRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: { params: idParams, response: okResponse(anonymiseResultSchema) },
      config: { access: 'privacy.manage' },
    },
    async (request) =>
      ok(
        await anonymiseGuardian(app.ctx, request.params.id, actorOf(request)),
        'Dados pessoais anonimizados.',
      ),
  );
};
