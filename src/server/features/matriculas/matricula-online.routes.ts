import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRE_MATRICULA_LIMITS,
  matriculaOnlineCepParamsSchema,
  matriculaOnlineDocParamsSchema,
  matriculaOnlineParamsSchema,
  matriculaOnlineViewSchema,
  preMatriculaDocumentoSchema,
} from '../../../shared/pre-matricula.schemas.js';
import { preMatriculaRascunhoSchema } from '../../../shared/matriculas.schemas.js';
import { cepAddressSchema, cepParamsSchema } from '../../../shared/settings.schemas.js';
import { AppError } from '../../lib/errors.js';
import { ok } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { lookupCep } from '../cep/index.js';
import { DOCUMENTO_GRANDE, enviarDocumento, removerDocumento } from './pre-matricula.documentos.js';
import { enviarPreMatricula, getMatriculaOnline, salvarRascunho } from './pre-matricula.service.js';
import { porToken } from './pre-matricula.token.js';

const tipoQuery = z.object({ tipo: z.string().max(40).default('') });

/**
 * /api/matricula-online/{token}: the family's pré-matrícula form, with no session — the link is the
 * key. Every route is rate-limited per address, bounded in size, and answers an unknown, expired or
 * used link with the same 404. (issue 34; pré-matrícula part.)
 */
export const matriculaOnlineRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: PRE_MATRICULA_LIMITS.documentoMaxBytes,
      files: 1,
      fields: 1,
      parts: 2,
      fieldSize: 100,
    },
  });
  const family = (max: number, timeWindow: string) =>
    ({ access: 'public', sessionless: true, rateLimit: { max, timeWindow } }) as const;
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

  app.get(
    '/:token',
    {
      schema: { params: matriculaOnlineParamsSchema, response: okResponse(matriculaOnlineViewSchema) },
      config: family(60, '1 minute'),
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await getMatriculaOnline(app.ctx, request.params.token));
    },
  );

  app.put(
    '/:token',
    {
      bodyLimit: 64 * 1024,
      schema: {
        params: matriculaOnlineParamsSchema,
        body: preMatriculaRascunhoSchema,
        response: okResponse(matriculaOnlineViewSchema),
      },
      config: family(120, '1 minute'),
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await salvarRascunho(app.ctx, request.params.token, request.body), 'Rascunho salvo.');
    },
  );

  app.post(
    '/:token/enviar',
    {
      bodyLimit: 1024,
      schema: { params: matriculaOnlineParamsSchema, response: okResponse(matriculaOnlineViewSchema) },
      config: family(20, '15 minutes'),
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(
        await enviarPreMatricula(app.ctx, request.params.token),
        'Recebemos sua pré-matrícula! A escola vai conferir os dados e o contrato chegará por e-mail.',
      );
    },
  );

  app.post(
    '/:token/documentos',
    {
      schema: {
        params: matriculaOnlineParamsSchema,
        querystring: tipoQuery,
        response: createdResponse(preMatriculaDocumentoSchema),
      },
      config: { ...family(40, '15 minutes'), multipart: true },
    },
    async (request, reply) => {
      reply.headers(noStore);
      // The link before the body: a wrong link is told apart from nothing, whatever was sent.
      await porToken(app.ctx.db, request.params.token, true);
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie o documento como multipart/form-data.');
      const file = await request.file();
      if (!file || file.fieldname !== 'arquivo')
        throw new AppError('VALIDATION', 'Anexe o documento no campo "arquivo".', [
          { path: 'arquivo', message: 'Anexe o documento' },
        ]);
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENTO_GRANDE);
      const documento = await enviarDocumento(app.ctx, request.params.token, request.query.tipo, {
        nome: file.filename,
        bytes,
      });
      return reply.status(201).send(ok(documento, 'Documento enviado.'));
    },
  );

  app.delete(
    '/:token/documentos/:docId',
    {
      schema: { params: matriculaOnlineDocParamsSchema, response: okResponse(z.null()) },
      config: family(40, '15 minutes'),
    },
    async (request, reply) => {
      reply.headers(noStore);
      await removerDocumento(app.ctx, request.params.token, request.params.docId);
      return ok(null, 'Documento removido.');
    },
  );

  app.get(
    '/:token/cep/:cep',
    {
      schema: { params: matriculaOnlineCepParamsSchema, response: okResponse(cepAddressSchema) },
      config: family(30, '1 minute'),
    },
    async (request) => {
      await porToken(app.ctx.db, request.params.token, false);
      const parsed = cepParamsSchema.safeParse({ cep: request.params.cep });
      if (!parsed.success)
        throw new AppError('VALIDATION', 'CEP inválido: use 8 dígitos', [
          { path: 'cep', message: 'CEP inválido: use 8 dígitos' },
        ]);
      return ok(await lookupCep(app.ctx, parsed.data.cep));
    },
  );
};
