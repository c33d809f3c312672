import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  academicSettingsSchema,
  updateAcademicSettingsInputSchema,
} from '../../../shared/academic-settings.schemas.js';
import {
  assessmentInputSchema,
  assessmentSchema,
  assessmentsQuerySchema,
  assessmentDeleteInputSchema,
  assessmentUpdateSchema,
} from '../../../shared/assessments.schemas.js';
import {
  cellRectificationInputSchema,
  gradeHistorySchema,
  gradesBatchInputSchema,
  gradesGridSchema,
  gridQuerySchema,
  periodActionInputSchema,
  periodStatusSchema,
  publishInputSchema,
  rectificationInputSchema,
  savedGradesSchema,
} from '../../../shared/grades.schemas.js';
import {
  councilInputSchema,
  reportCardQuerySchema,
  reportCardSchema,
} from '../../../shared/report-card.schemas.js';
import {
  rectificationApprovalInputSchema,
  rectificationRefusalInputSchema,
  rectificationRequestInputSchema,
  rectificationRequestSchema,
  rectificationRequestsQuerySchema,
} from '../../../shared/rectification-requests.schemas.js';
import { gradesProgressQuerySchema, gradesProgressSchema } from '../../../shared/grades-progress.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { scopeOf } from '../students/index.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { getAcademicSettings, updateAcademicSettings } from '../calendar/index.js';
import {
  createAssessment,
  deleteAssessment,
  listAssessments,
  updateAssessment,
} from './assessments.service.js';
import { getGradeHistory, rectifyCell, rectifyGrade } from './rectification.service.js';
import { getGradesGrid } from './grades-grid.service.js';
import { gradesProgress } from './grades-progress.service.js';
import { saveGrades } from './grades-save.service.js';
import { changePeriodState, getPeriodStatus } from './periods.service.js';
import {
  approveRectification,
  listRectificationRequests,
  refuseRectification,
  requestRectification,
} from './rectification-requests.service.js';
import { buildClassReportCardsPdf, buildReportCardPdf } from './report-card.pdf.js';
import { buildReportCard } from './report-card.service.js';
import { recordCouncilDecision } from './council.service.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { grades } from '../../db/schema/grades.js';

const idParams = z.strictObject({ id: uuidParam });
const studentParams = z.strictObject({ aluno_id: uuidParam });

const sendPdf = (reply: FastifyReply, file: { body: Buffer; fileName: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);

const book = { access: 'academics.write' } as const;
const manage = { access: 'academics.manage' } as const;
const read = { access: 'academics.read' } as const;

/** `/api/configuracoes/academico`: the 'Acadêmico' settings (grading scale, periods). */
export const academicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { response: okResponse(academicSettingsSchema) }, config: { access: 'authenticated' } },
    async () => ok(await getAcademicSettings(app.ctx.db)),
  );
  app.put(
    '/',
    {
      schema: { response: okResponse(academicSettingsSchema), body: updateAcademicSettingsInputSchema },
      config: { access: 'settings.manage' },
    },
    async (request) =>
      ok(
        await updateAcademicSettings(app.ctx, request.body, actorOf(request)),
        'Configurações acadêmicas salvas com sucesso',
      ),
  );
};

/** `/api/avaliacoes`: the assessments of a class and subject. */
export const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { response: okResponse(z.array(assessmentSchema)), querystring: assessmentsQuerySchema },
      config: book,
    },
    async (request) => ok(await listAssessments(app.ctx.db, signedInUser(request), request.query)),
  );
  app.post(
    '/',
    { schema: { response: createdResponse(assessmentSchema), body: assessmentInputSchema }, config: book },
    async (request, reply) => {
      const created = await createAssessment(app.ctx, signedInUser(request), request.body, actorOf(request));
      return reply.status(201).send(ok(created, 'Avaliação criada.'));
    },
  );
  app.put(
    '/:id',
    {
      schema: { response: okResponse(assessmentSchema), params: idParams, body: assessmentUpdateSchema },
      config: book,
    },
    async (request) =>
      ok(
        await updateAssessment(
          app.ctx,
          signedInUser(request),
          request.params.id,
          request.body,
          actorOf(request),
        ),
        'Avaliação salva.',
      ),
  );
  app.delete(
    '/:id',
    {
      // The body is optional: the reason is required only for grades of a closed or published period.
      schema: {
        response: okResponse(z.null()),
        params: idParams,
        body: assessmentDeleteInputSchema.nullish(),
      },
      config: book,
    },
    async (request) => {
      await deleteAssessment(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      return ok(null, 'Avaliação excluída.');
    },
  );
};

/** `/api/notas`: the grade book, its corrections and history. */
export const gradesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/acompanhamento',
    {
      schema: { response: okResponse(gradesProgressSchema), querystring: gradesProgressQuerySchema },
      config: manage,
    },
    async (request) =>
      ok(
        await gradesProgress(app.ctx.db, request.query.periodo_id, {
          chamadas: request.query.chamadas === 'true',
        }),
      ),
  );
  app.get(
    '/turmas/:id',
    {
      schema: { response: okResponse(gradesGridSchema), params: idParams, querystring: gridQuerySchema },
      config: book,
    },
    async (request) =>
      ok(await getGradesGrid(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );
  app.put(
    '/',
    { schema: { response: okResponse(savedGradesSchema), body: gradesBatchInputSchema }, config: book },
    // A device's queue retries with the same Idempotency-Key: the first answer is replayed (ADR 0053).
    async (request, reply) => {
      const user = signedInUser(request);
      return runIdempotent(app.ctx.db, request, reply, user.id, async (db) => {
        const saved = await saveGrades({ ...app.ctx, db }, user, request.body, actorOf(request));
        return ok(saved, saved.salvas === 1 ? '1 nota salva.' : `${String(saved.salvas)} notas salvas.`);
      });
    },
  );
  app.post(
    '/:id/retificar',
    {
      schema: { response: okResponse(gradeHistorySchema), params: idParams, body: rectificationInputSchema },
      config: manage,
    },
    async (request) =>
      ok(
        await rectifyGrade(app.ctx, signedInUser(request), request.params.id, request.body, actorOf(request)),
        'Nota retificada.',
      ),
  );
  app.post(
    '/retificar',
    {
      schema: { response: okResponse(gradeHistorySchema), body: cellRectificationInputSchema },
      config: manage,
    },
    async (request) =>
      ok(
        await rectifyCell(app.ctx, signedInUser(request), request.body, actorOf(request)),
        'Nota retificada.',
      ),
  );
  app.get(
    '/:id/historico',
    {
      schema: { response: okResponse(gradeHistorySchema), params: idParams },
      config: { ...book, childRecord: { via: 'historico_nota', aluno: [grades.id, grades.alunoId] } },
    },
    async (request) => ok(await getGradeHistory(app.ctx.db, signedInUser(request), request.params.id)),
  );
};

/** `/api/retificacoes`: teachers' requests to correct a grade in a closed period. */
export const rectificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        response: okResponse(z.array(rectificationRequestSchema)),
        querystring: rectificationRequestsQuerySchema,
      },
      config: book,
    },
    async (request) => ok(await listRectificationRequests(app.ctx.db, signedInUser(request), request.query)),
  );
  app.post(
    '/',
    {
      schema: {
        response: createdResponse(rectificationRequestSchema),
        body: rectificationRequestInputSchema,
      },
      config: book,
    },
    async (request, reply) => {
      const created = await requestRectification(
        app.ctx,
        signedInUser(request),
        request.body,
        actorOf(request),
      );
      return reply.status(201).send(ok(created, 'Solicitação de retificação enviada à coordenação.'));
    },
  );
  app.post(
    '/:id/aprovar',
    {
      schema: {
        response: okResponse(rectificationRequestSchema),
        params: idParams,
        body: rectificationApprovalInputSchema.optional(),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await approveRectification(app.ctx, request.params.id, request.body ?? {}, actorOf(request)),
        'Retificação aprovada: a nota foi alterada.',
      ),
  );
  app.post(
    '/:id/recusar',
    {
      schema: {
        response: okResponse(rectificationRequestSchema),
        params: idParams,
        body: rectificationRefusalInputSchema,
      },
      config: manage,
    },
    async (request) =>
      ok(
        await refuseRectification(app.ctx, request.params.id, request.body, actorOf(request)),
        'Solicitação de retificação recusada.',
      ),
  );
};

/** `/api/periodos`: a period's state (close, reopen, publish). */
export const periodsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/situacao',
    { schema: { response: okResponse(periodStatusSchema), params: idParams }, config: book },
    async (request) =>
      ok(
        await getPeriodStatus(
          app.ctx.db,
          request.params.id,
          await scopeOf(app.ctx.db, signedInUser(request)),
        ),
      ),
  );
  const periodActions = [
    ['fechar', 'Período fechado.'],
    ['reabrir', 'Período reaberto.'],
  ] as const;
  for (const [action, message] of periodActions)
    app.post(
      `/:id/${action}`,
      {
        schema: {
          response: okResponse(periodStatusSchema),
          params: idParams,
          body: periodActionInputSchema.optional(),
        },
        config: manage,
      },
      async (request) =>
        ok(
          await changePeriodState(app.ctx, request.params.id, action, request.body ?? {}, actorOf(request)),
          message,
        ),
    );
  app.post(
    '/:id/publicar',
    {
      schema: {
        response: okResponse(periodStatusSchema),
        params: idParams,
        body: publishInputSchema.optional(),
      },
      config: manage,
    },
    async (request) => {
      const body = request.body ?? { publicado: true };
      const status = await changePeriodState(app.ctx, request.params.id, 'publicar', body, actorOf(request));
      return ok(status, !body.publicado ? 'Publicação retirada.' : 'Período publicado.');
    },
  );
};

/** `/api/conselho`: the class council's decision on a student. */
export const councilRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:aluno_id',
    {
      schema: { response: okResponse(reportCardSchema), params: studentParams, body: councilInputSchema },
      config: manage,
    },
    async (request) =>
      ok(
        await recordCouncilDecision(
          app.ctx,
          signedInUser(request),
          request.params.aluno_id,
          request.body,
          actorOf(request),
        ),
        'Decisão do conselho de classe registrada.',
      ),
  );
};

/** `/api/boletins`: report cards (a student's, a class's as PDF). */
export const reportCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alunos/:id',
    {
      schema: {
        response: okResponse(reportCardSchema),
        params: idParams,
        querystring: reportCardQuerySchema,
      },
      config: { ...read, childRecord: { via: 'boletim' } },
    },
    async (request) =>
      ok(await buildReportCard(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );
  app.get(
    '/alunos/:id.pdf',
    {
      schema: { params: idParams, querystring: reportCardQuerySchema },
      config: { ...read, childRecord: { via: 'boletim_pdf' } },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await buildReportCardPdf(app.ctx.db, signedInUser(request), request.params.id, request.query),
      ),
  );
  app.get(
    '/turmas/:id.pdf',
    {
      schema: { params: idParams },
      // Every student who was in the class: the PDF holds each one's boletim.
      config: {
        ...manage,
        childRecord: {
          via: 'boletins_turma_pdf',
          aluno: [classMemberships.turmaId, classMemberships.alunoId],
        },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await buildClassReportCardsPdf(app.ctx.db, signedInUser(request), request.params.id)),
  );
};
