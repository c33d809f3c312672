import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessEntrySchema,
  accessLogQuerySchema,
  accessViewersSchema,
  studentAccessQuerySchema,
} from '../../../shared/access-log.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { ok } from '../../lib/http.js';
import { okResponse, pageOf } from '../../lib/responses.js';
import {
  flushStudentViews,
  listStudentViews,
  listViewers,
  listViewsOfStudent,
} from './access-log.service.js';

const idParams = z.strictObject({ id: uuidParam });

const response = okResponse(pageOf(accessEntrySchema));

/** `/api/alunos/:id/acessos`: who viewed the record of the student `:id` (LGPD accountability). */
export const studentAccessLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { params: idParams, querystring: studentAccessQuerySchema, response },
      config: { access: 'privacy.manage' },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok(await listViewsOfStudent(app.ctx, request.params.id, page, pageSize));
    },
  );

  // Views still in memory are written before the database closes.
  app.addHook('preClose', () => flushStudentViews(app.ctx));
};

/** `/api/auditoria/acessos`: every view of a student's record, in Auditoria. */
export const accessLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { querystring: accessLogQuerySchema, response }, config: { access: 'audit.read' } },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      return ok(await listStudentViews(app.ctx, filters, page, pageSize));
    },
  );

  app.get(
    '/filtros',
    { schema: { response: okResponse(accessViewersSchema) }, config: { access: 'audit.read' } },
    async () => ok(await listViewers(app.ctx)),
  );
};
