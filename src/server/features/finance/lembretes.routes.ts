/**
 * The automatic reminders' routes of /api/financeiro (ADR 0043): the schedule and its preview, and the
 * 'Em negociação' mark that stops them, on one tuition or on a family's open tuition.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lembretesConfigSchema,
  negociacaoFamiliaResultSchema,
  negociacaoInputSchema,
  updateLembretesConfigInputSchema,
} from '../../../shared/lembretes.schemas.js';
import { mensalidadeSchema } from '../../../shared/mensalidades.schemas.js';
import { idParamsSchema } from '../../../shared/finance.schemas.js';
import { formatContagemCobrancas } from '../../../shared/contagem-cobrancas.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { clock } from '../../lib/clock.js';
import { getLembretesConfig, updateLembretesConfig } from './lembretes-config.service.js';
import { registerLembretesJob } from './lembretes.job.js';
import { setNegociacao, setNegociacaoFamilia } from './negociacao.service.js';

export const lembretesRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { access: 'finance.manage' } as const;
  const db = () => app.ctx.db;

  app.get(
    '/lembretes',
    { schema: { response: okResponse(lembretesConfigSchema) }, config: manage },
    async () => ok(await getLembretesConfig(db())),
  );

  app.put(
    '/lembretes',
    {
      schema: { body: updateLembretesConfigInputSchema, response: okResponse(lembretesConfigSchema) },
      config: manage,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const saved = await updateLembretesConfig(db(), request.body, version, actorOf(request));
      return ok(saved, saved.ativo ? 'Lembretes automáticos ligados.' : 'Lembretes automáticos desligados.');
    },
  );

  // 'Em negociação' on and off: the same route but for the state it sets and what it says (a fee is
  // named as the fee).
  const negociacao = [
    [
      '/mensalidades/:id/negociacao',
      true,
      (cobranca: string) =>
        `${cobranca} marcada em negociação: os lembretes param, os automáticos e os da secretaria.`,
    ],
    [
      '/mensalidades/:id/negociacao/encerrar',
      false,
      () => 'Negociação encerrada: os lembretes automáticos voltam a valer.',
    ],
  ] as const;
  for (const [path, emNegociacao, message] of negociacao) {
    app.post(
      path,
      {
        schema: {
          params: idParamsSchema,
          body: negociacaoInputSchema,
          response: okResponse(mensalidadeSchema),
        },
        config: manage,
      },
      async (request) => {
        const result = await setNegociacao(
          db(),
          request.params.id,
          emNegociacao,
          request.body.motivo,
          actorOf(request),
          clock.today(),
        );
        return ok(result, message(result.tipo === 'taxa_matricula' ? 'Taxa de matrícula' : 'Mensalidade'));
      },
    );
  }

  for (const [path, em] of [
    ['/responsaveis/:id/negociacao', true],
    ['/responsaveis/:id/negociacao/encerrar', false],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          params: idParamsSchema,
          body: negociacaoInputSchema,
          response: okResponse(negociacaoFamiliaResultSchema),
        },
        config: manage,
      },
      async (request) => {
        const result = await setNegociacaoFamilia(
          db(),
          request.params.id,
          em,
          request.body.motivo,
          actorOf(request),
        );
        const count = formatContagemCobrancas(result);
        return ok(result, em ? `${count} em negociação.` : `Negociação encerrada: ${count}.`);
      },
    );
  }

  registerLembretesJob(app.ctx, app.log);
};
