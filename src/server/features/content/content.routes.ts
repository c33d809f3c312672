import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentHistoryEntrySchema,
  contentStateSchema,
  contentViewerSchema,
  restoreInputSchema,
  sectionParamsSchema,
  storedSiteContentSchema,
} from '../../../shared/content.schemas.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { matchesEtag } from '../../lib/response-replay.js';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'content.manage' } as const;
  const content = app.ctx.content;

  // Polled every 5 s by every open page: a matching If-None-Match is answered from memory. The body was
  // encoded through the same contract once per version (content.service), and is sent as that JSON text.
  app.get(
    '/public',
    {
      schema: { response: okResponse(storedSiteContentSchema) },
      config: { access: 'public', sessionless: true },
    },
    async (request, typedReply) => {
      // Untyped: the answer is a 304 or the JSON text already encoded, neither of which the serializer sees.
      const reply: FastifyReply = typedReply;
      const snapshot = content.peek() ?? (await content.getPublic());
      reply.header('etag', snapshot.etag).header('cache-control', 'no-cache');
      if (matchesEtag(request.headers['if-none-match'], snapshot.etag)) {
        // The same 304 for every poller of this version: later ones are answered before routing.
        app.replay.rememberNotModified(snapshot.etag, reply.getHeaders());
        return reply.status(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(snapshot.body);
    },
  );

  // Who is looking at the public page (header: Login, or Dashboard + name). 200 with null when
  // signed out, so the public page logs no failed request.
  app.get(
    '/viewer',
    { schema: { response: okResponse(contentViewerSchema) }, config: { access: 'public' } },
    async (request) => {
      const user = request.auth?.user;
      return ok(user ? { nome: user.nome } : null);
    },
  );

  app.get('/', { schema: { response: okResponse(contentStateSchema) }, config: admin }, async () =>
    ok(await content.getState()),
  );

  app.post(
    '/',
    {
      schema: { body: z.record(z.string(), z.unknown()), response: okResponse(contentStateSchema) },
      config: admin,
    },
    async (request) =>
      ok(
        await content.importContent(request.body, expectedVersion(request), actorOf(request)),
        'Conteúdo importado com sucesso!',
      ),
  );

  app.post(
    '/reset',
    { schema: { response: okResponse(contentStateSchema) }, config: admin },
    async (request) => ok(await content.resetContent(actorOf(request)), 'Conteúdo restaurado para o padrão!'),
  );

  app.put(
    '/:section',
    {
      schema: {
        params: sectionParamsSchema,
        body: z.record(z.string(), z.unknown()),
        response: okResponse(contentStateSchema),
      },
      config: admin,
    },
    async (request) =>
      ok(
        await content.saveSection(
          request.params.section,
          request.body,
          expectedVersion(request),
          actorOf(request),
        ),
        'Conteúdo salvo com sucesso!',
      ),
  );

  app.get(
    '/:section/history',
    {
      schema: { params: sectionParamsSchema, response: okResponse(z.array(contentHistoryEntrySchema)) },
      config: admin,
    },
    async (request) => ok(await content.listHistory(request.params.section)),
  );

  app.post(
    '/:section/restore',
    {
      schema: {
        params: sectionParamsSchema,
        body: restoreInputSchema,
        response: okResponse(contentStateSchema),
      },
      config: admin,
    },
    async (request) =>
      ok(
        await content.restoreVersion(request.params.section, request.body.version, actorOf(request)),
        'Versão restaurada com sucesso!',
      ),
  );
};
