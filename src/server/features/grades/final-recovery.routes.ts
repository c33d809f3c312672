/** `/api/recuperacao-final`: the recuperação final of a class's subject (ADR 0097). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  finalRecoveryInputSchema,
  finalRecoveryListSchema,
  finalRecoveryQuerySchema,
} from '../../../shared/final-recovery.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { getFinalRecoveries, saveFinalRecoveries } from './final-recovery.service.js';

const idParams = z.strictObject({ id: uuidParam });
/** The same permission as entering grades: the subject's teacher, the secretaria. */
const book = { access: 'academics.write' } as const;

export const finalRecoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/turmas/:id',
    {
      schema: {
        params: idParams,
        querystring: finalRecoveryQuerySchema,
        response: okResponse(finalRecoveryListSchema),
      },
      config: book,
    },
    async (request) =>
      ok(
        await getFinalRecoveries(
          app.ctx.db,
          signedInUser(request),
          request.params.id,
          request.query.disciplina,
        ),
      ),
  );
  app.put(
    '/',
    {
      schema: { body: finalRecoveryInputSchema, response: okResponse(finalRecoveryListSchema) },
      config: book,
    },
    async (request) =>
      ok(
        await saveFinalRecoveries(app.ctx.db, signedInUser(request), request.body, actorOf(request)),
        'Recuperação final salva.',
      ),
  );
};
