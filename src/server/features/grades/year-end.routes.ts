/**
 * The year's end under `/api/anos-letivos/:id`: its status, closing it, the rematrícula, and (issue 38)
 * the background tasks that close it or apply the rematrícula with progress (year-end.tasks.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gradeNoticesOf,
  yearCloseQuerySchema,
  rematriculaApplyQuerySchema,
  rematriculaInputSchema,
  rematriculaProposalSchema,
  rematriculaQuerySchema,
  yearClosingSchema,
  yearEndStatusSchema,
  yearEndTaskParams,
  yearEndTaskSchema,
} from '../../../shared/year-end.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { applyRematricula } from './rematricula-apply.service.js';
import { proposeRematricula } from './rematricula-plan.service.js';
import { closeYear, getYearEndStatus } from './year-end.service.js';
import {
  getYearEndTask,
  listYearEndTasks,
  runYearEndTask,
  startYearEndTask,
  YEAR_END_TASK_JOB,
} from './year-end.tasks.js';

const idParams = z.strictObject({ id: uuidParam });
const manage = { access: 'academics.manage' } as const;
/** 202 Accepted: the task queued, its progress at `data.url`. */
const acceptedTask = { 202: okResponse(yearEndTaskSchema)[200] };

/** `/api/anos-letivos/:id/encerramento`: what is left before the school year `:id` can close. */
export const yearEndRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { params: idParams, response: okResponse(yearEndStatusSchema) }, config: manage },
    async (request) => ok(await getYearEndStatus(app.ctx.db, signedInUser(request), request.params.id)),
  );
};

/**
 * `/api/anos-letivos/:id/encerrar`: closing the school year `:id` — at once (the counts in the answer),
 * or with `?segundo_plano=true` as a task (202).
 */
export const yearCloseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        params: idParams,
        querystring: yearCloseQuerySchema,
        response: { ...okResponse(yearClosingSchema), ...acceptedTask },
      },
      config: manage,
    },
    async (request, reply) => {
      const viewer = signedInUser(request);
      if (request.query.segundo_plano) {
        const task = await startYearEndTask(
          app.ctx,
          viewer,
          request.params.id,
          'encerramento',
          actorOf(request),
          undefined,
          request.query.confirmar_pendencias ?? false,
        );
        return reply.status(202).send(ok(task, task.mensagem));
      }
      return ok(
        await closeYear(
          app.ctx,
          viewer,
          request.params.id,
          actorOf(request),
          request.query.confirmar_pendencias ?? false,
        ),
        'Ano letivo encerrado.',
      );
    },
  );
};

/** `/api/anos-letivos/:id/rematricula`: re-enrolment from the school year `:id` into the next. */
export const reEnrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
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
    '/',
    {
      schema: {
        params: idParams,
        querystring: rematriculaApplyQuerySchema,
        body: rematriculaInputSchema.optional(),
        response: { ...okResponse(rematriculaProposalSchema), ...acceptedTask },
      },
      config: manage,
    },
    async (request, reply) => {
      const dryRun = request.query.dryRun ?? false;
      const adjustments = request.body ?? { turmas: [], alunos: [] };
      if (request.query.segundo_plano && !dryRun) {
        const task = await startYearEndTask(
          app.ctx,
          signedInUser(request),
          request.params.id,
          'rematricula',
          actorOf(request),
          adjustments,
        );
        return reply.status(202).send(ok(task, task.mensagem));
      }
      const result = await applyRematricula(
        app.ctx,
        signedInUser(request),
        request.params.id,
        adjustments,
        dryRun,
        actorOf(request),
      );
      return ok(
        result,
        dryRun
          ? 'Simulação da rematrícula: nada foi alterado.'
          : ['Rematrícula aplicada.', ...gradeNoticesOf(result)].join(' '),
      );
    },
  );
};

/** `/api/anos-letivos/:id/tarefas`: the year's closing and rematrícula tasks and their progress. */
export const yearEndTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.ctx.jobs.handle(YEAR_END_TASK_JOB, (payload) => runYearEndTask(app.ctx, payload));
  app.get(
    '/',
    { schema: { params: idParams, response: okResponse(z.array(yearEndTaskSchema)) }, config: manage },
    async (request) => ok(await listYearEndTasks(app.ctx.db, request.params.id)),
  );
  app.get(
    '/:tarefaId',
    { schema: { params: yearEndTaskParams, response: okResponse(yearEndTaskSchema) }, config: manage },
    async (request) => ok(await getYearEndTask(app.ctx.db, request.params.id, request.params.tarefaId)),
  );
};
