import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listPareceresQuerySchema,
  parecerActionInputSchema,
  parecerFotoParams,
  parecerInputSchema,
  parecerParams,
  parecerSchema,
  relatorioQuerySchema,
} from '../../../shared/pareceres.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { MEDIA_LIMITS, readPhotoUpload, sendPrivatePhoto } from '../media/index.js';
import { addParecerFoto, deleteParecerFoto, readParecerFoto } from './pareceres.fotos.js';
import { buildDevelopmentReportPdf } from './pareceres.pdf.js';
import { advanceParecer, familyOnPortal, listPareceres, saveParecer } from './pareceres.service.js';

/** `/api/pareceres`: the pareceres descritivos of Educação Infantil (ADR 0026). */
export const pareceresRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MEDIA_LIMITS.maxBytes, files: 1, fields: 0, parts: 1 },
  });
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
      async (request) => {
        const parecer = await advanceParecer(
          app.ctx,
          signedInUser(request),
          request.params.aluno_id,
          request.params.periodo_id,
          step,
          expectedVersion(request, request.body?.version),
          actorOf(request),
        );
        if (step === 'revisar') return ok(parecer, 'Parecer revisado.');
        // Published for a family nobody of which reads the portal: the coordenação hands it over.
        return ok(
          parecer,
          (await familyOnPortal(app.ctx.db, parecer.aluno_id)) > 0
            ? 'Parecer publicado para a família.'
            : `Parecer publicado, mas nenhum responsável de ${parecer.aluno.nome} usa o portal: entregue o parecer impresso.`,
        );
      },
    );

  // Photos of the child's work (issue 31 §1): the writer attaches and removes; whoever reaches the
  // parecer reads them through here (never a public address).
  app.post(
    '/:aluno_id/:periodo_id/fotos',
    {
      schema: { params: parecerParams, response: createdResponse(parecerSchema) },
      config: { access: 'academics.write', multipart: true },
    },
    async (request, reply) => {
      const bytes = await readPhotoUpload(request);
      const { aluno_id, periodo_id } = request.params;
      const parecer = await addParecerFoto(
        app.ctx.db,
        signedInUser(request),
        aluno_id,
        periodo_id,
        bytes,
        actorOf(request),
      );
      return reply.status(201).send(ok(parecer, 'Foto anexada ao parecer.'));
    },
  );
  app.get(
    '/:aluno_id/:periodo_id/fotos/:foto_id',
    {
      // Not a view of the record of its own: the parecer it belongs to is opened (and logged) first.
      schema: { params: parecerFotoParams },
      config: { access: 'academics.read' },
    },
    async (request, reply) => {
      const { aluno_id, periodo_id, foto_id } = request.params;
      const foto = await readParecerFoto(app.ctx.db, signedInUser(request), aluno_id, periodo_id, foto_id);
      return sendPrivatePhoto(reply, foto);
    },
  );
  app.delete(
    '/:aluno_id/:periodo_id/fotos/:foto_id',
    {
      schema: { params: parecerFotoParams, response: okResponse(parecerSchema) },
      config: { access: 'academics.write' },
    },
    async (request) => {
      const { aluno_id, periodo_id, foto_id } = request.params;
      return ok(
        await deleteParecerFoto(
          app.ctx.db,
          signedInUser(request),
          aluno_id,
          periodo_id,
          foto_id,
          actorOf(request),
        ),
        'Foto excluída do parecer.',
      );
    },
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
