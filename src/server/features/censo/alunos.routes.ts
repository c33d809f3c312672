import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  censoAlunoResponseSchema,
  censoAlunoUpdateSchema,
  inclusaoAlunoSchema,
  inclusaoQuerySchema,
} from '../../../shared/censo.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { getCensoAluno, inclusaoDaTurma, putCensoAluno } from './alunos.service.js';

const idParams = z.strictObject({ id: uuidParam });

/**
 * A student's census data (issue 37, part 2), under /api/censo/alunos. Cor/raça and deficiência are
 * sensitive (LGPD art. 11): only `students.sensitive` reads or writes them, and every read is in the
 * access log ('Quem acessou'). The inclusion view is a teacher's, for their own classes.
 */
export const censoAlunosRoutes: FastifyPluginAsyncZod = async (app) => {
  const sensitive = { access: 'students.sensitive' } as const;

  // Declared before '/:id' for readability; Fastify prefers the static segment either way.
  app.get(
    '/inclusao',
    {
      schema: { querystring: inclusaoQuerySchema, response: okResponse(z.array(inclusaoAlunoSchema)) },
      config: { access: 'students.inclusao' },
    },
    async (request) =>
      ok(await inclusaoDaTurma(app.ctx, signedInUser(request), actorOf(request), request.query.turma)),
  );

  app.get(
    '/:id',
    {
      schema: { params: idParams, response: okResponse(censoAlunoResponseSchema) },
      config: { ...sensitive, childRecord: { via: 'censo' } },
    },
    async (request) => ok(await getCensoAluno(app.ctx.db, request.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: {
        params: idParams,
        body: censoAlunoUpdateSchema,
        response: okResponse(censoAlunoResponseSchema),
      },
      config: sensitive,
    },
    async (request) => {
      const { version, ...dados } = request.body;
      const saved = await putCensoAluno(
        app.ctx,
        request.params.id,
        dados,
        expectedVersion(request, version),
        actorOf(request),
      );
      return ok(saved, 'Dados do Censo salvos.');
    },
  );
};
