/**
 * The boleto's routes (issue 36 §1, ADR 0055). `boletoRoutes` at /api/financeiro/boleto: the agreement
 * (administrator) and a class's boletos of a month in one PDF (the school's finance staff).
 * `boletoMensalidadeRoutes` at /api/financeiro/mensalidades/:id: one mensalidade's boleto and its PDF,
 * for the school and for the family of that student (any other id answers 404).
 */
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boletoConfigInputSchema,
  boletoConfigSchema,
  boletoDisponivelSchema,
  boletoLoteQuerySchema,
  boletoSchema,
} from '../../../shared/boleto.schemas.js';
import { idParamsSchema } from '../../../shared/finance.schemas.js';
import { jobSlots } from '../../db/schema/jobs.js';
import { clock } from '../../lib/clock.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { systemActor } from '../audit/index.js';
import { buildBoletoPdf, buildLotePdf } from './boleto.documents.js';
import {
  agreementOf,
  emitirBoletosPendentes,
  getBoletoConfig,
  issueBoletoFor,
  loadBoletoConfig,
  updateBoletoConfig,
} from './boleto.service.js';

export const BOLETO_EMISSAO_JOB = 'boleto.emitir';

export const boletoRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'settings.manage' } as const;
  const manage = { access: 'finance.manage' } as const;

  app.get(
    '/configuracao',
    { schema: { response: okResponse(boletoConfigSchema) }, config: admin },
    async () => ok(await getBoletoConfig(app.ctx.db)),
  );

  app.put(
    '/configuracao',
    { schema: { body: boletoConfigInputSchema, response: okResponse(boletoConfigSchema) }, config: admin },
    async (request) => {
      const saved = await updateBoletoConfig(app.ctx.db, request.body, actorOf(request));
      if (saved.ativo) await app.ctx.jobs.enqueue(app.ctx.db, BOLETO_EMISSAO_JOB, {});
      return ok(saved, 'Configurações do boleto salvas.');
    },
  );

  app.get(
    '/disponivel',
    { schema: { response: okResponse(boletoDisponivelSchema) }, config: { access: 'finance.read' } },
    async () => {
      const agreement = agreementOf(await loadBoletoConfig(app.ctx.db));
      return ok({ disponivel: agreement !== null, banco_nome: agreement?.banco.nome ?? null });
    },
  );

  app.get(
    '/lote.pdf',
    { schema: { querystring: boletoLoteQuerySchema }, config: manage },
    async (request, reply) => {
      const { turma_id, mes_referencia } = request.query;
      const pdf = await buildLotePdf(app.ctx.db, turma_id, mes_referencia, actorOf(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'no-store')
        .header('x-boletos-sem-cpf', String(pdf.puladas.length))
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .send(pdf.body);
    },
  );

  // With generation (ADR 0055): open mensalidades without a boleto get one, a few minutes after they
  // appear; the schedule is cheap when the school does not issue boletos.
  app.ctx.jobs.handle(BOLETO_EMISSAO_JOB, async () => {
    await emitirBoletosPendentes(app.ctx.db, systemActor);
    // The 10-minute slots matter only while their slot lasts.
    await app.ctx.db
      .delete(jobSlots)
      .where(and(eq(jobSlots.name, BOLETO_EMISSAO_JOB), lt(jobSlots.createdAt, clock.ago(3_600_000))));
  });
  let lastSlot: string | null = null;
  app.ctx.jobs.schedule({
    name: BOLETO_EMISSAO_JOB,
    kind: BOLETO_EMISSAO_JOB,
    slotOf: async (now) => {
      // Every 10 minutes, while the school issues boletos.
      const slot = `${now.toISOString().slice(0, 15)}0`;
      if (slot === lastSlot) return null;
      lastSlot = slot;
      return (await loadBoletoConfig(app.ctx.db)).ativo ? slot : null;
    },
  });
};

export const boletoMensalidadeRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'finance.read' } as const;

  app.get(
    '/boleto',
    { schema: { params: idParamsSchema, response: okResponse(boletoSchema) }, config: read },
    async (request, reply) => {
      const issued = await issueBoletoFor(
        app.ctx.db,
        signedInUser(request),
        request.params.id,
        actorOf(request),
      );
      reply.header('cache-control', 'no-store');
      return ok(issued.boleto);
    },
  );

  app.get('/boleto.pdf', { schema: { params: idParamsSchema }, config: read }, async (request, reply) => {
    const pdf = await buildBoletoPdf(app.ctx.db, signedInUser(request), request.params.id, actorOf(request));
    return reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
      .send(pdf.body);
  });
};
