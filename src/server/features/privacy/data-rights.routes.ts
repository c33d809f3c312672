import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerRequestInputSchema,
  createRequestInputSchema,
  dataRequestSchema,
  listRequestsQuerySchema,
  meusDadosQuerySchema,
  meusDadosSchema,
} from '../../../shared/data-rights.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { flushStudentViews } from './access-log.service.js';
import { clock } from '../../lib/clock.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { recordAudit } from '../audit/index.js';
import { answerRequest, collectMeusDados, createRequest, listRequests } from './data-rights.service.js';
import { meusDadosPdf } from './data-rights.pdf.js';

const idParams = z.strictObject({ id: uuidParam });

/** `/api/meus-dados`: a copy of the signed-in person's data (LGPD art. 18), JSON or PDF. */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { querystring: meusDadosQuerySchema, response: okResponse(meusDadosSchema) },
      config: { access: 'privacy.self' },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // The views of the children's records still in memory belong in the copy too.
      await flushStudentViews(app.ctx);
      const dados = await collectMeusDados(app.ctx, user);
      await recordAudit(app.ctx.db, actorOf(request), {
        action: 'exportar_meus_dados',
        entity: 'usuario',
        entityId: user.id,
        details: { formato: request.query.formato },
      });
      const name = `meus-dados-${clock.today()}`;
      if (request.query.formato === 'pdf') {
        return (
          reply
            .header('content-disposition', `attachment; filename="${name}.pdf"`)
            .type('application/pdf')
            // A Buffer is sent as is (the JSON schema applies to objects only).
            .send((await meusDadosPdf(app.ctx.db, dados)) as never)
        );
      }
      reply.header('content-disposition', `attachment; filename="${name}.json"`);
      return ok(dados);
    },
  );
};

/** `/api/solicitacoes`: data-rights requests from families, and the school's answers. */
export const dataRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: { body: createRequestInputSchema, response: createdResponse(dataRequestSchema) },
      config: { access: 'privacy.self' },
    },
    async (request, reply) => {
      const created = await createRequest(app.ctx.db, signedInUser(request), request.body, actorOf(request));
      return reply.status(201).send(ok(created, 'Solicitação enviada. A escola responde em até 15 dias.'));
    },
  );

  app.get(
    '/',
    {
      schema: { querystring: listRequestsQuerySchema, response: okResponse(z.array(dataRequestSchema)) },
      // A family's own requests, or the school's queue (listRequests tells them apart by the permission).
      config: { access: ['privacy.self', 'privacy.manage'] },
    },
    async (request) => ok(await listRequests(app.ctx.db, signedInUser(request), request.query.situacao)),
  );

  app.post(
    '/:id/responder',
    {
      schema: { params: idParams, body: answerRequestInputSchema, response: okResponse(dataRequestSchema) },
      config: { access: 'privacy.manage' },
    },
    async (request) =>
      ok(
        await answerRequest(app.ctx, request.params.id, request.body, actorOf(request)),
        'Resposta registrada.',
      ),
  );
};
