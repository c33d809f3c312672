import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reportEntrySchema,
  reportExportInputSchema,
  reportExportParamsSchema,
  reportExportSchema,
  reportParamsSchema,
  reportQuerySchema,
  reportResultSchema,
} from '../../../shared/reports.schemas.js';
import { readsReports } from '../../../shared/permissions.js';
import { clock } from '../../lib/clock.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import type { ExportFile } from '../../lib/spreadsheet.js';
import { listReports } from './reports.catalogue.js';
import {
  downloadReport,
  exportFile,
  getExport,
  listExports,
  purgeOldExports,
  ReportExporter,
  runReport,
} from './reports.service.js';

const sendFile = (reply: FastifyReply, file: ExportFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);

/**
 * The reports hub: the catalogue, each report on screen or as a file, and background exports
 * with progress. Those holding `reports.academico` or `reports.secretaria` (ADR 0031); each report declares its own
 * kind, and a teacher's reach stays their own classes.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: readsReports } as const;
  const exporter = new ReportExporter(app.ctx.db, app.ctx.log);
  app.addHook('onClose', async () => exporter.idle());
  app.ctx.jobs.onPoll(() => purgeOldExports(app.ctx.db));

  app.get(
    '/',
    { schema: { response: okResponse(z.array(reportEntrySchema)) }, config: access },
    async (request) => ok(await listReports(app.ctx.db, signedInUser(request), clock.today())),
  );

  // JSON for the screen, or the file when `formato` names one (the route declares the JSON's schema).
  app.get(
    '/:id',
    {
      schema: {
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: okResponse(reportResultSchema),
      },
      config: access,
    },
    async (request, reply) => {
      const { formato, ...filters } = request.query;
      const viewer = signedInUser(request);
      if (formato === 'json')
        return ok(
          await runReport(app.ctx.db, viewer, request.params.id, filters, await app.ctx.getSchoolName()),
        );
      return sendFile(
        reply,
        await downloadReport(app.ctx.db, viewer, actorOf(request), request.params.id, formato, filters),
      );
    },
  );

  app.post(
    '/:id/exportacoes',
    {
      schema: {
        params: reportParamsSchema,
        body: reportExportInputSchema,
        response: createdResponse(reportExportSchema),
      },
      config: access,
    },
    async (request, reply) => {
      const started = await exporter.start(
        signedInUser(request),
        actorOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(ok(started, 'Gerando o arquivo…'));
    },
  );

  app.get(
    '/:id/exportacoes',
    {
      schema: { params: reportParamsSchema, response: okResponse(z.array(reportExportSchema)) },
      config: access,
    },
    async (request) => ok(await listExports(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.get(
    '/:id/exportacoes/:jobId',
    {
      schema: { params: reportExportParamsSchema, response: okResponse(reportExportSchema) },
      config: access,
    },
    async (request) =>
      ok(await getExport(app.ctx.db, signedInUser(request), request.params.id, request.params.jobId)),
  );

  app.get(
    '/:id/exportacoes/:jobId/arquivo',
    { schema: { params: reportExportParamsSchema }, config: access },
    async (request, reply) =>
      sendFile(
        reply,
        await exportFile(app.ctx.db, signedInUser(request), request.params.id, request.params.jobId),
      ),
  );
};
