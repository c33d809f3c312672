import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  anuidadeInputSchema,
  anuidadeSchema,
  anuidadesAnoSchema,
  anuidadesQuerySchema,
  avisoAnuidadeSchema,
  matriculasConfigInputSchema,
  matriculasConfigSchema,
  publicacaoMatriculasSchema,
  publicacaoQuerySchema,
  publicarAnuidadesInputSchema,
} from '../../../shared/anuidades.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { formatDateTime } from '../../../shared/format.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { anoPadrao, excluirAnuidade, getAnuidadesAno, salvarAnuidade } from './anuidades.service.js';
import { avisosAnuidades, publicacaoMatriculas, publicarAnuidades } from './anuidades.publicacao.js';
import { getMatriculasConfig, salvarMatriculasConfig } from './anuidades.config.js';

/** The public page's read: no session, a generous per-IP limit (a family refreshing, a print). */
export const PUBLICACAO_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** /api/matriculas/anuidades: annual values, payment plans and their publication (Lei 9.870) (issue 34). */
export const anuidadesRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { access: 'matriculas.manage' } as const;
  const db = () => app.ctx.db;

  app.get(
    '/',
    {
      schema: { querystring: anuidadesQuerySchema, response: okResponse(anuidadesAnoSchema) },
      config: manage,
    },
    async (request) => ok(await getAnuidadesAno(db(), request.query.ano ?? anoPadrao())),
  );

  app.put(
    '/',
    { schema: { body: anuidadeInputSchema, response: okResponse(anuidadeSchema) }, config: manage },
    async (request) => {
      const saved = await salvarAnuidade(
        db(),
        request.body,
        expectedVersion(request, request.body.version),
        actorOf(request),
      );
      return ok(saved, `Anuidade de ${saved.serie} (${String(saved.ano_letivo)}) salva.`);
    },
  );

  app.delete(
    '/:id',
    { schema: { params: z.strictObject({ id: uuidParam }), response: okResponse(z.null()) }, config: manage },
    async (request) => {
      await excluirAnuidade(db(), request.params.id, actorOf(request));
      return ok(null, 'Anuidade excluída.');
    },
  );

  app.post(
    '/publicar',
    {
      schema: {
        body: publicarAnuidadesInputSchema,
        response: okResponse(z.object({ publicado_em: z.string() })),
      },
      config: manage,
    },
    async (request) => {
      const { ano_letivo: ano, contrato } = request.body;
      const published = await publicarAnuidades(db(), ano, contrato, actorOf(request));
      return ok(
        published,
        `Valores de ${String(ano)} publicados em ${formatDateTime(published.publicado_em)} na página /matriculas.`,
      );
    },
  );

  app.get(
    '/publicacao',
    {
      schema: { querystring: publicacaoQuerySchema, response: okResponse(publicacaoMatriculasSchema) },
      config: { access: 'public', rateLimit: PUBLICACAO_RATE_LIMIT },
    },
    async (request) => ok(await publicacaoMatriculas(db(), request.query.ano)),
  );

  app.get(
    '/avisos',
    { schema: { response: okResponse(z.array(avisoAnuidadeSchema)) }, config: manage },
    async () => ok(await avisosAnuidades(db())),
  );

  app.get(
    '/configuracao',
    { schema: { response: okResponse(matriculasConfigSchema) }, config: manage },
    async () => ok(await getMatriculasConfig(db())),
  );

  app.put(
    '/configuracao',
    {
      schema: { body: matriculasConfigInputSchema, response: okResponse(matriculasConfigSchema) },
      config: manage,
    },
    async (request) =>
      ok(
        await salvarMatriculasConfig(
          db(),
          request.body,
          expectedVersion(request, request.body.version),
          actorOf(request),
        ),
        'Configurações da rematrícula online salvas.',
      ),
  );
};
