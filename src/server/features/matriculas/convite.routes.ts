import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conviteResultSchema,
  interessadoDocParamsSchema,
  matricularResultSchema,
  pagamentoTaxaInputSchema,
  preMatriculaDocumentoSchema,
  preMatriculaResumoSchema,
  type MatricularResult,
} from '../../../shared/pre-matricula.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { conflict } from '../../lib/errors.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { matricularSePronto, registrarPagamentoTaxa } from './matricula-automatica.js';
import { listDocumentosDaFamilia, readDocumentoDaFamilia } from './pre-matricula.documentos.js';
import { enviarConvite, getPreMatriculaResumo } from './pre-matricula.service.js';
import { findInteressado } from './funil.service.js';
import { notFound } from '../../lib/errors.js';

const idParams = z.object({ id: uuidParam });

function toResult(outcome: Awaited<ReturnType<typeof matricularSePronto>>): MatricularResult {
  return {
    matriculado: outcome.matriculado,
    aluno_id: outcome.alunoId,
    turma_id: outcome.turmaId ?? null,
    motivo: outcome.motivo ?? null,
  };
}

/**
 * Under /api/matriculas/interessados: the pré-matrícula link (`POST /:id/convite`), the family's form
 * and documents as the staff read them, and 'Matricular agora' (the same path as the automatic
 * enrolment after the last signature). (issue 34; pré-matrícula part.)
 */
export const conviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { access: 'matriculas.manage' } as const;

  app.post(
    '/:id/convite',
    { schema: { params: idParams, response: okResponse(conviteResultSchema) }, config: manage },
    async (request) => {
      const { url, expiraEm } = await enviarConvite(app.ctx, request.params.id, actorOf(request));
      // Without SMTP_URL the mail only reaches the server's outbox: no screen says it was sent.
      const email_configurado = app.ctx.mailer.delivery !== 'arquivo';
      return ok(
        { url, expira_em: expiraEm, email_configurado },
        email_configurado
          ? 'Link da pré-matrícula enviado por e-mail à família.'
          : 'Link da pré-matrícula gerado. Copie-o e envie à família: o e-mail não está configurado.',
      );
    },
  );

  app.get(
    '/:id/pre-matricula',
    { schema: { params: idParams, response: okResponse(preMatriculaResumoSchema) }, config: manage },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await getPreMatriculaResumo(app.ctx.db, request.params.id));
    },
  );

  app.get(
    '/:id/documentos',
    {
      schema: { params: idParams, response: okResponse(z.array(preMatriculaDocumentoSchema)) },
      config: manage,
    },
    async (request, reply) => {
      if (!(await findInteressado(app.ctx.db, request.params.id))) throw notFound('Família não encontrada.');
      reply.header('cache-control', 'no-store');
      return ok(await listDocumentosDaFamilia(app.ctx.db, request.params.id));
    },
  );

  app.get(
    '/:id/documentos/:docId',
    { schema: { params: interessadoDocParamsSchema }, config: manage },
    async (request, reply) => {
      const file = await readDocumentoDaFamilia(app.ctx.db, request.params.id, request.params.docId);
      return reply
        .header('content-type', file.mimeType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.nome)}`)
        .send(file.bytes);
    },
  );

  app.post(
    '/:id/matricular',
    { schema: { params: idParams, response: okResponse(matricularResultSchema) }, config: manage },
    async (request) => {
      const outcome = await matricularSePronto(app.ctx, request.params.id, { actor: actorOf(request) });
      if (!outcome.matriculado) throw conflict(outcome.motivo ?? 'Não foi possível matricular.');
      return ok(toResult(outcome), 'Aluno matriculado.');
    },
  );

  // Receiving money is the Financeiro's (ADR 0101): recorded by someone who may register payments.
  app.post(
    '/:id/pagamento',
    {
      schema: {
        params: idParams,
        body: pagamentoTaxaInputSchema,
        response: okResponse(matricularResultSchema),
      },
      config: { access: 'finance.manage' },
    },
    async (request) => {
      const outcome = await registrarPagamentoTaxa(app.ctx, request.params.id, actorOf(request), {
        forma: request.body.forma,
      });
      return ok(
        toResult(outcome),
        outcome.matriculado ? 'Pagamento registrado e aluno matriculado.' : 'Pagamento registrado.',
      );
    },
  );
};
