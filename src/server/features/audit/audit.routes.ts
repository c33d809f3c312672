import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuerySchema } from '../../../shared/settings.schemas.js';
import { ok } from '../../lib/http.js';
import { actorOf } from '../../lib/http.js';
import { recordAudit } from './audit.service.js';
import { auditFacets, exportAuditCsv, listAudit } from './audit-query.service.js';
import { clock } from '../../lib/clock.js';

/** Read-only: no route updates or deletes an audit entry. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'audit.read' } as const;

  app.get('/', { schema: { querystring: auditQuerySchema }, config: access }, async (request, reply) => {
    const { page, pageSize, format, sort, order, ...filters } = request.query;
    if (format === 'csv') {
      const csv = await exportAuditCsv(app.ctx.db, filters);
      await recordAudit(app.ctx.db, actorOf(request), {
        action: 'exportar',
        entity: 'auditoria',
        details: { filtros: filters },
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="auditoria-${clock.today()}.csv"`)
        .send(csv);
    }
    return ok(await listAudit(app.ctx.db, filters, page, pageSize, { sort, order }));
  });

  app.get('/filtros', { config: access }, async () => ok(await auditFacets(app.ctx.db)));
};
