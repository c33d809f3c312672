import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alunoOpcaoQuerySchema,
  alunoOpcaoSchema,
  alcanceInputSchema,
  alcanceSchema,
  anexoSchema,
  cienteInputSchema,
  cienteResultSchema,
  COMUNICADO_LIMITS,
  comunicadoInputSchema,
  comunicadoPageSchema,
  comunicadoSchema,
  lembreteResultSchema,
  leiturasQuerySchema,
  leiturasSchema,
  listComunicadosQuerySchema,
  publicoOpcoesSchema,
  versoesSchema,
} from '../../../shared/comunicados.schemas.js';
import { sendsComunicados } from '../../../shared/permissions.js';
import { formatCount } from '../../../shared/format.js';
import { uuidParam } from '../../../shared/validators.js';
import { AppError } from '../../lib/errors.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import {
  confirmCiente,
  listComunicados,
  listReads,
  listVersions,
  openComunicado,
} from './comunicados.reads.js';
import { createComunicado, fillMissingSummaries, publishDueComunicados } from './comunicados.publish.js';
import { deleteComunicado, updateComunicado } from './comunicados.edit.js';
import { getPublicoOpcoes, searchAlunos } from './comunicados.audience.js';
import { purgeOrphanAnexos, readAnexo, readOwnUpload, uploadAnexo } from './comunicados.attachments.js';
import { sendReminder } from './comunicados.reminders.js';
import { previewReach } from './comunicados.reach.js';
import { FANOUT_JOB, runFanOut } from './comunicados.fanout.js';

const idParams = z.strictObject({ id: uuidParam });

/** `/api/comunicados`: notices, their reads and confirmations, reminders and attachments. */
export const comunicadosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: COMUNICADO_LIMITS.anexoMaxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });
  const read = { access: 'authenticated' } as const;
  const write = { access: sendsComunicados } as const;

  // The families' bells and e-mails of a notice published, reminded or changed (ADR 0061).
  app.ctx.jobs.handle(FANOUT_JOB, (payload) => runFanOut(app.ctx, payload));
  // Future-dated notices are published by whichever instance polls first.
  app.ctx.jobs.onPoll(async () => {
    await publishDueComunicados(app.ctx);
    await purgeOrphanAnexos(app.ctx.db);
    await fillMissingSummaries(app.ctx.db);
  });

  app.get(
    '/',
    {
      schema: { querystring: listComunicadosQuerySchema, response: okResponse(comunicadoPageSchema) },
      config: read,
    },
    async (request) => ok(await listComunicados(app.ctx.db, signedInUser(request), request.query)),
  );

  app.get(
    '/opcoes',
    { schema: { response: okResponse(publicoOpcoesSchema) }, config: write },
    async (request) => ok(await getPublicoOpcoes(app.ctx.db, signedInUser(request))),
  );

  app.get(
    '/alunos',
    {
      schema: { querystring: alunoOpcaoQuerySchema, response: okResponse(z.array(alunoOpcaoSchema)) },
      config: write,
    },
    async (request) => ok(await searchAlunos(app.ctx.db, signedInUser(request), request.query.q)),
  );

  // Who 'Publicar' reaches, asked before publishing (a read: nothing is written).
  app.post(
    '/alcance',
    { schema: { body: alcanceInputSchema, response: okResponse(alcanceSchema) }, config: write },
    async (request) => ok(await previewReach(app.ctx.db, signedInUser(request), request.body.publico)),
  );

  app.post(
    '/',
    { schema: { body: comunicadoInputSchema, response: createdResponse(comunicadoSchema) }, config: write },
    async (request, reply) => {
      const created = await createComunicado(app.ctx, signedInUser(request), request.body, actorOf(request));
      app.ctx.notifier.worker.wake();
      const message = created.publicado_em ? 'Comunicado publicado!' : 'Comunicado agendado!';
      return reply.status(201).send(ok(created, message));
    },
  );

  app.post(
    '/anexos',
    { schema: { response: createdResponse(anexoSchema) }, config: { ...write, multipart: true } },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie o arquivo como multipart/form-data.');
      const file = await request.file();
      if (!file || file.fieldname !== 'file')
        throw new AppError('VALIDATION', 'Envie o arquivo no campo "file".');
      const bytes = await file.toBuffer();
      if (file.file.truncated)
        throw new AppError('PAYLOAD_TOO_LARGE', 'Cada anexo deve ter no máximo 10 MB.');
      const saved = await uploadAnexo(app.ctx.db, signedInUser(request), { nome: file.filename, bytes });
      return reply.status(201).send(ok(saved, 'Anexo enviado.'));
    },
  );

  app.get(
    '/:id',
    { schema: { params: idParams, response: okResponse(comunicadoSchema) }, config: read },
    async (request) => ok(await openComunicado(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.put(
    '/:id',
    {
      schema: { params: idParams, body: comunicadoInputSchema, response: okResponse(comunicadoSchema) },
      config: write,
    },
    async (request) => {
      const updated = await updateComunicado(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body,
        expectedVersion(request, request.body.version),
        actorOf(request),
      );
      app.ctx.notifier.worker.wake();
      return ok(updated, 'Comunicado atualizado.');
    },
  );

  app.delete(
    '/:id',
    { schema: { params: idParams, response: okResponse(z.null()) }, config: write },
    async (request) => {
      const { mantido } = await deleteComunicado(
        app.ctx,
        signedInUser(request),
        request.params.id,
        actorOf(request),
      );
      return ok(
        null,
        mantido
          ? 'Comunicado excluído. As confirmações de ciente e as versões ficam guardadas para a escola.'
          : 'Comunicado excluído.',
      );
    },
  );

  app.post(
    '/:id/ciente',
    {
      schema: {
        params: idParams,
        body: cienteInputSchema.nullish(),
        response: okResponse(cienteResultSchema),
      },
      config: read,
    },
    async (request) =>
      ok(
        await confirmCiente(app.ctx.db, signedInUser(request), request.params.id, request.body?.versao),
        'Ciente registrado. Obrigado!',
      ),
  );

  app.get(
    '/:id/versoes',
    { schema: { params: idParams, response: okResponse(versoesSchema) }, config: read },
    async (request) => ok(await listVersions(app.ctx.db, signedInUser(request), request.params.id)),
  );

  app.get(
    '/:id/leituras',
    {
      schema: { params: idParams, querystring: leiturasQuerySchema, response: okResponse(leiturasSchema) },
      config: write,
    },
    async (request) =>
      ok(await listReads(app.ctx.db, signedInUser(request), request.params.id, request.query.situacao)),
  );

  app.post(
    '/:id/lembrete',
    { schema: { params: idParams, response: okResponse(lembreteResultSchema) }, config: write },
    async (request) => {
      const result = await sendReminder(app.ctx, signedInUser(request), request.params.id, actorOf(request));
      app.ctx.notifier.worker.wake();
      return ok(
        result,
        `Lembrete enviado a ${formatCount(result.lembrados + result.novos, 'família', 'famílias')}.`,
      );
    },
  );

  app.get(
    '/:id/anexos/:anexoId',
    { schema: { params: z.strictObject({ id: uuidParam, anexoId: uuidParam }) }, config: read },
    async (request, reply) =>
      sendAnexo(
        reply,
        await readAnexo(app.ctx.db, signedInUser(request), request.params.id, request.params.anexoId),
      ),
  );

  // The address an upload answers with: its uploader may open it before the notice is saved.
  app.get(
    '/anexos/:anexoId',
    { schema: { params: z.strictObject({ anexoId: uuidParam }) }, config: write },
    async (request, reply) =>
      sendAnexo(reply, await readOwnUpload(app.ctx.db, signedInUser(request), request.params.anexoId)),
  );
};

function sendAnexo(reply: FastifyReply, anexo: { nome: string; mimeType: string; bytes: Buffer }) {
  const inline = anexo.mimeType.startsWith('image/');
  return reply
    .header('content-type', anexo.mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(anexo.nome)}`,
    )
    .send(anexo.bytes);
}
