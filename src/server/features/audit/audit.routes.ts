import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditFacetsSchema, auditQuerySchema } from '../../../shared/settings.schemas.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse, pageOf } from '../../lib/responses.js';
import { recordAudit } from './audit.service.js';
import { auditFacets, exportAuditCsv, listAudit } from './audit-query.service.js';
import { clock } from '../../lib/clock.js';
import { sendFile } from '../../lib/download.js';

/** Read-only: no route updates or deletes an audit entry. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'audit.read' } as const;

  app.get(
    '/',
    {
      schema: { querystring: auditQuerySchema, response: okResponse(pageOf(auditEntrySchema)) },
      config: access,
    },
    async (request, reply) => {
      const { page, pageSize, format, sort, order, ...filters } = request.query;
      if (format === 'csv') {
        const csv = await exportAuditCsv(app.ctx.db, filters);
        await recordAudit(app.ctx.db, actorOf(request), {
          action: 'exportar',
          entity: 'auditoria',
          details: { filtros: filters },
        });
        return sendFile(reply, {
          contentType: 'text/csv; charset=utf-8',
          fileName: `auditoria-${clock.today()}.csv`,
          body: csv,
        });
      }
      return ok(await listAudit(app.ctx.db, filters, page, pageSize, { sort, order }));
    },
  );

  app.get('/filtros', { schema: { response: okResponse(auditFacetsSchema) }, config: access }, async () =>
    ok(await auditFacets(app.ctx.db)),
  );
};
