/**
 * 'Já paguei' (issue 32, ADR 0035), under /api/financeiro: the family sends a tuition's comprovante; the
 * finance staff see the queue, open the file, and confirm or refuse it.
 */
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPROVANTE_MAX_BYTES,
  comprovantePendenteSchema,
  comprovanteSchema,
  confirmarComprovanteInputSchema,
  mensalidadeSchema,
  recusarComprovanteInputSchema,
} from '../../../shared/mensalidades.schemas.js';
import { idParamsSchema } from '../../../shared/finance.schemas.js';
import { AppError } from '../../lib/errors.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { clock } from '../../lib/clock.js';
import {
  confirmComprovante,
  listComprovantesPendentes,
  readComprovanteFile,
  refuseComprovante,
  sendComprovante,
} from './comprovantes.service.js';
import { wakePixSync } from './pix-cobranca.js';

const TOO_LARGE = 'O comprovante deve ter no máximo 10 MB.';

export const comprovantesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: COMPROVANTE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });
  const read = { access: 'finance.read' } as const;
  const manage = { access: 'finance.manage' } as const;

  app.post(
    '/mensalidades/:id/comprovante',
    {
      schema: {
        params: idParamsSchema,
        response: createdResponse(
          z.object({ mensalidade: mensalidadeSchema, comprovante: comprovanteSchema }),
        ),
      },
      config: { ...read, multipart: true },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie o comprovante como multipart/form-data.');
      const file = await request.file();
      if (!file || file.fieldname !== 'arquivo')
        throw new AppError('VALIDATION', 'Anexe o comprovante no campo "arquivo".', [
          { path: 'arquivo', message: 'Anexe o comprovante' },
        ]);
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
      const result = await sendComprovante(
        app.ctx,
        signedInUser(request),
        request.params.id,
        { nome: file.filename, bytes },
        actorOf(request),
        clock.today(),
      );
      app.ctx.notifier.worker.wake();
      return reply
        .status(201)
        .send(ok(result, 'Comprovante enviado! A escola vai conferir e confirmar o pagamento.'));
    },
  );

  app.get(
    '/mensalidades/:id/comprovante',
    { schema: { params: idParamsSchema }, config: read },
    async (request, reply) => {
      const file = await readComprovanteFile(app.ctx.db, signedInUser(request), request.params.id);
      const inline = file.mimeType.startsWith('image/') || file.mimeType === 'application/pdf';
      return reply
        .header('content-type', file.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.nome)}`,
        )
        .send(file.bytes);
    },
  );

  app.get(
    '/comprovantes',
    { schema: { response: okResponse(z.array(comprovantePendenteSchema)) }, config: manage },
    async () => ok(await listComprovantesPendentes(app.ctx.db, clock.today())),
  );

  app.post(
    '/mensalidades/:id/comprovante/confirmar',
    {
      schema: {
        params: idParamsSchema,
        body: confirmarComprovanteInputSchema,
        response: okResponse(mensalidadeSchema),
      },
      config: manage,
    },
    async (request) => {
      const mensalidade = await confirmComprovante(
        app.ctx,
        request.params.id,
        request.body,
        actorOf(request),
        clock.today(),
      );
      app.ctx.notifier.worker.wake();
      await wakePixSync(app.ctx);
      return ok(
        mensalidade,
        mensalidade.status === 'pago'
          ? 'Pagamento confirmado.'
          : 'Pagamento parcial confirmado; o restante continua em aberto.',
      );
    },
  );

  app.post(
    '/mensalidades/:id/comprovante/recusar',
    {
      schema: {
        params: idParamsSchema,
        body: recusarComprovanteInputSchema,
        response: okResponse(mensalidadeSchema),
      },
      config: manage,
    },
    async (request) => {
      const mensalidade = await refuseComprovante(
        app.ctx,
        request.params.id,
        request.body.motivo,
        actorOf(request),
        clock.today(),
      );
      app.ctx.notifier.worker.wake();
      return ok(mensalidade, 'Comprovante recusado; a família foi avisada.');
    },
  );
};
