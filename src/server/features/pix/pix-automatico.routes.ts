/**
 * Pix Automático's routes (issue 33 §3, ADR 0044). `/api/financeiro/pix/automatico`: the school's settings
 * (administrator), a family's monthly debit of a child's tuition (the guardian asks and cancels; the
 * school sees and cancels). `/api/pix/webhook/:segredo` (`pixAutomaticoWebhookRoutes`): the PSP's status
 * notices at `/rec` and `/cobr`, behind the same per-installation secret as the Pix webhook.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alunoParamsSchema,
  autorizarDebitoSchema,
  debitoAutomaticoSchema,
  pixAutomaticoConfigInputSchema,
  pixAutomaticoConfigSchema,
  recorrenciaSchema,
  type Recorrencia,
} from '../../../shared/pix-automatico.schemas.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import {
  autorizarDebito,
  cancelarDebito,
  getDebitoAutomatico,
  getPixAutomaticoConfig,
  pixAutomaticoApiOf,
  updatePixAutomaticoConfig,
} from './pix-automatico.service.js';
import {
  PIX_AUTOMATICO_JOB,
  avisarCobrancasNaoEnviadas,
  retirarCobrancasRecorrentes,
  enviarCobrancasRecorrentes,
  receberWebhookCobr,
  receberWebhookRec,
} from './pix-automatico.sync.js';
import { webhookSegredoOf } from './pix-provedor.service.js';
import { nullWhenNotFound } from './pix-api.js';
import type { PixAutomaticoApi } from './pix-automatico.client.js';
import { readBack } from './pix-webhook.confirm.js';
import { isSameSecret, WEBHOOK_BODY_LIMIT } from './pix-webhook.routes.js';

export const pixAutomaticoRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'settings.manage' } as const;
  const family = { access: 'finance.read' } as const;
  // The demo's simulated bank (PIX_PROVIDER=simulado) authorises a recurrence on its own page.
  const comSimulacao = <T extends Recorrencia | null>(recorrencia: T): T => {
    if (app.ctx.config.pixProvider === 'simulado' && recorrencia?.status === 'aguardando')
      recorrencia.simulacao_url = `/banco-simulado/pagar?codigo=${encodeURIComponent(recorrencia.copia_e_cola)}`;
    return recorrencia;
  };

  app.get(
    '/config',
    { schema: { response: okResponse(pixAutomaticoConfigSchema) }, config: admin },
    async () => ok(await getPixAutomaticoConfig(app.ctx)),
  );

  app.put(
    '/config',
    {
      schema: { body: pixAutomaticoConfigInputSchema, response: okResponse(pixAutomaticoConfigSchema) },
      config: admin,
    },
    async (request) => {
      const saved = await updatePixAutomaticoConfig(app.ctx, request.body, actorOf(request));
      return ok(saved.config, saved.mensagem);
    },
  );

  app.get(
    '/alunos/:id',
    {
      schema: { params: alunoParamsSchema, response: okResponse(debitoAutomaticoSchema) },
      config: { ...family, childRecord: { via: 'debito_automatico' } },
    },
    async (request) => {
      const debito = await getDebitoAutomatico(app.ctx, signedInUser(request), request.params.id);
      return ok({ ...debito, recorrencia: comSimulacao(debito.recorrencia) });
    },
  );

  app.post(
    '/alunos/:id',
    {
      schema: {
        params: alunoParamsSchema,
        body: autorizarDebitoSchema,
        response: okResponse(recorrenciaSchema),
      },
      config: family,
    },
    async (request) =>
      ok(
        comSimulacao(
          await autorizarDebito(
            app.ctx,
            signedInUser(request),
            request.params.id,
            request.body,
            actorOf(request),
          ),
        ),
        'Pedido criado. Autorize no app do seu banco com o QR ou o código copia e cola.',
      ),
  );

  app.post(
    '/alunos/:id/cancelar',
    { schema: { params: alunoParamsSchema, response: okResponse(recorrenciaSchema) }, config: family },
    async (request) => {
      const user = signedInUser(request);
      if (user.nivel !== 'responsavel' && !user.permissoes.includes('finance.manage'))
        throw new AppError('FORBIDDEN', 'Você não tem permissão para cancelar o débito automático.');
      return ok(
        await cancelarDebito(app.ctx, user, request.params.id, actorOf(request)),
        'Débito automático cancelado.',
      );
    },
  );

  // Each day, the month's charges 2–10 days before their due dates (one instance claims the day).
  app.ctx.jobs.handle(PIX_AUTOMATICO_JOB, async () => {
    await retirarCobrancasRecorrentes(app.ctx);
    await enviarCobrancasRecorrentes(app.ctx);
    await avisarCobrancasNaoEnviadas(app.ctx);
  });
  app.ctx.jobs.schedule({
    name: PIX_AUTOMATICO_JOB,
    kind: PIX_AUTOMATICO_JOB,
    slotOf: () => Promise.resolve(clock.today()),
  });
};

const recNoticeSchema = z.looseObject({ idRec: z.string().max(35), status: z.string().max(20) });
const recWebhookSchema = z.object({ recs: z.array(recNoticeSchema).max(1000) });
const cobrNoticeSchema = z.looseObject({
  txid: z.string().max(35),
  idRec: z.string().max(35),
  status: z.string().max(20),
  valor: z.object({ original: z.string().regex(/^\d{1,10}\.\d{2}$/) }),
  calendario: z.object({ dataDeVencimento: z.string() }),
});
const cobrWebhookSchema = z.object({ cobsr: z.array(cobrNoticeSchema).max(1000) });

/**
 * The PSP's Pix Automático notices: `POST /api/pix/webhook/:segredo/rec` and `/cobr`. The secret is
 * checked before the body is read, as for `/pix`: a caller without it gets 404 whatever it sends, and
 * learns nothing of the body's shape (security review, 2026-12-02: a wrong secret with a body out of
 * shape answered 400 with the fields expected). Pix Automático off is a 404 too. Each recurrence and
 * charge notified is read back from the PSP (`GET /rec/{idRec}`, `GET /cobr/{txid}`) and only what the
 * PSP answers is applied (ADR 0082).
 */
export const pixAutomaticoWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // As `/pix` is registered (security review, 2026-12-07): a bank has no session, so none is read (nor
  // touched) for its call, and its own body limit, below the application's 1 MiB.
  const psp = {
    access: 'public',
    sessionless: true,
    rateLimit: { max: 600, timeWindow: '1 minute' },
  } as const;
  const apis = new WeakMap<FastifyRequest, PixAutomaticoApi>();
  app.addHook('onRequest', async (request) => {
    const { segredo } = request.params as { segredo?: unknown };
    if (typeof segredo !== 'string' || !isSameSecret(segredo, await webhookSegredoOf(app.ctx)))
      throw notFound();
    const found = await pixAutomaticoApiOf(app.ctx);
    if (!found) throw notFound();
    apis.set(request, found.api);
  });
  /** The PSP's Pix Automático found before the body was read (one read of the settings a call). */
  const automatico = (request: FastifyRequest) => {
    const api = apis.get(request);
    if (!api) throw notFound();
    return api;
  };
  const params = z.object({ segredo: z.string().max(200) });

  app.post(
    '/rec',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: { params, body: recWebhookSchema, response: okResponse(z.null()) },
      config: psp,
    },
    async (request) => {
      const api = automatico(request);
      const confirmed = await readBack(
        app.ctx,
        { kind: 'rec', keys: request.body.recs.map((rec) => rec.idRec) },
        (idRec) => api.getRec(idRec).catch(nullWhenNotFound),
        recNoticeSchema,
        (rec) => rec.idRec,
      );
      await receberWebhookRec(app.ctx, { recs: confirmed.items } as Parameters<typeof receberWebhookRec>[1]);
      return ok(null);
    },
  );

  app.post(
    '/cobr',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: { params, body: cobrWebhookSchema, response: okResponse(z.null()) },
      config: psp,
    },
    async (request) => {
      const api = automatico(request);
      const confirmed = await readBack(
        app.ctx,
        { kind: 'cobr', keys: request.body.cobsr.map((cobr) => cobr.txid) },
        (txid) => api.getCobr(txid).catch(nullWhenNotFound),
        cobrNoticeSchema,
        (cobr) => cobr.txid,
      );
      await receberWebhookCobr(app.ctx, {
        cobsr: confirmed.items,
      } as Parameters<typeof receberWebhookCobr>[1]);
      return ok(null);
    },
  );
};
