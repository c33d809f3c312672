import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classInputSchema,
  classSchema,
  classStudentSchema,
  enrolInputSchema,
  listClassesQuerySchema,
} from '../../../shared/classes.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import {
  createClass,
  deleteClass,
  enrolStudent,
  getClass,
  listClasses,
  listClassStudents,
  unenrolStudent,
  updateClass,
} from './classes.service.js';

const idParams = z.strictObject({ id: uuidParam });
const enrolmentParams = z.strictObject({ id: uuidParam, alunoId: uuidParam });

export const classesRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'classes.read' } as const;
  const write = { access: 'classes.write' } as const;

  app.get(
    '/',
    {
      schema: { querystring: listClassesQuerySchema, response: okResponse(z.array(classSchema)) },
      config: read,
    },
    async (request) => ok(await listClasses(app.ctx.db, signedInUser(request), request.query)),
  );

  app.post(
    '/',
    { schema: { body: classInputSchema, response: createdResponse(classSchema) }, config: write },
    async (request, reply) => {
      const created = await createClass(app.ctx, request.body, actorOf(request));
      return reply.status(201).send(ok(created, 'Turma criada com sucesso!'));
    },
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: okResponse(classSchema) }, config: read },
    async (request) => ok(await getClass(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: { params: idParams, body: classInputSchema, response: okResponse(classSchema) },
      config: write,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const updated = await updateClass(app.ctx, request.params.id, request.body, version, actorOf(request));
      return ok(updated, 'Turma atualizada com sucesso!');
    },
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, response: okResponse(z.null()) }, config: write },
    async (request) => {
      await deleteClass(app.ctx, request.params.id, actorOf(request));
      return ok(null, 'Turma excluída com sucesso!');
    },
  );

  app.get(
    '/:id/alunos',
    { schema: { params: idParams, response: okResponse(z.array(classStudentSchema)) }, config: read },
    async (request) => ok(await listClassStudents(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.post(
    '/:id/alunos',
    {
      schema: { params: idParams, body: enrolInputSchema, response: createdResponse(z.null()) },
      config: write,
    },
    async (request, reply) => {
      await enrolStudent(
        app.ctx,
        request.params.id,
        request.body.aluno_id,
        actorOf(request),
        request.body.data_enturmacao,
      );
      return reply.status(201).send(ok(null, 'Aluno matriculado na turma.'));
    },
  );

  app.delete(
    '/:id/alunos/:alunoId',
    { schema: { params: enrolmentParams, response: okResponse(z.null()) }, config: write },
    async (request) => {
      await unenrolStudent(app.ctx, request.params.id, request.params.alunoId, actorOf(request));
      return ok(null, 'Aluno removido da turma.');
    },
  );
};
