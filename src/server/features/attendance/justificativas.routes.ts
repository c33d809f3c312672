import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JUSTIFICATIVA_LIMITS,
  justificativaInputSchema,
  justificativaPageSchema,
  justificativaSchema,
  justificativasQuerySchema,
  minhasJustificativasQuerySchema,
  respostaInputSchema,
} from '../../../shared/justificativas.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { AppError } from '../../lib/errors.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { assertTextOnly } from '../../lib/validation.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { listJustificativas, listOwnJustificativas, readAtestado } from './justificativas.reads.js';
import { answerJustificativa, sendJustificativa, type Atestado } from './justificativas.service.js';

const idParams = z.strictObject({ id: uuidParam });

/**
 * The fields and the file of a multipart justification (the file in `arquivo`), or a JSON body without
 * a file. The fields go through the shared schema like any other input.
 */
async function readSubmission(request: FastifyRequest): Promise<{ fields: unknown; file: Atestado | null }> {
  if (!request.isMultipart()) return { fields: request.body ?? {}, file: null };
  const fields: Record<string, string> = {};
  let file: Atestado | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'arquivo' || file) {
        part.file.resume();
        throw new AppError('VALIDATION', 'Envie o atestado no campo "arquivo".');
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated)
        throw new AppError('PAYLOAD_TOO_LARGE', 'O atestado deve ter no máximo 10 MB.');
      if (bytes.length > 0) file = { nome: part.filename, bytes };
    } else if (typeof part.value === 'string' && part.value !== '') {
      fields[part.fieldname] = part.value;
    }
  }
  // The JSON bodies' text rule, which the schema compiler applies only to a JSON body.
  assertTextOnly(fields);
  return { fields, file };
}

/** `/api/frequencia/justificativas`: a family justifies an absence; the school answers (ADR 0034). */
export const justificativasRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: JUSTIFICATIVA_LIMITS.arquivoMaxBytes,
      files: 1,
      fields: 6,
      parts: 7,
      fieldSize: 4096,
    },
  });
  // A family holds academics.read over its children; the service answers anyone else's 404.
  const family = { access: 'academics.read' } as const;
  const school = { access: 'academics.manage' } as const;

  app.post(
    '/',
    { schema: { response: createdResponse(justificativaSchema) }, config: { ...family, multipart: true } },
    async (request, reply) => {
      const { fields, file } = await readSubmission(request);
      const input = justificativaInputSchema.parse(fields);
      const saved = await sendJustificativa(app.ctx, signedInUser(request), actorOf(request), input, file);
      return reply.status(201).send(ok(saved, 'Justificativa enviada à escola.'));
    },
  );

  app.get(
    '/',
    {
      schema: { querystring: justificativasQuerySchema, response: okResponse(justificativaPageSchema) },
      // Filtered by a child, the queue is that child's absences and atestados: a view of the record.
      config: { ...school, childRecord: { via: 'justificativas', aluno: 'query' } },
    },
    async (request) => ok(await listJustificativas(app.ctx.db, signedInUser(request), request.query)),
  );

  app.get(
    '/minhas',
    {
      schema: {
        querystring: minhasJustificativasQuerySchema,
        response: okResponse(z.array(justificativaSchema)),
      },
      config: family,
    },
    async (request) =>
      ok(await listOwnJustificativas(app.ctx.db, signedInUser(request), request.query.aluno_id)),
  );

  app.post(
    '/:id/responder',
    {
      schema: { params: idParams, body: respostaInputSchema, response: okResponse(justificativaSchema) },
      config: school,
    },
    async (request) => {
      const answered = await answerJustificativa(
        app.ctx,
        signedInUser(request),
        actorOf(request),
        request.params.id,
        request.body,
      );
      return ok(
        answered,
        answered.situacao === 'aceita'
          ? 'Justificativa aceita: falta abonada.'
          : 'Resposta enviada à família.',
      );
    },
  );

  app.get('/:id/arquivo', { schema: { params: idParams }, config: family }, async (request, reply) => {
    const file = await readAtestado(app.ctx.db, signedInUser(request), request.params.id);
    // As a notice's attachments: a photo opens in the page, a PDF downloads; never run as a page.
    const inline = file.tipo.startsWith('image/');
    return reply
      .header('content-type', file.tipo)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.nome)}`,
      )
      .send(file.bytes);
  });
};
