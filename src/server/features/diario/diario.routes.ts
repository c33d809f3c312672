import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  classDiaryQuerySchema,
  classDiarySchema,
  diaryClassesQuerySchema,
  diaryClassSchema,
} from '../../../shared/diario.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { buildClassDiaryPdf } from './class-diary.documents.js';
import { getClassDiary, listDiaryClasses } from './class-diary.service.js';

const idParams = z.strictObject({ id: uuidParam });

/**
 * The diário de classe under `/api/frequencia/diario` (ADR 0078, 0081; one URL family, this module's):
 * `/turmas` (the classes one may open; `?ano=` a past year's), `/turmas/:id` and `/turmas/:id/pdf`. Read-only, by whoever holds
 * `diario.read` — the coordination, the direção and the secretaria every class, a teacher his classes
 * and subjects (another's class: 404, as everywhere); a family's or a student's account does not hold it.
 */
export const diarioRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'diario.read' } as const;

  app.get(
    '/turmas',
    {
      schema: { querystring: diaryClassesQuerySchema, response: okResponse(z.array(diaryClassSchema)) },
      config: access,
    },
    async (request) => ok(await listDiaryClasses(app.ctx.db, signedInUser(request), request.query)),
  );

  app.get(
    '/turmas/:id',
    {
      schema: {
        params: idParams,
        querystring: classDiaryQuerySchema,
        response: okResponse(classDiarySchema),
      },
      config: access,
    },
    async (request) =>
      ok(await getClassDiary(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );

  app.get(
    '/turmas/:id/pdf',
    { schema: { params: idParams, querystring: classDiaryQuerySchema }, config: access },
    async (request, reply) => {
      const file = await buildClassDiaryPdf(
        app.ctx.db,
        signedInUser(request),
        request.params.id,
        request.query,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
};
