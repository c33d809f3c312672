import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentSchema,
  issueDocumentInputSchema,
  issuedDocumentSchema,
  listDocumentsQuerySchema,
  priorYearInputSchema,
  priorYearSchema,
  revokeDocumentInputSchema,
} from '../../../shared/documents.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { buildDocumentPdf, issueDocument, listDocuments, revokeDocument } from './documents.service.js';
import { createPriorYear, deletePriorYear, listPriorYears, updatePriorYear } from './prior-years.service.js';
import { schoolDocuments } from '../../db/schema/documents.js';

const idParams = z.strictObject({ id: uuidParam });
const priorYearParams = z.strictObject({ id: uuidParam, anoId: uuidParam });

const issue = { access: 'documents.issue' } as const;
const manage = { access: 'documents.manage' } as const;

/**
 * `/api/documentos`: issuing, listing and revoking school documents (their public check is
 * `/validar`, validation.page.ts).
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: { body: issueDocumentInputSchema, response: createdResponse(issuedDocumentSchema) },
      config: issue,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await issueDocument(app.ctx, signedInUser(request), actorOf(request), request.body),
            'Documento emitido',
          ),
        ),
  );
  app.get(
    '/',
    {
      schema: { querystring: listDocumentsQuerySchema, response: okResponse(z.array(documentSchema)) },
      config: { ...issue, childRecord: { via: 'documentos', aluno: 'query' } },
    },
    async (request) => ok(await listDocuments(app.ctx, signedInUser(request), request.query.aluno_id)),
  );
  app.get(
    '/:id/pdf',
    {
      schema: { params: idParams },
      config: {
        ...issue,
        childRecord: { via: 'documento_pdf', aluno: [schoolDocuments.id, schoolDocuments.alunoId] },
      },
    },
    async (request, reply) => {
      const file = await buildDocumentPdf(app.ctx, signedInUser(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  app.post(
    '/:id/revogar',
    {
      schema: { params: idParams, body: revokeDocumentInputSchema, response: okResponse(documentSchema) },
      config: manage,
    },
    async (request) =>
      ok(
        await revokeDocument(app.ctx, actorOf(request), request.params.id, request.body.motivo),
        'Documento revogado',
      ),
  );
};

/** `/api/alunos/:id/anos-anteriores`: the years a student `:id` spent at previous schools. */
export const priorYearsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { params: idParams, response: okResponse(z.array(priorYearSchema)) },
      config: { ...manage, childRecord: { via: 'anos_anteriores' } },
    },
    async (request) => ok(await listPriorYears(app.ctx.db, request.params.id)),
  );
  app.post(
    '/',
    {
      schema: { params: idParams, body: priorYearInputSchema, response: createdResponse(priorYearSchema) },
      config: manage,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createPriorYear(app.ctx.db, actorOf(request), request.params.id, request.body),
            'Ano anterior registrado',
          ),
        ),
  );
  app.put(
    '/:anoId',
    {
      schema: { params: priorYearParams, body: priorYearInputSchema, response: okResponse(priorYearSchema) },
      config: manage,
    },
    async (request) =>
      ok(
        await updatePriorYear(
          app.ctx.db,
          actorOf(request),
          request.params.id,
          request.params.anoId,
          request.body,
          expectedVersion(request, request.body.version),
        ),
        'Ano anterior atualizado',
      ),
  );
  app.delete(
    '/:anoId',
    { schema: { params: priorYearParams, response: okResponse(z.null()) }, config: manage },
    async (request) => {
      await deletePriorYear(app.ctx.db, actorOf(request), request.params.id, request.params.anoId);
      return ok(null, 'Ano anterior excluído');
    },
  );
};
