/** `/api/disciplinas`: the school's subject catalogue (issue 31 §2, ADR 0023). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDisciplinaInputSchema,
  disciplinaSchema,
  listDisciplinasQuerySchema,
  updateDisciplinaInputSchema,
} from '../../../shared/disciplinas.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { createDisciplina, listDisciplinas, updateDisciplina } from './disciplinas.service.js';

const idParams = z.strictObject({ id: uuidParam });

export const disciplinasRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every member of staff who names a subject (grade curricular, notas, frequência, professores) reads it.
  app.get(
    '/',
    {
      schema: { querystring: listDisciplinasQuerySchema, response: okResponse(z.array(disciplinaSchema)) },
      config: { access: 'teachers.read' },
    },
    async (request) => ok(await listDisciplinas(app.ctx.db, request.query)),
  );

  app.post(
    '/',
    {
      schema: { body: createDisciplinaInputSchema, response: createdResponse(disciplinaSchema) },
      config: { access: 'academics.manage' },
    },
    async (request, reply) => {
      const created = await createDisciplina(app.ctx.db, request.body, actorOf(request));
      return reply.status(201).send(ok(created, 'Disciplina cadastrada.'));
    },
  );

  app.patch(
    '/:id',
    {
      schema: { params: idParams, body: updateDisciplinaInputSchema, response: okResponse(disciplinaSchema) },
      config: { access: 'academics.manage' },
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const updated = await updateDisciplina(
        app.ctx.db,
        request.params.id,
        request.body,
        version,
        actorOf(request),
      );
      return ok(updated.disciplina, ['Disciplina atualizada.', updated.aviso].filter(Boolean).join(' '));
    },
  );
};
