import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abonoInputSchema,
  alertsQuerySchema,
  gradeInputSchema,
  monthQuerySchema,
  notificationInputSchema,
  rollClassesQuerySchema,
  rollInputSchema,
  rollQuerySchema,
  studentAttendanceQuerySchema,
} from '../../../shared/academics.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { getClassMonth, getStudentAttendance, listAlerts } from './attendance.figures.js';
import { setAbsenceExcused, getRoll, listRollClasses, saveRoll } from './attendance.service.js';
import { getGrade, saveGrade } from './grade.service.js';
import { buildTutelaryLetter, issueTutelaryNotification } from './tutelary.documents.js';

const idParams = z.strictObject({ id: uuidParam });

/** The subject grid of a class and the class diary (issue 13); registered without a prefix. */
export const academicsRoutes: FastifyPluginAsyncZod = async (app) => {
  const diary = { access: 'academics.write' } as const;
  const manage = { access: 'academics.manage' } as const;

  app.get(
    '/api/turmas/:id/disciplinas',
    { schema: { params: idParams }, config: { access: 'classes.read' } },
    async (request) => ok(await getGrade(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.put(
    '/api/turmas/:id/disciplinas',
    { schema: { params: idParams, body: gradeInputSchema }, config: { access: 'classes.write' } },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const saved = await saveGrade(app.ctx, request.params.id, request.body, version, actorOf(request));
      return ok(saved, 'Grade curricular salva.');
    },
  );

  app.get(
    '/api/frequencia/turmas',
    { schema: { querystring: rollClassesQuerySchema }, config: diary },
    async (request) => ok(await listRollClasses(app.ctx.db, signedInUser(request), request.query)),
  );

  app.get(
    '/api/frequencia/turmas/:id',
    { schema: { params: idParams, querystring: rollQuerySchema }, config: diary },
    async (request) => ok(await getRoll(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );

  app.put(
    '/api/frequencia/turmas/:id',
    { schema: { params: idParams, body: rollInputSchema }, config: diary },
    async (request) => {
      const roll = await saveRoll(
        app.ctx,
        signedInUser(request),
        actorOf(request),
        request.params.id,
        request.body,
      );
      return ok(roll, 'Frequência salva.');
    },
  );

  app.get(
    '/api/frequencia/turmas/:id/mes',
    { schema: { params: idParams, querystring: monthQuerySchema }, config: diary },
    async (request) =>
      ok(await getClassMonth(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );

  for (const [path, excused, message] of [
    ['/api/frequencia/faltas/:id/abonar', true, 'Falta abonada.'],
    ['/api/frequencia/faltas/:id/desabonar', false, 'Abono desfeito; a falta volta a contar.'],
  ] as const) {
    app.post(
      path,
      { schema: { params: idParams, body: abonoInputSchema }, config: manage },
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
    '/api/frequencia/alunos/:id',
    {
      schema: { params: idParams, querystring: studentAttendanceQuerySchema },
      config: { access: 'academics.read' },
    },
    async (request) =>
      ok(await getStudentAttendance(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );

  app.get(
    '/api/frequencia/alertas',
    { schema: { querystring: alertsQuerySchema }, config: diary },
    async (request) => ok(await listAlerts(app.ctx.db, signedInUser(request), request.query)),
  );

  app.post(
    '/api/frequencia/notificacoes',
    { schema: { body: notificationInputSchema }, config: manage },
    async (request, reply) => {
      const notice = await issueTutelaryNotification(app.ctx, request.body, actorOf(request));
      return reply.status(201).send(ok(notice, 'Notificação ao Conselho Tutelar registrada.'));
    },
  );

  app.get(
    '/api/frequencia/notificacoes/:id/pdf',
    { schema: { params: idParams }, config: manage },
    async (request, reply) => {
      const letter = await buildTutelaryLetter(app.ctx.db, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${letter.fileName}"`)
        .send(letter.body);
    },
  );
};
