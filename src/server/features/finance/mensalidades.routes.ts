/**
 * The tuition routes of /api/financeiro: the list and its export, generating and cancelling a run,
 * one tuition's quote, payment, cancellation, discount, PIX and receipt, and a family's reminder.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cotacaoSchema,
  gerarMensalidadesResultSchema,
  gerarMensalidadesPreviewSchema,
  cancelarLoteInputSchema,
  cancelarLoteResultSchema,
  mensalidadeDetailSchema,
  mensalidadeSchema,
  pagamentoResultSchema,
  pixSchema,
  cotacaoQuerySchema,
  cancelarMensalidadeInputSchema,
  descontoMensalidadeInputSchema,
  estornarPagamentoInputSchema,
  estornoResultSchema,
  formatMesReferencia,
  gerarMensalidadesInputSchema,
  listMensalidadesQuerySchema,
  mensalidadeStatusLabels,
  mensalidadesAposSaidaQuerySchema,
  mensalidadesAposSaidaSchema,
  registrarPagamentoInputSchema,
  type ListMensalidadesQuery,
  type Mensalidade,
  type MensalidadeStatus,
} from '../../../shared/mensalidades.schemas.js';
import { lembreteResultSchema, idParamsSchema } from '../../../shared/finance.schemas.js';
import { formatCount, formatDate } from '../../../shared/format.js';
import { actorOf, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse, pageOf } from '../../lib/responses.js';
import { recordAudit } from '../audit/index.js';
import { buildMensalidadePix, buildRecibo } from './finance.documents.js';
import { buildDeclaracaoIr, listDeclaracaoIrAnos } from './declaracao-ir.js';
import { declaracaoIrAnosSchema, declaracaoIrQuerySchema } from '../../../shared/declaracao-ir.schemas.js';
import { exportRows, type ExportColumn } from '../../lib/spreadsheet.js';
import { sendFile } from '../../lib/download.js';
import { financeScopeOf } from './finance.scope.js';
import {
  cancelledMessage,
  cancelMensalidade,
  discountMensalidade,
  registerPayment,
} from './payments.service.js';
import { reactivateMensalidade, reversePayment } from './estorno.service.js';
import { sendLembrete } from './lembretes.service.js';
import { cancelLote, generateMensalidades, type GenerationOutcome } from './mensalidades.generation.js';
import { getMensalidade, listMensalidades, quoteMensalidade } from './mensalidades.service.js';
import { mensalidadesAposSaida } from './mensalidades.saida.js';
import { clock } from '../../lib/clock.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { sharedReadsChanged } from './finance.shared-reads.js';
import { pixStateOf, wakePixSync } from './pix-cobranca.js';

const EXPORT_LIMIT = 10_000;

/** What 'Gerar mensalidades' tells the secretaria, including why nothing was created. */
const generationMessages: Record<GenerationOutcome, (criadas: number) => string> = {
  sem_turma_com_mensalidade: () =>
    'Nenhuma mensalidade gerada: nenhum aluno ativo está numa turma com mensalidade definida. Defina o valor de cada turma em Configurar.',
  fora_do_ano_letivo: () =>
    'Nenhuma mensalidade gerada: o período escolhido fica fora do ano letivo das turmas. As mensalidades seguem o ano letivo de cada turma.',
  nada_a_gerar: () =>
    'Nenhuma mensalidade gerada: neste período os alunos ainda não estavam matriculados, têm bolsa integral ou pagam pelo plano do contrato assinado.',
  ja_existiam: () => 'Nenhuma mensalidade nova: todas já existiam.',
  geradas: (criadas) => `${formatCount(criadas, 'mensalidade gerada', 'mensalidades geradas')}.`,
};

const statusInName: Record<MensalidadeStatus, string> = {
  pago: 'pagas',
  pendente: 'pendentes',
  vencido: 'vencidas',
  cancelado: 'canceladas',
  em_confirmacao: 'em-confirmacao',
};

/**
 * The exported file's name says what it holds: the month (or year, or every month), the status chosen,
 * and 'filtradas' when a search, a class, a student or a guardian narrowed it.
 */
export function exportName(query: Omit<ListMensalidadesQuery, 'format'>): string {
  const parts = ['mensalidades', query.mes || (query.ano ? String(query.ano) : 'todos-os-meses')];
  if (query.status && query.status !== 'todos') parts.push(statusInName[query.status]);
  if (query.q || query.turma_id || query.aluno_id || query.responsavel_id) parts.push('filtradas');
  return parts.join('-');
}

const mensalidadeColumns: ExportColumn<Mensalidade>[] = [
  { header: 'Aluno', value: (row) => row.aluno_nome },
  { header: 'Turma', value: (row) => row.turma_nome },
  { header: 'Referência', value: (row) => formatMesReferencia(row.mes_referencia) },
  { header: 'Vencimento', value: (row) => formatDate(row.data_vencimento) },
  { header: 'Valor', value: (row) => row.valor, money: true },
  { header: 'Status', value: (row) => mensalidadeStatusLabels[row.status] },
  { header: 'Multa', value: (row) => row.multa, money: true },
  { header: 'Juros', value: (row) => row.juros, money: true },
  { header: 'Valor atualizado', value: (row) => row.valor_atualizado, money: true },
  { header: 'Valor pago', value: (row) => row.valor_pago, money: true },
  { header: 'Pago em', value: (row) => formatDate(row.data_pagamento) },
];

export const mensalidadesRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'finance.read' } as const;
  const manage = { access: 'finance.manage' } as const;
  const db = () => app.ctx.db;
  /** A write on a mensalidade as of today, then the Pix sync woken: the charge at the bank follows it. */
  const thenSyncPix = async <T>(write: (today: string) => Promise<T>): Promise<T> => {
    const result = await write(clock.today());
    await wakePixSync(app.ctx);
    return result;
  };

  app.get(
    '/mensalidades',
    {
      schema: {
        querystring: listMensalidadesQuerySchema,
        // `taxas_matricula`: how many of `total` are enrolment fees (ADR 0108: the list names its kinds).
        // `responsavel_nome`: the guardian the school filtered by (`responsavel_id`), named on the list.
        response: okResponse(
          pageOf(mensalidadeSchema).extend({
            taxas_matricula: z.number().int(),
            responsavel_nome: z.string().nullable(),
          }),
        ),
      },
      config: read,
    },
    async (request, reply) => {
      const scope = await financeScopeOf(db(), signedInUser(request));
      const { format, ...query } = request.query;
      if (format === 'json') return ok(await listMensalidades(db(), query, scope, clock.today()));
      const page = await listMensalidades(
        db(),
        { ...query, page: 1, pageSize: EXPORT_LIMIT },
        scope,
        clock.today(),
      );
      await recordAudit(db(), actorOf(request), {
        action: 'exportar',
        entity: 'mensalidade',
        details: { formato: format, linhas: page.items.length },
      });
      return sendFile(reply, await exportRows(format, exportName(query), mensalidadeColumns, page.items));
    },
  );

  app.post(
    '/mensalidades/gerar',
    {
      schema: {
        body: gerarMensalidadesInputSchema,
        response: {
          ...okResponse(gerarMensalidadesResultSchema),
          ...createdResponse(gerarMensalidadesResultSchema),
        },
      },
      config: manage,
    },
    async (request, reply) => {
      const { outcome, loteId, ...summary } = await generateMensalidades(
        db(),
        request.body,
        actorOf(request),
      );
      const criadas = summary.mensalidades;
      // Their Pix charges are the job's work, in batches: a PSP that is down never fails the generation.
      if (criadas > 0) await wakePixSync(app.ctx);
      return reply
        .status(criadas > 0 ? 201 : 200)
        .send(ok({ ...summary, criadas, lote_id: loteId }, generationMessages[outcome](criadas)));
    },
  );

  // The preview: the same function as 'Gerar', without writing (counts and totals per class).
  app.post(
    '/mensalidades/gerar/simular',
    {
      schema: { body: gerarMensalidadesInputSchema, response: okResponse(gerarMensalidadesPreviewSchema) },
      config: manage,
    },
    async (request) => {
      const { outcome, mensalidades, valor_total, turmas } = await generateMensalidades(
        db(),
        request.body,
        actorOf(request),
        { dryRun: true },
      );
      return ok(
        { mensalidades, valor_total, turmas },
        outcome === 'geradas' ? undefined : generationMessages[outcome](0),
      );
    },
  );

  app.post(
    '/mensalidades/lotes/:id/cancelar',
    {
      schema: {
        params: idParamsSchema,
        body: cancelarLoteInputSchema,
        response: okResponse(cancelarLoteResultSchema),
      },
      config: manage,
    },
    async (request) => {
      const result = await cancelLote(db(), request.params.id, request.body.motivo, actorOf(request));
      await wakePixSync(app.ctx);
      const kept =
        result.mantidas > 0
          ? ` ${formatCount(result.mantidas, 'mensalidade com pagamento registrado foi mantida', 'mensalidades com pagamento registrado foram mantidas')}.`
          : '';
      return ok(
        result,
        `Geração desfeita: ${formatCount(result.canceladas, 'mensalidade cancelada', 'mensalidades canceladas')}.${kept}`,
      );
    },
  );

  app.post(
    '/responsaveis/:id/lembrete',
    { schema: { params: idParamsSchema, response: okResponse(lembreteResultSchema) }, config: manage },
    async (request) => {
      const user = signedInUser(request);
      const result = await sendLembrete(
        app.ctx,
        request.params.id,
        actorOf(request),
        { id: user.id, nivel: user.nivel },
        clock.today(),
      );
      const canais = result.canais.map((canal) => (canal === 'portal' ? 'portal' : 'e-mail')).join(' e ');
      return ok(
        result,
        `Lembrete de ${formatCount(result.mensalidades, 'mensalidade', 'mensalidades')} enviado a ${result.responsavel_nome} (${canais}).`,
      );
    },
  );

  app.get(
    '/mensalidades/:id',
    { schema: { params: idParamsSchema, response: okResponse(mensalidadeDetailSchema) }, config: read },
    async (request) => {
      const scope = await financeScopeOf(db(), signedInUser(request));
      const today = clock.today();
      const mensalidade = await getMensalidade(db(), request.params.id, scope, today);
      return ok({ ...mensalidade, pix: await pixStateOf(db(), mensalidade, today) });
    },
  );

  app.get(
    '/mensalidades/:id/cotacao',
    {
      schema: {
        params: idParamsSchema,
        querystring: cotacaoQuerySchema,
        response: okResponse(cotacaoSchema),
      },
      config: read,
    },
    async (request) => {
      const scope = await financeScopeOf(db(), signedInUser(request));
      const today = clock.today();
      return ok(await quoteMensalidade(db(), request.params.id, request.query.data ?? today, scope, today));
    },
  );

  app.post(
    '/mensalidades/:id/pagamento',
    {
      schema: {
        params: idParamsSchema,
        body: registrarPagamentoInputSchema,
        response: createdResponse(pagamentoResultSchema),
      },
      config: manage,
    },
    // The desk's dialog sends an Idempotency-Key (ADR 0053): 'Registrar' clicked again after an answer
    // lost on the school's Wi-Fi replays the first answer instead of recording the payment twice.
    async (request, reply) => {
      void reply.status(201);
      try {
        return await thenSyncPix((today) =>
          runIdempotent(db(), request, reply, signedInUser(request).id, async (tx) => {
            const result = await registerPayment(
              tx,
              request.params.id,
              request.body,
              actorOf(request),
              today,
            );
            return ok(
              result,
              result.mensalidade.status === 'pago'
                ? 'Pagamento registrado com sucesso!'
                : 'Pagamento parcial registrado; o restante continua em aberto.',
            );
          }),
        );
      } finally {
        // registerPayment's own transaction was nested in the key's: its figures go once that commits.
        await sharedReadsChanged(db());
      }
    },
  );

  app.get(
    '/mensalidades/apos-saida',
    {
      schema: {
        querystring: mensalidadesAposSaidaQuerySchema,
        response: okResponse(mensalidadesAposSaidaSchema),
      },
      config: manage,
    },
    async (request) => ok(await mensalidadesAposSaida(db(), request.query.aluno_id, request.query.data)),
  );

  // Cancelling a tuition and bringing a cancelled one back: each with a reason, audited.
  const withReason = [
    { path: 'cancelar', change: cancelMensalidade, message: 'Mensalidade cancelada.' },
    {
      path: 'reativar',
      change: reactivateMensalidade,
      message: 'Mensalidade reativada: está em aberto de novo.',
    },
  ] as const;
  for (const { path, change, message } of withReason)
    app.post(
      `/mensalidades/:id/${path}`,
      {
        schema: {
          params: idParamsSchema,
          body: cancelarMensalidadeInputSchema,
          response: okResponse(mensalidadeSchema),
        },
        config: manage,
      },
      async (request) => {
        const mensalidade = await thenSyncPix((today) =>
          change(db(), request.params.id, request.body.motivo, actorOf(request), today),
        );
        return ok(mensalidade, path === 'cancelar' ? await cancelledMessage(db(), mensalidade.id) : message);
      },
    );

  app.post(
    '/mensalidades/:id/pagamentos/:pagamentoId/estorno',
    {
      schema: {
        params: idParamsSchema.extend({ pagamentoId: idParamsSchema.shape.id }),
        body: estornarPagamentoInputSchema,
        response: okResponse(estornoResultSchema),
      },
      config: manage,
    },
    async (request) => {
      const { id, pagamentoId } = request.params;
      const result = await thenSyncPix((today) =>
        reversePayment(app.ctx, id, pagamentoId, request.body.motivo, actorOf(request), today),
      );
      const pix = result.pix_a_conciliar
        ? ' O Pix voltou para “Pix a conciliar”: vincule-o à mensalidade certa.'
        : '';
      return ok(result, `Pagamento estornado; a mensalidade está em aberto de novo.${pix}`);
    },
  );

  app.post(
    '/mensalidades/:id/desconto',
    {
      schema: {
        params: idParamsSchema,
        body: descontoMensalidadeInputSchema,
        response: okResponse(mensalidadeSchema),
      },
      config: manage,
    },
    async (request) => {
      const mensalidade = await thenSyncPix((today) =>
        discountMensalidade(db(), request.params.id, request.body, actorOf(request), today),
      );
      return ok(mensalidade, 'Desconto aplicado.');
    },
  );

  app.get(
    '/mensalidades/:id/pix',
    { schema: { params: idParamsSchema, response: okResponse(pixSchema) }, config: read },
    async (request) => {
      const scope = await financeScopeOf(db(), signedInUser(request));
      const pix = await buildMensalidadePix(db(), request.params.id, scope, clock.today());
      // The demo's simulated bank (PIX_PROVIDER=simulado) pays a charge's code, and the fixed code to the
      // school's key at that bank, on its own page.
      if (app.ctx.config.pixProvider === 'simulado' && pix.confirmacao_automatica)
        pix.simulacao_url = `/banco-simulado/pagar?codigo=${encodeURIComponent(pix.copia_e_cola)}`;
      return ok(pix);
    },
  );

  // The declaração para o Imposto de Renda is the family's own (the payer's), like its feed.
  const family = { access: 'guardians.self' } as const;
  app.get(
    '/declaracao-ir',
    { schema: { response: okResponse(declaracaoIrAnosSchema) }, config: family },
    async (request) => ok(await listDeclaracaoIrAnos(db(), signedInUser(request).id)),
  );

  app.get(
    '/declaracao-ir.pdf',
    { schema: { querystring: declaracaoIrQuerySchema }, config: family },
    async (request, reply) => {
      const file = await buildDeclaracaoIr(db(), signedInUser(request).id, request.query.ano);
      return sendFile(reply, { contentType: 'application/pdf', ...file });
    },
  );

  app.get(
    '/mensalidades/:id/recibo',
    { schema: { params: idParamsSchema }, config: read },
    async (request, reply) => {
      const scope = await financeScopeOf(db(), signedInUser(request));
      const recibo = await buildRecibo(db(), request.params.id, scope, clock.today());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${recibo.fileName}"`)
        .send(recibo.body);
    },
  );
};
