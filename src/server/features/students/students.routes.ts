import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdGuardianSchema,
  createdStudentSchema,
  createGuardianInputSchema,
  guardianSchema,
  studentCountsSchema,
  studentSchema,
  createStudentInputSchema,
  exportStudentsQuerySchema,
  listStudentsQuerySchema,
  studentStatusInputSchema,
  studentStatusLabels,
  updateOwnGuardianInputSchema,
  updateStudentInputSchema,
} from '../../../shared/students.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse, pageOf } from '../../lib/responses.js';
import { recordAudit } from '../audit/audit.service.js';
import { studentsToCsv, studentsToXlsx } from './students.export.js';
import { createGuardian, getOwnGuardian, updateOwnGuardian } from './guardians.service.js';
import {
  createStudent,
  getStudent,
  listStudents,
  listStudentsForExport,
  setStudentStatus,
  updateStudent,
} from './students.service.js';
import { clock } from '../../lib/clock.js';

const idParams = z.strictObject({ id: uuidParam });

export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'students.read' } as const;
  const write = { access: 'students.write' } as const;

  // A page answered from the list cache is the same object each time: it goes through its response
  // schema and is serialised once.
  const serialised = new WeakMap<object, string>();
  const listResponse = okResponse(pageOf(studentSchema).extend({ counts: studentCountsSchema }));
  app.get(
    '/',
    { schema: { querystring: listStudentsQuerySchema, response: listResponse }, config: read },
    async (request, reply) => {
      const page = await listStudents(app.ctx.db, signedInUser(request), request.query);
      let body = serialised.get(page);
      if (body === undefined) {
        body = JSON.stringify(listResponse[200].parse(ok(page)));
        serialised.set(page, body);
      }
      const cached = body;
      return reply.serializer(() => cached).send(ok(page));
    },
  );

  app.get(
    '/export',
    { schema: { querystring: exportStudentsQuerySchema }, config: read },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const { students, showCpf } = await listStudentsForExport(app.ctx.db, signedInUser(request), filters);
      await recordAudit(app.ctx.db, actorOf(request), {
        action: 'exportar',
        entity: 'aluno',
        details: { formato: format, linhas: students.length, filtros: filters },
      });
      const name = `alunos-${clock.today()}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'xlsx') {
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(await studentsToXlsx(students, showCpf));
      }
      return reply.type('text/csv; charset=utf-8').send(studentsToCsv(students, showCpf));
    },
  );

  app.post(
    '/',
    {
      schema: { body: createStudentInputSchema, response: createdResponse(createdStudentSchema) },
      config: write,
    },
    async (request, reply) => {
      const created = await createStudent(app.ctx, request.body, actorOf(request));
      return reply.status(201).send(ok(created, 'Aluno e responsável cadastrados com sucesso!'));
    },
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: okResponse(studentSchema) }, config: read },
    async (request) => ok(await getStudent(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: { params: idParams, body: updateStudentInputSchema, response: okResponse(studentSchema) },
      config: write,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const student = await updateStudent(
        app.ctx,
        request.params.id,
        request.body,
        version,
        actorOf(request),
      );
      return ok(student, 'Aluno atualizado com sucesso!');
    },
  );

  app.patch(
    '/:id/status',
    {
      schema: { params: idParams, body: studentStatusInputSchema, response: okResponse(studentSchema) },
      config: write,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const student = await setStudentStatus(
        app.ctx,
        request.params.id,
        request.body.status,
        version,
        actorOf(request),
      );
      return ok(student, `Status alterado para ${studentStatusLabels[student.status]}.`);
    },
  );
};

export const guardiansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: { body: createGuardianInputSchema, response: createdResponse(createdGuardianSchema) },
      config: { access: 'students.write' },
    },
    async (request, reply) => {
      const created = await createGuardian(app.ctx, request.body, actorOf(request));
      return reply.status(201).send(ok(created, 'Responsável cadastrado com sucesso!'));
    },
  );

  app.get(
    '/me',
    { schema: { response: okResponse(guardianSchema) }, config: { access: 'guardians.self' } },
    async (request) => ok(await getOwnGuardian(app.ctx.db, signedInUser(request))),
  );

  app.put(
    '/me',
    {
      schema: { body: updateOwnGuardianInputSchema, response: okResponse(guardianSchema) },
      config: { access: 'guardians.self' },
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const guardian = await updateOwnGuardian(
        app.ctx,
        signedInUser(request),
        request.body,
        version,
        actorOf(request),
      );
      return ok(guardian, 'Dados de contato atualizados com sucesso!');
    },
  );
};
