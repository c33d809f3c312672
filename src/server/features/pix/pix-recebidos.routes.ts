/**
 * The staff's side of the Pix received (issue 33 §2): reconciliation (`/api/financeiro/pix/conciliar`)
 * and Pix a conciliar with its actions (`/api/financeiro/pix/a-conciliar`). Registers the daily
 * reconciliation on the job queue.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/finance.schemas.js';
import {
  conciliacaoStatusSchema,
  conciliarInputSchema,
  conciliarResultSchema,
  consultarDevolucaoInputSchema,
  devolverPixInputSchema,
  devolvidoPixInputSchema,
  pixAConciliarSchema,
  pixResolvidoSchema,
  receitaPixInputSchema,
  type PixResolvido,
  vincularPixInputSchema,
} from '../../../shared/pix-recebidos.schemas.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { linkPix, listAConciliar, markPixRefunded, recordPixAsReceita } from './pix-a-conciliar.service.js';
import { devolverPix } from './pix-devolucao.service.js';
import {
  lastReconciliation,
  reconcilePix,
  reconciliationMessage,
  registerDailyReconciliation,
} from './pix-conciliacao.service.js';

const manage = { access: 'finance.manage' } as const;

/** `/api/financeiro/pix/conciliar`: run a reconciliation for a period; the last run. */
export const pixConciliarRoutes: FastifyPluginAsyncZod = async (app) => {
  registerDailyReconciliation(app.ctx);

  app.get('/', { schema: { response: okResponse(conciliacaoStatusSchema) }, config: manage }, async () =>
    ok({ ultima: await lastReconciliation(app.ctx.db) }),
  );

  app.post(
    '/',
    { schema: { body: conciliarInputSchema, response: okResponse(conciliarResultSchema) }, config: manage },
    async (request) => {
      const result = await reconcilePix(app.ctx, request.body, 'manual', actorOf(request));
      return ok(result, reconciliationMessage(result));
    },
  );
};

/** `/api/financeiro/pix/a-conciliar`: the Pix waiting for a person, and what the person does with one. */
export const pixAConciliarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: okResponse(z.array(pixAConciliarSchema)) }, config: manage }, async () =>
    ok(await listAConciliar(app.ctx)),
  );

  app.post(
    '/:id/vincular',
    {
      schema: {
        params: idParamsSchema,
        body: vincularPixInputSchema,
        response: okResponse(pixResolvidoSchema),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await linkPix(app.ctx, request.params.id, request.body.mensalidade_id, actorOf(request)),
        'Pix vinculado: o pagamento foi registrado na mensalidade.',
      ),
  );

  app.post(
    '/:id/receita',
    {
      schema: {
        params: idParamsSchema,
        body: receitaPixInputSchema,
        response: okResponse(pixResolvidoSchema),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await recordPixAsReceita(app.ctx, request.params.id, request.body, actorOf(request)),
        'Pix lançado como receita.',
      ),
  );

  app.post(
    '/:id/devolver',
    {
      schema: {
        params: idParamsSchema,
        body: devolverPixInputSchema,
        response: okResponse(pixResolvidoSchema),
      },
      config: manage,
    },
    async (request) => {
      const result = await devolverPix(app.ctx, request.params.id, request.body, actorOf(request));
      return ok(
        result,
        devolucaoMessage(result, 'Devolução pedida ao banco: o Pix sai da lista quando o banco confirmar.'),
      );
    },
  );

  app.post(
    '/:id/consultar-devolucao',
    {
      schema: {
        params: idParamsSchema,
        body: consultarDevolucaoInputSchema,
        response: okResponse(pixResolvidoSchema),
      },
      config: manage,
    },
    async (request) => {
      const result = await devolverPix(app.ctx, request.params.id, null, actorOf(request));
      return ok(result, devolucaoMessage(result, 'O banco ainda está processando a devolução.'));
    },
  );

  app.post(
    '/:id/devolvido',
    {
      schema: {
        params: idParamsSchema,
        body: devolvidoPixInputSchema,
        response: okResponse(pixResolvidoSchema),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await markPixRefunded(app.ctx, request.params.id, request.body, actorOf(request)),
        'Pix marcado como devolvido.',
      ),
  );
};

/** What the bank's answer means, in the secretaria's words (`waiting`: the devolução is in progress). */
function devolucaoMessage(result: PixResolvido, waiting: string): string {
  if (result.situacao === 'devolvido') return 'Pix devolvido ao pagador pelo banco.';
  if (result.situacao === 'devolucao_solicitada') return waiting;
  if (result.situacao === 'a_conciliar') return 'O banco não realizou a devolução: veja o motivo no Pix.';
  return 'Este Pix já foi conciliado.';
}
