import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EMAIL_NAO_CONFIGURADO_REMATRICULA,
  inicioRematriculaSchema,
  iniciarRematriculaInputSchema,
  lembretesRematriculaInputSchema,
  lembretesRematriculaResultSchema,
  rematriculaOnlineQuerySchema,
  rodadaRematriculaSchema,
} from '../../../shared/anuidades.schemas.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { anoPadrao } from './anuidades.service.js';
import { enviarLembretes, iniciarRodada, obterRodada } from './rematricula-online.service.js';

const plural = (count: number, one: string, many: string) => `${String(count)} ${count === 1 ? one : many}`;

/** /api/matriculas/rematricula-online: the online rematrícula round (issue 34). */
export const rematriculaOnlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { access: 'matriculas.manage' } as const;

  app.get(
    '/',
    {
      schema: { querystring: rematriculaOnlineQuerySchema, response: okResponse(rodadaRematriculaSchema) },
      config: manage,
    },
    async (request) => {
      const { ano_letivo: ano, ...filtros } = request.query;
      return ok({
        ...(await obterRodada(app.ctx.db, ano ?? anoPadrao(), filtros)),
        email_configurado: app.ctx.mailer.delivery !== 'arquivo',
      });
    },
  );

  app.post(
    '/',
    {
      schema: { body: iniciarRematriculaInputSchema, response: okResponse(inicioRematriculaSchema) },
      config: manage,
    },
    async (request) => {
      const result = await iniciarRodada(app.ctx, request.body.ano_letivo, actorOf(request));
      const falhas =
        result.convites_falhos > 0
          ? ` ${plural(result.convites_falhos, 'link não pôde ser enviado', 'links não puderam ser enviados')} (sem e-mail ou falha no envio): veja a tabela.`
          : '';
      const incluidas = `Rematrícula online de ${String(request.body.ano_letivo)}: ${plural(result.criadas, 'família incluída', 'famílias incluídas')}`;
      return ok(
        result,
        app.ctx.mailer.delivery === 'arquivo'
          ? `${incluidas}. ${EMAIL_NAO_CONFIGURADO_REMATRICULA}`
          : `${incluidas}, ${plural(result.convites_enviados, 'link enviado', 'links enviados')}.${falhas}`,
      );
    },
  );

  app.post(
    '/lembretes',
    {
      schema: {
        body: lembretesRematriculaInputSchema,
        response: okResponse(lembretesRematriculaResultSchema),
      },
      config: { ...manage, rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const result = await enviarLembretes(
        app.ctx,
        request.body.ano_letivo,
        request.body.ids,
        actorOf(request),
      );
      const hoje =
        result.ja_lembrados_hoje > 0
          ? ` ${plural(result.ja_lembrados_hoje, 'família já tinha sido lembrada', 'famílias já tinham sido lembradas')} hoje.`
          : '';
      if (app.ctx.mailer.delivery === 'arquivo') return ok(result, EMAIL_NAO_CONFIGURADO_REMATRICULA);
      return ok(result, `${plural(result.enviados, 'lembrete enviado', 'lembretes enviados')}.${hoje}`);
    },
  );
};
