/**
 * /api/fiscal (issue 36 §2, ADR 0057): the fiscal settings and the A1 certificate (administrators:
 * `settings.manage`), the NFS-e of a competência (the finance staff: `finance.figures` to see, with
 * whether the settings let them emit, `finance.manage` to emit) and their cancellation (administrators).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fiscalConfiguracaoInputSchema,
  fiscalConfiguracaoSchema,
  nfseCancelarInputSchema,
  nfseEmitirInputSchema,
  nfseListQuerySchema,
  nfseListSchema,
  nfseLoteSchema,
  nfseSchema,
  nfseSituacaoSchema,
  nfseXmlSchema,
} from '../../../shared/fiscal.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import {
  getFiscalConfiguracao,
  getSituacaoEmissao,
  updateFiscalConfiguracao,
} from './fiscal-config.service.js';
import { cancelarNfse, emitirCompetencia, getLote, listarNfse, xmlDaNfse } from './nfse.service.js';

const idParams = z.object({ id: uuidParam });

export const fiscalRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'settings.manage' } as const;
  // finance.read is also the family's (their own mensalidades): the school's notes need the staff's figures.
  const read = { access: 'finance.figures' } as const;
  const manage = { access: 'finance.manage' } as const;

  app.get(
    '/configuracao',
    { schema: { response: okResponse(fiscalConfiguracaoSchema) }, config: admin },
    async () => ok(await getFiscalConfiguracao(app.ctx)),
  );

  app.put(
    '/configuracao',
    {
      schema: { body: fiscalConfiguracaoInputSchema, response: okResponse(fiscalConfiguracaoSchema) },
      config: admin,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const saved = await updateFiscalConfiguracao(app.ctx, request.body, version, actorOf(request));
      return ok(saved, 'Configurações fiscais salvas.');
    },
  );

  // The finance staff's view of the settings: whether 'Emitir notas' can run, and what is missing if not.
  app.get(
    '/nfse/situacao',
    { schema: { response: okResponse(nfseSituacaoSchema) }, config: read },
    async () => ok(await getSituacaoEmissao(app.ctx)),
  );

  app.post(
    '/nfse/emitir',
    { schema: { body: nfseEmitirInputSchema, response: okResponse(nfseLoteSchema) }, config: manage },
    async (request) => {
      const lote = await emitirCompetencia(app.ctx, request.body.competencia, actorOf(request));
      return ok(
        lote,
        lote.total === 0
          ? 'Nenhuma mensalidade desta competência precisa de nota.'
          : lote.total === 1
            ? '1 nota na fila de emissão.'
            : `${lote.total} notas na fila de emissão.`,
      );
    },
  );

  app.get(
    '/nfse/lotes/:id',
    { schema: { params: idParams, response: okResponse(nfseLoteSchema) }, config: read },
    async (request) => ok(await getLote(app.ctx.db, request.params.id)),
  );

  app.get(
    '/nfse',
    { schema: { querystring: nfseListQuerySchema, response: okResponse(nfseListSchema) }, config: read },
    async (request) => ok(await listarNfse(app.ctx.db, request.query.competencia)),
  );

  app.get(
    '/nfse/:id/xml',
    { schema: { params: idParams, response: okResponse(nfseXmlSchema) }, config: read },
    async (request) => ok(await xmlDaNfse(app.ctx.db, request.params.id)),
  );

  app.post(
    '/nfse/:id/cancelar',
    {
      schema: { params: idParams, body: nfseCancelarInputSchema, response: okResponse(nfseSchema) },
      config: admin,
    },
    async (request) => {
      const nota = await cancelarNfse(app.ctx, request.params.id, request.body, actorOf(request));
      return ok(nota, 'Nota fiscal cancelada.');
    },
  );
};
