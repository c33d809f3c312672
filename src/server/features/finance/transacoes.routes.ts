/**
 * The cash book routes of /api/financeiro: the transactions (receitas and despesas) and their edits.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  transacaoSchema,
  idParamsSchema,
  listTransacoesQuerySchema,
  transacaoInputSchema,
} from '../../../shared/finance.schemas.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { createdResponse, okResponse, pageOf } from '../../lib/responses.js';
import {
  createTransaction,
  deleteTransaction,
  listTransactions,
  updateTransaction,
} from './transacoes.service.js';

export const transacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Income and expenses are the school's figures (ADR 0025), not the tuition desk's. */
  const manage = { access: 'finance.figures' } as const;
  const db = () => app.ctx.db;

  app.get(
    '/transacoes',
    {
      schema: {
        querystring: listTransacoesQuerySchema,
        response: okResponse(pageOf(transacaoSchema).extend({ soma: z.number().int() })),
      },
      config: manage,
    },
    async (request) => ok(await listTransactions(db(), request.query)),
  );

  app.post(
    '/transacoes',
    { schema: { body: transacaoInputSchema, response: createdResponse(transacaoSchema) }, config: manage },
    async (request, reply) => {
      const created = await createTransaction(db(), request.body, actorOf(request));
      return reply
        .status(201)
        .send(ok(created, created.tipo === 'receita' ? 'Receita registrada!' : 'Despesa registrada!'));
    },
  );

  app.put(
    '/transacoes/:id',
    {
      schema: { params: idParamsSchema, body: transacaoInputSchema, response: okResponse(transacaoSchema) },
      config: manage,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      return ok(
        await updateTransaction(db(), request.params.id, request.body, version, actorOf(request)),
        'Transação atualizada!',
      );
    },
  );

  app.delete(
    '/transacoes/:id',
    { schema: { params: idParamsSchema, response: okResponse(z.null()) }, config: manage },
    async (request) => {
      await deleteTransaction(db(), request.params.id, actorOf(request));
      return ok(null, 'Transação excluída.');
    },
  );
};
