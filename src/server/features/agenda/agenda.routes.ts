import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agendaAlunoQuery,
  agendaAlunoSchema,
  agendaDiaInputSchema,
  agendaDiaParams,
  agendaDiaTurmaSchema,
  agendaModeloInputSchema,
  agendaModeloSchema,
  agendaTurmaResumoSchema,
  autorizacaoInputSchema,
  autorizacaoSchema,
} from '../../../shared/agenda.schemas.js';
import { isoDateSchema, uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { MEDIA_LIMITS, readPhotoUpload, sendPrivatePhoto } from '../media/index.js';
import { deleteDayPhoto, putDayPhoto, readChildPhoto, readClassPhoto } from './agenda.fotos.js';
import { createAutorizacao, listAutorizacoes, revokeAutorizacao } from './agenda.medicacao.js';
import { getModelo, listAgendaClasses, saveModelo } from './agenda.modelos.js';
import { getChildDay, getClassDay, saveClassDay, sentMessage } from './agenda.service.js';

const idParams = z.strictObject({ id: uuidParam });
/** Who records a medication authorisation: the family for their child, the school from the paper. */
const AUTORIZA = ['guardians.self', 'students.write', 'academics.manage'] as const;

/** `/api/agenda`: the daily agenda of young children (issue 32 §3, ADR 0037). */
export const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MEDIA_LIMITS.maxBytes, files: 1, fields: 0, parts: 1 },
  });

  app.get(
    '/turmas',
    {
      schema: { response: okResponse(z.array(agendaTurmaResumoSchema)) },
      config: { access: 'academics.read' },
    },
    async (request) => ok(await listAgendaClasses(app.ctx.db, signedInUser(request))),
  );
  app.get(
    '/turmas/:id/modelo',
    {
      schema: { params: idParams, response: okResponse(agendaModeloSchema) },
      config: { access: 'academics.read' },
    },
    async (request) => ok(await getModelo(app.ctx.db, signedInUser(request), request.params.id)),
  );
  app.put(
    '/turmas/:id/modelo',
    {
      schema: { params: idParams, body: agendaModeloInputSchema, response: okResponse(agendaModeloSchema) },
      config: { access: 'academics.manage' },
    },
    async (request) =>
      ok(
        await saveModelo(
          app.ctx.db,
          signedInUser(request),
          request.params.id,
          request.body,
          expectedVersion(request, request.body.version),
          actorOf(request),
        ),
        'Modelo da agenda salvo.',
      ),
  );
  app.get(
    '/turmas/:id/:data',
    {
      schema: { params: agendaDiaParams, response: okResponse(agendaDiaTurmaSchema) },
      config: { access: 'academics.read' },
    },
    async (request) =>
      ok(await getClassDay(app.ctx.db, signedInUser(request), request.params.id, request.params.data)),
  );
  app.put(
    '/turmas/:id/:data',
    {
      schema: {
        params: agendaDiaParams,
        body: agendaDiaInputSchema,
        response: okResponse(agendaDiaTurmaSchema),
      },
      config: { access: 'academics.write' },
    },
    async (request) => {
      const day = await saveClassDay(
        app.ctx.db,
        signedInUser(request),
        request.params.id,
        request.params.data,
        request.body,
        expectedVersion(request, request.body.version),
        actorOf(request),
      );
      return ok(day, sentMessage(day));
    },
  );

  // The day's photo of the class (never public; a family only with the image consent).
  app.put(
    '/turmas/:id/:data/foto',
    {
      schema: { params: agendaDiaParams, response: okResponse(z.null()) },
      config: { access: 'academics.write', multipart: true },
    },
    async (request) => {
      const bytes = await readPhotoUpload(request);
      const { id, data } = request.params;
      await putDayPhoto(app.ctx.db, signedInUser(request), id, data, bytes, actorOf(request));
      return ok(null, 'Foto do dia enviada.');
    },
  );
  app.delete(
    '/turmas/:id/:data/foto',
    {
      schema: { params: agendaDiaParams, response: okResponse(z.null()) },
      config: { access: 'academics.write' },
    },
    async (request) => {
      const { id, data } = request.params;
      await deleteDayPhoto(app.ctx.db, signedInUser(request), id, data, actorOf(request));
      return ok(null, 'Foto do dia excluída.');
    },
  );
  app.get(
    '/turmas/:id/:data/foto',
    { schema: { params: agendaDiaParams }, config: { access: 'academics.read' } },
    async (request, reply) =>
      sendPrivatePhoto(
        reply,
        await readClassPhoto(app.ctx.db, signedInUser(request), request.params.id, request.params.data),
      ),
  );

  app.get(
    '/alunos/:id',
    {
      schema: { params: idParams, querystring: agendaAlunoQuery, response: okResponse(agendaAlunoSchema) },
      config: { access: 'academics.read', childRecord: { via: 'agenda' } },
    },
    async (request) =>
      ok(await getChildDay(app.ctx.db, signedInUser(request), request.params.id, request.query.data)),
  );
  app.get(
    '/alunos/:id/foto',
    {
      schema: { params: idParams, querystring: z.strictObject({ data: isoDateSchema }) },
      config: { access: 'academics.read' },
    },
    async (request, reply) =>
      sendPrivatePhoto(
        reply,
        await readChildPhoto(app.ctx.db, signedInUser(request), request.params.id, request.query.data),
      ),
  );

  app.get(
    '/alunos/:id/medicacoes',
    {
      schema: { params: idParams, response: okResponse(z.array(autorizacaoSchema)) },
      config: { access: 'academics.read', childRecord: { via: 'medicacao' } },
    },
    async (request) => ok(await listAutorizacoes(app.ctx.db, signedInUser(request), request.params.id)),
  );
  app.post(
    '/alunos/:id/medicacoes',
    {
      schema: {
        params: idParams,
        body: autorizacaoInputSchema,
        response: createdResponse(autorizacaoSchema),
      },
      config: { access: AUTORIZA },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createAutorizacao(
              app.ctx.db,
              signedInUser(request),
              request.params.id,
              request.body,
              actorOf(request),
            ),
            'Autorização de medicação registrada.',
          ),
        ),
  );
  app.post(
    '/medicacoes/:id/revogar',
    { schema: { params: idParams, response: okResponse(autorizacaoSchema) }, config: { access: AUTORIZA } },
    async (request) =>
      ok(
        await revokeAutorizacao(app.ctx.db, signedInUser(request), request.params.id, actorOf(request)),
        'Autorização de medicação revogada.',
      ),
  );
};
