import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listTeachersQuerySchema,
  savedTeacherSchema,
  teacherInputSchema,
  teacherSchema,
} from '../../../shared/teachers.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { createTeacher, deleteTeacher, listTeachers, updateTeacher } from './teachers.service.js';

const idParams = z.strictObject({ id: uuidParam });

export const teachersRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = { access: 'teachers.write' } as const;

  app.get(
    '/',
    {
      schema: { querystring: listTeachersQuerySchema, response: okResponse(z.array(teacherSchema)) },
      config: { access: 'teachers.read' },
    },
    async (request) => ok(await listTeachers(app.ctx.db, request.query)),
  );

  app.post(
    '/',
    { schema: { body: teacherInputSchema, response: createdResponse(savedTeacherSchema) }, config: write },
    async (request, reply) => {
      const saved = await createTeacher(app.ctx, request.body, actorOf(request));
      return reply.status(201).send(ok(saved, 'Professor adicionado com sucesso!'));
    },
  );

  app.put(
    '/:id',
    {
      schema: { params: idParams, body: teacherInputSchema, response: okResponse(savedTeacherSchema) },
      config: write,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const saved = await updateTeacher(app.ctx, request.params.id, request.body, version, actorOf(request));
      return ok(saved, 'Professor atualizado com sucesso!');
    },
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, response: okResponse(z.null()) }, config: write },
    async (request) => {
      await deleteTeacher(app.ctx, request.params.id, actorOf(request));
      return ok(null, 'Professor excluído com sucesso!');
    },
  );
};
