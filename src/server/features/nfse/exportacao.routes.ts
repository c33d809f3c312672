/**
 * The month's XMLs for the accountant (`GET /api/fiscal/nfse/xml.zip?competencia=AAAA-MM`): who reads the
 * notes and their XML (`finance.figures`, as GET /api/fiscal/nfse) downloads them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nfseXmlZipQuerySchema } from '../../../shared/nfse-documentos.schemas.js';
import { sendFile } from '../../lib/download.js';
import { actorOf } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';
import { buildNfseXmlZip } from './exportacao.service.js';

export const nfseXmlZipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { querystring: nfseXmlZipQuerySchema }, config: { access: 'finance.figures' } },
    async (request, reply) => {
      const { competencia } = request.query;
      const zip = await buildNfseXmlZip(app.ctx.db, competencia);
      // The zip holds the tomadores' CPFs: an export of personal data, in the audit like the others.
      await recordAudit(app.ctx.db, actorOf(request), {
        action: 'exportar',
        entity: 'nfse',
        details: { competencia, notas: zip.notas },
      });
      reply.header('cache-control', 'no-store');
      return sendFile(reply, { contentType: 'application/zip', fileName: zip.fileName, body: zip.body });
    },
  );
};
