import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abonoInputSchema,
  alertsQuerySchema,
  attendanceAlertsSchema,
  classMonthSchema,
  monthQuerySchema,
  notificationInputSchema,
  rollClassesQuerySchema,
  rollClassSchema,
  rollDeleteInputSchema,
  rollInputSchema,
  rollQuerySchema,
  rollSchema,
  studentAttendanceQuerySchema,
  studentAttendanceSchema,
  tutelaryNotificationSchema,
} from '../../../shared/attendance.schemas.js';
import { studentLessonsQuerySchema, studentLessonsSchema } from '../../../shared/tarefas.schemas.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { getClassMonth } from './class-month.figures.js';
import { getStudentAttendance } from './student-attendance.figures.js';
import { listStudentLessons } from './student-lessons.service.js';
import { listAlerts } from './class-frequencies.figures.js';
import { deleteRoll } from './roll-delete.service.js';
import { getRoll, listRollClasses } from './roll-read.service.js';
import { saveRoll } from './roll-save.service.js';
import { setAbsenceExcused } from './absence-excuse.service.js';
import { buildTutelaryLetter, issueTutelaryNotification } from './tutelary.documents.js';
import { tutelaryNotifications } from '../../db/schema/attendance.js';

const idParams = z.strictObject({ id: uuidParam });

/** `/api/frequencia`: the class diary (rolls, absences, alerts, letters to the Conselho Tutelar). */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const diary = { access: 'academics.write' } as const;
  const manage = { access: 'academics.manage' } as const;

  app.get(
    '/turmas',
    {
      schema: { querystring: rollClassesQuerySchema, response: okResponse(z.array(rollClassSchema)) },
      config: diary,
    },
    async (request) => ok(await listRollClasses(app.ctx.db, signedInUser(request), request.query)),
  );

  app.get(
    '/turmas/:id',
    {
      schema: { params: idParams, querystring: rollQuerySchema, response: okResponse(rollSchema) },
      config: diary,
    },
    async (request) => ok(await getRoll(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );

  app.put(
    '/turmas/:id',
    { schema: { params: idParams, body: rollInputSchema, response: okResponse(rollSchema) }, config: diary },
    // A device's queue retries with the same Idempotency-Key: the first answer is replayed (ADR 0053).
    async (request, reply) => {
      const user = signedInUser(request);
      return runIdempotent(app.ctx.db, request, reply, user.id, async (db) =>
        ok(
          await saveRoll({ ...app.ctx, db }, user, actorOf(request), request.params.id, request.body),
          'Frequência salva.',
        ),
      );
    },
  );

  // A roll taken by mistake: the reason travels in the JSON body (the audit keeps it).
  app.delete(
    '/chamadas/:id',
    {
      schema: { params: idParams, body: rollDeleteInputSchema, response: okResponse(z.null()) },
      config: diary,
    },
    async (request) => {
      await deleteRoll(
        app.ctx,
        signedInUser(request),
        actorOf(request),
        request.params.id,
        request.body.motivo,
      );
      return ok(null, 'Chamada removida.');
    },
  );

  app.get(
    '/turmas/:id/mes',
    {
      schema: { params: idParams, querystring: monthQuerySchema, response: okResponse(classMonthSchema) },
      config: diary,
    },
    async (request) =>
      ok(await getClassMonth(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );

  for (const [path, excused, message] of [
    ['/faltas/:id/abonar', true, 'Falta abonada.'],
    ['/faltas/:id/desabonar', false, 'Abono desfeito; a falta volta a contar.'],
  ] as const) {
    app.post(
      path,
      {
        schema: { params: idParams, body: abonoInputSchema, response: okResponse(studentAttendanceSchema) },
        config: manage,
      },
      async (request) => {
        const user = signedInUser(request);
        const { aluno_id } = await setAbsenceExcused(
          app.ctx,
          request.params.id,
          excused,
          request.body.motivo,
          actorOf(request),
        );
        return ok(await getStudentAttendance(app.ctx.db, user, aluno_id, {}), message);
      },
    );
  }

  app.get(
    '/alunos/:id',
    {
      schema: {
        params: idParams,
        querystring: studentAttendanceQuerySchema,
        response: okResponse(studentAttendanceSchema),
      },
      config: { access: 'academics.read', childRecord: { via: 'frequencia' } },
    },
    async (request) =>
      ok(await getStudentAttendance(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );

  // The lessons' content and homework of the child's classes (docs/familia.md): the family of the child,
  // the student's own account, staff by their scope — the same reach as the attendance record above.
  app.get(
    '/alunos/:id/tarefas',
    {
      schema: {
        params: idParams,
        querystring: studentLessonsQuerySchema,
        response: okResponse(studentLessonsSchema),
      },
      config: { access: 'academics.read', childRecord: { via: 'tarefas' } },
    },
    async (request) =>
      ok(await listStudentLessons(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );

  app.get(
    '/alertas',
    {
      schema: { querystring: alertsQuerySchema, response: okResponse(attendanceAlertsSchema) },
      config: diary,
    },
    async (request) => ok(await listAlerts(app.ctx.db, signedInUser(request), request.query)),
  );

  app.post(
    '/notificacoes',
    {
      schema: { body: notificationInputSchema, response: createdResponse(tutelaryNotificationSchema) },
      config: manage,
    },
    async (request, reply) => {
      const notice = await issueTutelaryNotification(app.ctx, request.body, actorOf(request));
      return reply.status(201).send(ok(notice, 'Notificação ao Conselho Tutelar registrada.'));
    },
  );

  app.get(
    '/notificacoes/:id/pdf',
    {
      schema: { params: idParams },
      config: {
        ...manage,
        childRecord: {
          via: 'notificacao_conselho',
          aluno: [tutelaryNotifications.id, tutelaryNotifications.alunoId],
        },
      },
    },
    async (request, reply) => {
      const letter = await buildTutelaryLetter(app.ctx.db, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${letter.fileName}"`)
        .send(letter.body);
    },
  );
};
