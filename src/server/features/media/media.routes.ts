import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import {
  listMediaQuerySchema,
  mediaItemSchema,
  uploadedMediaSchema,
} from '../../../shared/content.schemas.js';
import { actorOf, ok, readSessionToken } from '../../lib/http.js';
import { can } from '../../../shared/permissions.js';
import { failure } from '../../plugins/error-funnel.js';
import { resolveSession } from '../auth/index.js';
import { createdResponse, okResponse, pageOf } from '../../lib/responses.js';
import { matchesEtag } from '../../lib/response-replay.js';
import { findMediaHead, listMedia, MEDIA_LIMITS, readMediaBytes, saveMedia } from './media.service.js';

/** `GET /api/media`: the library of uploaded images; `POST /api/media`: one image in the field `file`. */
export const mediaUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MEDIA_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.get(
    '/',
    {
      schema: { querystring: listMediaQuerySchema, response: okResponse(pageOf(mediaItemSchema)) },
      config: { access: 'content.manage' },
    },
    async (request) => ok(await listMedia(app.ctx.db, request.query)),
  );

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

/**
 * `GET /media/:id`: the stored bytes. A photo that shows a child without image consent (withdrawn, or
 * never given) is not public: 404 to everyone but an administrator, who still previews it in the
 * portal, uncached. Any photo may become such one day (a family withdraws consent, a child is tagged),
 * so no answer is cached as immutable: each use revalidates its ETag, a 304 that reads no bytes
 * (ADR 0017).
 */
export const mediaFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      schema: { params: z.object({ id: z.uuid() }) },
      // The session is read only for a blocked photo (an administrator's preview), never as use.
      config: { access: 'public', sessionless: true },
    },
    async (request, reply) => {
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      const row = await findMediaHead(app.ctx.db, request.params.id);
      const preview = row?.blocked === true && (await isContentManager(request));
      const bytes = async () => {
        const found = await readMediaBytes(app.ctx.db, request.params.id);
        if (!found) throw new AppError('NOT_FOUND', 'Imagem não encontrada.');
        return found;
      };
      if (!row || (row.blocked && !preview)) {
        // Not even a cached 404: the photo may come back (consent given again) or be an admin's preview.
        return reply
          .status(404)
          .header('cache-control', 'no-store')
          .send(failure('Imagem não encontrada.', 'NOT_FOUND'));
      }
      if (preview)
        return reply
          .header('cache-control', 'private, no-store')
          .type(row.mimeType)
          .send(await bytes());
      const etag = `"${row.sha256.slice(0, 32)}"`;
      reply.header('etag', etag).header('cache-control', PUBLIC_MEDIA_CACHE);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.type(row.mimeType).send(await bytes());
    },
  );

  /** A signed-in administrator (the content editor), read from the cookie without touching the session. */
  async function isContentManager(request: FastifyRequest): Promise<boolean> {
    const token = readSessionToken(request);
    if (!token) return false;
    const resolved = await resolveSession(app.ctx.db, token, { touch: false });
    return resolved !== null && !resolved.user.primeiroLogin && can(resolved.permissoes, 'content.manage');
  }
};

/**
 * Public photos: any cache may keep them but must ask again before each use (ETag → 304), so a photo
 * taken off the site stops being served at once, from the browser and from a CDN alike (ADR 0017).
 */
export const PUBLIC_MEDIA_CACHE = 'public, no-cache';
