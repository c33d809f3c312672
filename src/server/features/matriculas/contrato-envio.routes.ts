import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contratoSchema, enviarContratoResultSchema } from '../../../shared/contratos.schemas.js';
import { uuidParam } from '../../../shared/validators.js';
import { actorOf, ok } from '../../lib/http.js';
import { createdResponse, okResponse } from '../../lib/responses.js';
import { listarContratosDe } from './contratos.leitura.js';
import { enviarContrato } from './contratos.service.js';

const idParams = z.strictObject({ id: uuidParam });
const manage = { access: 'matriculas.manage' } as const;

/**
 * `POST /api/matriculas/interessados/:id/contrato`: freezes the contract and e-mails the signers (a
 * contract sent before is voided with its signatures); `GET …/:id/contratos`: the family's contracts.
 */
export const contratoEnvioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/contrato',
    { schema: { params: idParams, response: createdResponse(enviarContratoResultSchema) }, config: manage },
    async (request, reply) => {
      const sent = await enviarContrato(app.ctx, request.params.id, actorOf(request));
      return reply
        .status(201)
        .send(
          ok(
            { contrato_id: sent.contratoId, signatarios: sent.signatarios, anulados: sent.anulados },
            sent.anulados > 0
              ? 'Contrato reenviado; o anterior e as assinaturas dele foram anulados'
              : 'Contrato enviado para assinatura',
          ),
        );
    },
  );
  app.get(
    '/:id/contratos',
    { schema: { params: idParams, response: okResponse(z.array(contratoSchema)) }, config: manage },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await listarContratosDe(app.ctx.db, request.params.id));
    },
  );
};
