/**
 * The finance settings routes of /api/financeiro: the school's PIX key and fine rules (and the multa and
 * juros as the families read them), the students' finance figures, and scholarships.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alunoFinanceiroSchema,
  bolsaEfeitoSchema,
  bolsaInputSchema,
  bolsaSchema,
  encargosAtrasoSchema,
  financeSettingsSchema,
  idParamsSchema,
  updateFinanceSettingsInputSchema,
} from '../../../shared/finance.schemas.js';
import { actorOf, expectedVersion, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import {
  getEncargosAtraso,
  getFinanceSettings,
  listAlunosFinanceiro,
  listScholarships,
  setBolsa,
  updateFinanceSettings,
} from './finance-settings.service.js';
import { wakePixSync } from './pix-cobranca.js';
import { previewBolsa } from './bolsa.mensalidades.js';
import { forgetSharedReads } from './finance.shared-reads.js';

export const financeSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'finance.read' } as const;
  const manage = { access: 'finance.manage' } as const;
  const db = () => app.ctx.db;

  // The family's tuition page states the school's own multa and juros (never a figure of its own).
  app.get('/encargos', { schema: { response: okResponse(encargosAtrasoSchema) }, config: read }, async () =>
    ok(await getEncargosAtraso(db())),
  );

  app.get(
    '/configuracoes',
    { schema: { response: okResponse(financeSettingsSchema) }, config: manage },
    async () => ok(await getFinanceSettings(db())),
  );

  app.put(
    '/configuracoes',
    {
      schema: { body: updateFinanceSettingsInputSchema, response: okResponse(financeSettingsSchema) },
      config: manage,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      const saved = await updateFinanceSettings(db(), request.body, version, actorOf(request));
      // Multa, juros and the desconto de pontualidade are in every Pix charge: the open ones are revised.
      await wakePixSync(app.ctx);
      return ok(saved, 'Configurações financeiras salvas com sucesso');
    },
  );

  app.get(
    '/alunos',
    {
      schema: {
        querystring: z.strictObject({ q: z.string().trim().max(100).optional() }),
        response: okResponse(z.array(alunoFinanceiroSchema)),
      },
      config: manage,
    },
    async (request) => ok(await listAlunosFinanceiro(db(), request.query.q)),
  );

  app.get('/bolsas', { schema: { response: okResponse(z.array(bolsaSchema)) }, config: manage }, async () =>
    ok(await listScholarships(db())),
  );

  // What saving the bolsa would do to the months already generated: the screen asks before it (ADR 0130).
  app.post(
    '/bolsas/:id/simular',
    {
      schema: { params: idParamsSchema, body: bolsaInputSchema, response: okResponse(bolsaEfeitoSchema) },
      config: manage,
    },
    async (request) =>
      ok(await previewBolsa(db(), request.params.id, Math.round(request.body.percentual * 100))),
  );

  app.put(
    '/bolsas/:id',
    {
      schema: { params: idParamsSchema, body: bolsaInputSchema, response: okResponse(z.array(bolsaSchema)) },
      config: manage,
    },
    async (request) => {
      const efeito = await setBolsa(db(), request.params.id, request.body, actorOf(request));
      if (efeito.mudou) {
        // The figures and the months' Pix charges follow at once (revised, or withdrawn when cancelled).
        forgetSharedReads(db());
        await wakePixSync(app.ctx);
      }
      const saved = request.body.percentual === 0 ? 'Bolsa removida.' : 'Bolsa salva.';
      return ok(await listScholarships(db()), `${saved} ${efeito.mensagem}`);
    },
  );
};
