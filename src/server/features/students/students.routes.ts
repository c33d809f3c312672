import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdGuardianSchema,
  createdStudentSchema,
  createGuardianInputSchema,
  guardianSchema,
  studentsPageExtras,
  studentListItemSchema,
  studentSchema,
  createStudentInputSchema,
  exportStudentsQuerySchema,
  listStudentsQuerySchema,
  studentStatusInputSchema,
  studentStatusLabels,
  updateOwnGuardianInputSchema,
  updateStudentInputSchema,
  confirmEmailInputSchema,
  guardianSummarySchema,
  linkGuardianInputSchema,
  searchGuardiansQuerySchema,
  updatedGuardianSchema,
  updateGuardianInputSchema,
} from '../../../shared/students.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse, pageOf } from '../../lib/responses.js';
import { recordAudit } from '../audit/index.js';
import { studentsToCsv, studentsToXlsx } from './students.export.js';
import { createGuardian, getOwnGuardian, updateOwnGuardian } from './guardians.service.js';
import {
  createStudent,
  getStudent,
  listStudents,
  listStudentsForExport,
  updateStudent,
} from './students.service.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { setStudentStatus } from './students.status.js';
import {
  confirmGuardianEmail,
  linkExistingGuardian,
  searchGuardians,
  unlinkGuardian,
  updateGuardian,
} from './guardians-admin.service.js';

const idParams = z.strictObject({ id: uuidParam });
const linkParams = z.strictObject({ id: uuidParam, responsavelId: uuidParam });

export const studentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'students.read' } as const;
  const write = { access: 'students.write' } as const;

  // A page answered from the list cache is the same object each time: it goes through its response
  // schema and is serialised once, to UTF-8 bytes — a string would be encoded again on every answer
  // (issue 38: ~40 KB of garbage per request of a 25 KB page, a third of the server's time in GC with
  // npm start's 2 MB young generation).
  const serialised = new WeakMap<object, Buffer>();
  const listResponse = okResponse(pageOf(studentListItemSchema).extend(studentsPageExtras));
  app.get(
    '/',
    {
      schema: { querystring: listStudentsQuerySchema, response: listResponse },
      // The list's version is read with the session's confirmation: a cached page costs one round-trip.
      config: { ...read, recordVersion: 'students' },
    },
    async (request, reply) => {
      const page = await listStudents(
        app.ctx.db,
        signedInUser(request),
        request.query,
        request.recordVersion,
      );
      let body = serialised.get(page);
      if (body === undefined) {
        body = Buffer.from(JSON.stringify(listResponse[200].parse(ok(page))));
        serialised.set(page, body);
      }
      // Bytes are sent as they are (the response schema serialises objects only): parsed above, once.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/export',
    { schema: { querystring: exportStudentsQuerySchema }, config: read },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const { students, view } = await listStudentsForExport(app.ctx.db, signedInUser(request), filters);
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
          .send(await studentsToXlsx(students, view));
      }
      return reply.type('text/csv; charset=utf-8').send(studentsToCsv(students, view));
    },
  );

  app.post(
    '/',
    {
      schema: { body: createStudentInputSchema, response: createdResponse(createdStudentSchema) },
      config: write,
    },
    async (request, reply) => {
      const { created, resumo } = await createStudent(app.ctx, request.body, actorOf(request));
      const message = ['Aluno e responsável cadastrados com sucesso!', ...resumo].join(' ');
      return reply.status(201).send(ok(created, message));
    },
  );

  app.get(
    '/:id',
    // Staff opening the record is logged for the family (LGPD, 'Quem acessou').
    {
      schema: { params: idParams, response: okResponse(studentSchema) },
      config: { ...read, childRecord: { via: 'ficha' } },
    },
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

  // The student with their guardians as the administrator sees them, after a link changes.
  const adminView = (request: { params: { id: string } }) =>
    getStudent(app.ctx.db, { id: '', nivel: 'administrador' }, request.params.id);

  app.post(
    '/:id/responsaveis',
    {
      schema: { params: idParams, body: linkGuardianInputSchema, response: okResponse(studentSchema) },
      config: write,
    },
    async (request) => {
      await linkExistingGuardian(app.ctx, request.params.id, request.body, actorOf(request));
      return ok(await adminView(request), 'Responsável vinculado ao aluno.');
    },
  );

  app.delete(
    '/:id/responsaveis/:responsavelId',
    { schema: { params: linkParams, response: okResponse(studentSchema) }, config: write },
    async (request) => {
      const resumo = await unlinkGuardian(
        app.ctx,
        request.params.id,
        request.params.responsavelId,
        actorOf(request),
      );
      return ok(await adminView(request), ['Responsável desvinculado do aluno.', ...resumo].join(' '));
    },
  );

  app.patch(
    '/:id/status',
    {
      schema: { params: idParams, body: studentStatusInputSchema, response: okResponse(studentSchema) },
      config: write,
    },
    async (request) => {
      const { status, data_saida, destino, cancelar_mensalidades } = request.body;
      // Cancelling tuition is the Financeiro's: the card offers it only to whoever holds it.
      if (cancelar_mensalidades && !signedInUser(request).permissoes.includes('finance.manage'))
        throw new AppError(
          'FORBIDDEN',
          'Cancelar mensalidades é do Financeiro: altere o status sem cancelá-las; o Financeiro é avisado das que ficarem em aberto.',
        );
      const version = expectedVersion(request, request.body.version);
      const { student, resumo, corrigida } = await setStudentStatus(
        app.ctx,
        request.params.id,
        { status, dataSaida: data_saida, destino, cancelarMensalidades: cancelar_mensalidades },
        version,
        actorOf(request),
      );
      const feito = corrigida
        ? 'Saída corrigida.'
        : `Status alterado para ${studentStatusLabels[student.status]}.`;
      return ok(student, [feito, ...resumo].join(' '));
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
    '/',
    {
      schema: {
        querystring: searchGuardiansQuerySchema,
        response: okResponse(z.array(guardianSummarySchema)),
      },
      config: { access: 'students.write' },
    },
    async (request) => ok(await searchGuardians(app.ctx.db, request.query.q)),
  );

  app.put(
    '/:id',
    {
      schema: {
        params: idParams,
        body: updateGuardianInputSchema,
        response: okResponse(updatedGuardianSchema),
      },
      config: { access: 'students.write' },
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const guardian = await updateGuardian(
        app.ctx,
        request.params.id,
        request.body,
        version,
        actorOf(request),
      );
      return ok(
        guardian,
        guardian.email_pendente
          ? `Dados salvos. O novo e-mail passa a valer depois de confirmado em ${guardian.email_pendente}.` +
              (app.ctx.mailer.delivery === 'arquivo'
                ? ' O e-mail não está configurado neste servidor (variável SMTP_URL, veja o README): o link de confirmação não chega ao responsável; até ele ser confirmado, o acesso continua pelo e-mail anterior.'
                : '')
          : request.body.criar_acesso && guardian.usuario_id
            ? 'Responsável atualizado; o acesso ao portal está pronto.'
            : 'Responsável atualizado com sucesso!',
      );
    },
  );

  app.post(
    '/confirmar-email',
    {
      schema: { body: confirmEmailInputSchema, response: okResponse(z.object({ email: z.string() })) },
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const email = await confirmGuardianEmail(
        app.ctx,
        request.body.token,
        request.auth?.user ?? null,
        request.ip,
      );
      return ok({ email }, `E-mail confirmado. Use ${email} para entrar no portal.`);
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
