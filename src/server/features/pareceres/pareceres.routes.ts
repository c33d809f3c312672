import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listPareceresQuerySchema,
  parecerActionInputSchema,
  parecerInputSchema,
  parecerParams,
  parecerSchema,
  relatorioQuerySchema,
} from '../../../shared/pareceres.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { buildDevelopmentReportPdf } from './pareceres.pdf.js';
import { advanceParecer, listPareceres, saveParecer } from './pareceres.service.js';

/** `/api/pareceres`: the pareceres descritivos of Educação Infantil (ADR 0026). */
export const pareceresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { querystring: listPareceresQuerySchema, response: okResponse(z.array(parecerSchema)) },
      config: { access: 'academics.read', childRecord: { via: 'pareceres', aluno: 'query' } },
    },
    async (request) => ok(await listPareceres(app.ctx.db, signedInUser(request), request.query)),
  );
  app.put(
    '/:aluno_id/:periodo_id',
    {
      schema: { params: parecerParams, body: parecerInputSchema, response: okResponse(parecerSchema) },
      config: { access: 'academics.write' },
    },
    async (request) =>
      ok(
        await saveParecer(
          app.ctx,
          signedInUser(request),
          request.params.aluno_id,
          request.params.periodo_id,
          request.body,
          expectedVersion(request, request.body.version),
          actorOf(request),
        ),
        request.body.enviar ? 'Parecer enviado para revisão.' : 'Parecer salvo.',
      ),
  );
  for (const step of ['revisar', 'publicar'] as const)
    app.post(
      `/:aluno_id/:periodo_id/${step}`,
      {
        schema: {
          params: parecerParams,
          body: parecerActionInputSchema.optional(),
          response: okResponse(parecerSchema),
        },
        config: { access: 'pareceres.review' },
      },
      async (request) =>
        ok(
          await advanceParecer(
            app.ctx,
            signedInUser(request),
            request.params.aluno_id,
            request.params.periodo_id,
            step,
            expectedVersion(request, request.body?.version),
            actorOf(request),
          ),
          step === 'revisar' ? 'Parecer revisado.' : 'Parecer publicado para a família.',
        ),
    );
};

/** `/api/alunos/:id/relatorio-desenvolvimento.pdf`: the child's 'Relatório de desenvolvimento'. */
export const developmentReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { params: z.strictObject({ id: uuidParam }), querystring: relatorioQuerySchema },
      config: { access: 'academics.read', childRecord: { via: 'relatorio_desenvolvimento_pdf' } },
    },
    async (request, reply) => {
      const file = await buildDevelopmentReportPdf(
        app.ctx.db,
        signedInUser(request),
        request.params.id,
        request.query.periodo_id,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
