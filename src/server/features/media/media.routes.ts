import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { uploadedMediaSchema } from '../../../shared/content.schemas.js';
import { actorOf, ok } from '../../lib/http.js';
import { createdResponse } from '../../lib/responses.js';
import { findMedia, MEDIA_LIMITS, saveMedia } from './media.service.js';

/** `POST /api/media`: one image in the field `file`. */
export const mediaUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MEDIA_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post(
    '/',
    {
      schema: { response: createdResponse(uploadedMediaSchema) },
      config: { access: 'content.manage', multipart: true },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie a imagem como multipart/form-data.');
      const file = await request.file();
      if (!file || file.fieldname !== 'file')
        throw new AppError('VALIDATION', 'Envie a imagem no campo "file".');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'A imagem deve ter no máximo 10 MB.');
      const saved = await saveMedia(app.ctx.db, bytes, actorOf(request));
      return reply.status(201).send(ok(saved, 'Imagem enviada com sucesso!'));
    },
  );
};

/** `GET /media/:id`: the stored bytes, cached for a year (the id never changes content). */
export const mediaFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/media/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    const row = await findMedia(app.ctx.db, request.params.id);
    if (!row) throw new AppError('NOT_FOUND', 'Imagem não encontrada.');
    const etag = `"${row.sha256.slice(0, 32)}"`;
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(row.mimeType).send(row.bytes);
  });
};
