import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatCount } from '../../../shared/format.js';
import { z } from 'zod';
import {
  contagemSchema,
  filaSchema,
  listNotificacoesQuerySchema,
  marcarLidasInputSchema,
  notificacaoPageSchema,
  preferenciasSchema,
  updatePreferenciasInputSchema,
} from '../../../shared/notificacoes.schemas.js';
import { AppError } from '../../lib/errors.js';
import { ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import {
  countUnread,
  countUnreadCached,
  getDeliveryQueue,
  getPreferences,
  listNotificacoes,
  markRead,
  retryFailed,
  updatePreferences,
} from './notificacoes.service.js';
import { runTuitionNotices, TUITION_NOTICES_JOB, tuitionNoticesSlot } from './avisos.service.js';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** When a stream refused for the instance's ceiling may be asked again (the page polls meanwhile). */
const STREAM_RETRY_AFTER_SECONDS = 300;

/** The bell: `/api/notificacoes` and the user's preferences; the tuition notices' daily job. */
export const notificacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = { access: 'authenticated' } as const;
  // The bell's count is polled and streamed to every open portal page: not use of the session.
  const bell = { access: 'authenticated', background: true } as const;

  app.get(
    '/',
    {
      schema: { querystring: listNotificacoesQuerySchema, response: okResponse(notificacaoPageSchema) },
      config: own,
    },
    async (request) => ok(await listNotificacoes(app.ctx.db, signedInUser(request).id, request.query)),
  );

  app.get('/contagem', { schema: { response: okResponse(contagemSchema) }, config: bell }, async (request) =>
    ok({ nao_lidas: await countUnreadCached(app.ctx.db, signedInUser(request).id) }),
  );

  app.post(
    '/lidas',
    { schema: { body: marcarLidasInputSchema, response: okResponse(contagemSchema) }, config: own },
    async (request) => {
      const naoLidas = await markRead(app.ctx.db, signedInUser(request).id, request.body.ids);
      return ok({ nao_lidas: naoLidas }, 'Notificações marcadas como lidas.');
    },
  );

  /**
   * Server-sent events: `event: contagem` with `{nao_lidas}` now and whenever it may have changed. The
   * browser's EventSource reconnects by itself; the portal also polls every 30 s as a fallback. Streams
   * are capped (notifier.ts, `StreamLimits`): a new one past the session's or the person's cap ends
   * their oldest with `event: fim` (`substituido`: that page stops streaming and keeps polling), and past
   * the instance's ceiling the stream is refused with 503 + Retry-After before anything is held.
   */
  app.get('/stream', { config: bell }, async (request, reply) => {
    const user = signedInUser(request);
    const sessionId = request.auth!.sessionId;
    const notifier = app.ctx.notifier;
    if (notifier.isFull) {
      throw new AppError('UNAVAILABLE', 'Muitas conexões de avisos abertas no servidor agora.', undefined, {
        'retry-after': String(STREAM_RETRY_AFTER_SECONDS),
      });
    }
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      // The connection is the stream's alone: when the stream ends, it closes (its socket and file
      // descriptor are freed at once, not kept idle for another request).
      connection: 'close',
    });
    let last = -1;
    const send = (naoLidas: number) => {
      if (naoLidas === last) return;
      last = naoLidas;
      raw.write(`event: contagem\ndata: ${JSON.stringify({ nao_lidas: naoLidas })}\n\n`);
    };
    raw.write('retry: 5000\n\n');
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const state = { closed: false };
    const stop = () => {
      state.closed = true;
      clearInterval(heartbeat);
      unsubscribe();
    };
    // Ends when the session does (logout, password change, deactivation, 'Encerrar sessão', timeout),
    // or when a newer stream of the same session or person takes its place.
    const unsubscribe = notifier.subscribe(user.id, {
      sessionId,
      count: send,
      end: (reason) => {
        if (state.closed) return;
        stop();
        if (reason === 'substituido')
          raw.write(`event: fim\ndata: ${JSON.stringify({ motivo: reason })}\n\n`);
        raw.end();
      },
    });
    // The browser went away (either side's close: which one fires first differs between Node versions).
    request.raw.on('close', stop);
    raw.on('close', stop);
    const naoLidas = await countUnread(app.ctx.db, user.id);
    if (!state.closed) send(naoLidas);
  });

  app.get(
    '/preferencias',
    { schema: { response: okResponse(preferenciasSchema) }, config: own },
    async (request) => ok(await getPreferences(app.ctx, signedInUser(request))),
  );

  app.put(
    '/preferencias',
    {
      schema: { body: updatePreferenciasInputSchema, response: okResponse(preferenciasSchema) },
      config: own,
    },
    async (request) =>
      ok(await updatePreferences(app.ctx, signedInUser(request), request.body.itens), 'Preferências salvas.'),
  );

  // The tuition notices: a slot a day (from 08:00, São Paulo) while the school has them on, claimed by
  // one instance on the job queue's poll (ADR 0015); `mensalidade_avisos` keeps each notice to once.
  app.ctx.jobs.handle(TUITION_NOTICES_JOB, async () => {
    await runTuitionNotices(app.ctx);
  });
  app.ctx.jobs.schedule({
    name: TUITION_NOTICES_JOB,
    kind: TUITION_NOTICES_JOB,
    slotOf: (now) => tuitionNoticesSlot(app.ctx, now),
  });
};

/** `/api/configuracoes/notificacoes/fila`: the outbox's state for the admin, and resending failures. */
export const deliveryQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    // The delivery-queue screen refreshes this every 15 s on its own: those refreshes are not use.
    {
      schema: { response: okResponse(filaSchema) },
      config: { access: 'settings.manage', background: 'poll' },
    },
    async () => ok(await getDeliveryQueue(app.ctx)),
  );

  app.post(
    '/reenviar',
    {
      schema: { response: okResponse(z.object({ reenviadas: z.number().int() })) },
      config: { access: 'settings.manage' },
    },
    async () => {
      const reenviadas = await retryFailed(app.ctx.db);
      app.ctx.notifier.worker.wake();
      return ok(
        { reenviadas },
        `${formatCount(reenviadas, 'entrega colocada', 'entregas colocadas')} de novo na fila.`,
      );
    },
  );
};
