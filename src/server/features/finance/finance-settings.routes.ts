/**
 * The finance settings routes of /api/financeiro: the school's PIX key and fine rules (and the multa and
 * juros as the families read them), the students' finance figures, and scholarships.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alunoFinanceiroSchema,
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

  app.put(
    '/bolsas/:id',
    {
      schema: { params: idParamsSchema, body: bolsaInputSchema, response: okResponse(z.array(bolsaSchema)) },
      config: manage,
    },
    async (request) => {
      await setBolsa(db(), request.params.id, request.body, actorOf(request));
      return ok(await listScholarships(db()), 'Bolsa salva.');
    },
  );
};
