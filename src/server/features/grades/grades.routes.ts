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
import {
  rematriculaInputSchema,
  rematriculaProposalSchema,
  rematriculaQuerySchema,
  yearClosingSchema,
  yearEndStatusSchema,
} from '../../../shared/year-end.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { scopeOf } from '../students/students.scope.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { getAcademicSettings, updateAcademicSettings } from './academic-settings.service.js';
import {
  createAssessment,
  deleteAssessment,
  listAssessments,
  updateAssessment,
} from './assessments.service.js';
import { getGradeHistory, rectifyCell, rectifyGrade } from './rectification.service.js';
import { getGradesGrid } from './grades-grid.service.js';
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
import { applyRematricula } from './rematricula-apply.service.js';
import { closeYear, getYearEndStatus } from './year-end.service.js';
import { proposeRematricula } from './rematricula-plan.service.js';
import { classMemberships } from '../academics/academics.table.js';
import { grades } from './grades.table.js';

const idParams = z.strictObject({ id: uuidParam });
const studentParams = z.strictObject({ aluno_id: uuidParam });

const sendPdf = (reply: FastifyReply, file: { body: Buffer; fileName: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);

/** Grades, the boletim and closing the year; registered without a prefix. */
export const gradesRoutes: FastifyPluginAsyncZod = async (app) => {
  const book = { access: 'academics.write' } as const;
  const manage = { access: 'academics.manage' } as const;
  const read = { access: 'academics.read' } as const;

  // ------------------------------------------------------------ 'Acadêmico' settings
  app.get(
    '/api/configuracoes/academico',
    { schema: { response: okResponse(academicSettingsSchema) }, config: { access: 'authenticated' } },
    async () => ok(await getAcademicSettings(app.ctx.db)),
  );
  app.put(
    '/api/configuracoes/academico',
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

  // ------------------------------------------------------------ avaliações
  app.get(
    '/api/avaliacoes',
    {
      schema: { response: okResponse(z.array(assessmentSchema)), querystring: assessmentsQuerySchema },
      config: book,
    },
    async (request) => ok(await listAssessments(app.ctx.db, signedInUser(request), request.query)),
  );
  app.post(
    '/api/avaliacoes',
    { schema: { response: createdResponse(assessmentSchema), body: assessmentInputSchema }, config: book },
    async (request, reply) => {
      const created = await createAssessment(app.ctx, signedInUser(request), request.body, actorOf(request));
      return reply.status(201).send(ok(created, 'Avaliação criada.'));
    },
  );
  app.put(
    '/api/avaliacoes/:id',
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
    '/api/avaliacoes/:id',
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

  // ------------------------------------------------------------ notas
  app.get(
    '/api/notas/turmas/:id',
    {
      schema: { response: okResponse(gradesGridSchema), params: idParams, querystring: gridQuerySchema },
      config: book,
    },
    async (request) =>
      ok(await getGradesGrid(app.ctx.db, signedInUser(request), request.params.id, request.query)),
  );
  app.put(
    '/api/notas',
    { schema: { response: okResponse(savedGradesSchema), body: gradesBatchInputSchema }, config: book },
    async (request) => {
      const saved = await saveGrades(app.ctx, signedInUser(request), request.body, actorOf(request));
      return ok(saved, saved.salvas === 1 ? '1 nota salva.' : `${String(saved.salvas)} notas salvas.`);
    },
  );
  app.post(
    '/api/notas/:id/retificar',
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
    '/api/notas/retificar',
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
    '/api/notas/:id/historico',
    {
      schema: { response: okResponse(gradeHistorySchema), params: idParams },
      config: { ...book, childRecord: { via: 'historico_nota', aluno: [grades.id, grades.alunoId] } },
    },
    async (request) => ok(await getGradeHistory(app.ctx.db, signedInUser(request), request.params.id)),
  );

  // ------------------------------------------------------------ teachers' retificação requests
  app.get(
    '/api/retificacoes',
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
    '/api/retificacoes',
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
      return reply.status(201).send(ok(created, 'Solicitação de retificação enviada à secretaria.'));
    },
  );
  app.post(
    '/api/retificacoes/:id/aprovar',
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
    '/api/retificacoes/:id/recusar',
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

  // ------------------------------------------------------------ períodos
  app.get(
    '/api/periodos/:id/situacao',
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
  app.post(
    '/api/periodos/:id/fechar',
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
        await changePeriodState(app.ctx, request.params.id, 'fechar', request.body ?? {}, actorOf(request)),
        'Período fechado.',
      ),
  );
  app.post(
    '/api/periodos/:id/reabrir',
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
        await changePeriodState(app.ctx, request.params.id, 'reabrir', request.body ?? {}, actorOf(request)),
        'Período reaberto.',
      ),
  );
  app.post(
    '/api/periodos/:id/publicar',
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

  // ------------------------------------------------------------ conselho de classe
  app.post(
    '/api/conselho/:aluno_id',
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

  // ------------------------------------------------------------ boletim
  app.get(
    '/api/boletins/alunos/:id',
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
    '/api/boletins/alunos/:id.pdf',
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
    '/api/boletins/turmas/:id.pdf',
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

  // ------------------------------------------------------------ closing the year
  app.get(
    '/api/anos-letivos/:id/encerramento',
    { schema: { params: idParams, response: okResponse(yearEndStatusSchema) }, config: manage },
    async (request) => ok(await getYearEndStatus(app.ctx.db, request.params.id)),
  );
  app.post(
    '/api/anos-letivos/:id/encerrar',
    { schema: { params: idParams, response: okResponse(yearClosingSchema) }, config: manage },
    async (request) =>
      ok(
        await closeYear(app.ctx, signedInUser(request), request.params.id, actorOf(request)),
        'Ano letivo encerrado.',
      ),
  );
  app.get(
    '/api/anos-letivos/:id/rematricula',
    {
      schema: {
        params: idParams,
        querystring: rematriculaQuerySchema,
        response: okResponse(rematriculaProposalSchema),
      },
      config: manage,
    },
    async (request) => ok(await proposeRematricula(app.ctx.db, signedInUser(request), request.params.id)),
  );
  app.post(
    '/api/anos-letivos/:id/rematricula',
    {
      schema: {
        params: idParams,
        querystring: rematriculaQuerySchema,
        body: rematriculaInputSchema.optional(),
        response: okResponse(rematriculaProposalSchema),
      },
      config: manage,
    },
    async (request) => {
      const dryRun = request.query.dryRun ?? false;
      const result = await applyRematricula(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body ?? { turmas: [], alunos: [] },
        dryRun,
        actorOf(request),
      );
      return ok(result, dryRun ? 'Simulação da rematrícula: nada foi alterado.' : 'Rematrícula aplicada.');
    },
  );
};
