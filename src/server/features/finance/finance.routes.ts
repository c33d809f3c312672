import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alunoFinanceiroSchema,
  bolsaInputSchema,
  bolsaSchema,
  cotacaoSchema,
  financeSettingsSchema,
  financeStatsSchema,
  gerarMensalidadesResultSchema,
  mensalidadeDetailSchema,
  mensalidadeSchema,
  pagamentoResultSchema,
  pixSchema,
  relatorioSchema,
  transacaoSchema,
  cotacaoQuerySchema,
  cancelarMensalidadeInputSchema,
  descontoMensalidadeInputSchema,
  formatMesReferencia,
  gerarMensalidadesInputSchema,
  idParamsSchema,
  listMensalidadesQuerySchema,
  listTransacoesQuerySchema,
  mensalidadeStatusLabels,
  registrarPagamentoInputSchema,
  relatorioQuerySchema,
  relatorioTipos,
  transacaoInputSchema,
  updateFinanceSettingsInputSchema,
  type Mensalidade,
} from '../../../shared/finance.schemas.js';
import { formatCount, formatDate } from '../../../shared/format.js';
import { actorOf, expectedVersion, ok, signedInUser } from '../../lib/http.js';
import { createdResponse, okResponse, pageOf } from '../../lib/responses.js';
import { recordAudit } from '../audit/audit.service.js';
import { buildMensalidadePix, buildRecibo } from './finance.documents.js';
import { exportRows, type ExportColumn } from '../../lib/spreadsheet.js';
import { sendFile } from '../../lib/download.js';
import { reportCategorias, reportFluxo, reportInadimplencia } from './finance.reports.js';
import { financeScopeOf } from './finance.scope.js';
import { cancelMensalidade, discountMensalidade, registerPayment } from './payments.service.js';
import { computeFinanceStats } from './finance.figures.js';
import { createTransacao, deleteTransacao, listTransacoes, updateTransacao } from './transacoes.service.js';
import {
  generateMensalidades,
  type GenerationOutcome,
  getMensalidade,
  listMensalidades,
  quoteMensalidade,
} from './mensalidades.service.js';
import {
  getFinanceSettings,
  listAlunosFinanceiro,
  listBolsas,
  setBolsa,
  updateFinanceSettings,
} from './finance-settings.service.js';
import { sharedRead } from './finance.shared-reads.js';
import { clock } from '../../lib/clock.js';

const EXPORT_LIMIT = 10_000;

/** What 'Gerar mensalidades' tells the secretaria, including why nothing was created. */
const generationMessages: Record<GenerationOutcome, (criadas: number) => string> = {
  sem_turma_com_mensalidade: () =>
    'Nenhuma mensalidade gerada: nenhum aluno ativo está numa turma com mensalidade definida. Defina o valor de cada turma em Configurar.',
  nada_a_gerar: () =>
    'Nenhuma mensalidade gerada: neste período os alunos ainda não estavam matriculados ou têm bolsa integral.',
  ja_existiam: () => 'Nenhuma mensalidade nova: todas já existiam.',
  geradas: (criadas) => `${formatCount(criadas, 'mensalidade gerada', 'mensalidades geradas')}.`,
};

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

export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'finance.read' } as const;
  const manage = { access: 'finance.manage' } as const;
  const db = () => app.ctx.db;

  app.get('/stats', { schema: { response: okResponse(financeStatsSchema) }, config: manage }, async () => {
    const today = clock.today();
    return ok(await sharedRead(db(), `stats:${today}`, () => computeFinanceStats(db(), today)));
  });

  app.get(
    '/mensalidades',
    {
      schema: { querystring: listMensalidadesQuerySchema, response: okResponse(pageOf(mensalidadeSchema)) },
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
      return sendFile(
        reply,
        await exportRows(
          format,
          `mensalidades-${query.mes ?? query.ano ?? 'todas'}`,
          mensalidadeColumns,
          page.items,
        ),
      );
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
      const { criadas, outcome } = await generateMensalidades(db(), request.body, actorOf(request));
      return reply
        .status(criadas > 0 ? 201 : 200)
        .send(ok({ criadas }, generationMessages[outcome](criadas)));
    },
  );

  app.get(
    '/mensalidades/:id',
    { schema: { params: idParamsSchema, response: okResponse(mensalidadeDetailSchema) }, config: read },
    async (request) => {
      const scope = await financeScopeOf(db(), signedInUser(request));
      return ok(await getMensalidade(db(), request.params.id, scope, clock.today()));
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
    async (request, reply) => {
      const result = await registerPayment(
        db(),
        request.params.id,
        request.body,
        actorOf(request),
        clock.today(),
      );
      return reply
        .status(201)
        .send(
          ok(
            result,
            result.mensalidade.status === 'pago'
              ? 'Pagamento registrado com sucesso!'
              : 'Pagamento parcial registrado; o restante continua em aberto.',
          ),
        );
    },
  );

  app.post(
    '/mensalidades/:id/cancelar',
    {
      schema: {
        params: idParamsSchema,
        body: cancelarMensalidadeInputSchema,
        response: okResponse(mensalidadeSchema),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await cancelMensalidade(
          db(),
          request.params.id,
          request.body.motivo,
          actorOf(request),
          clock.today(),
        ),
        'Mensalidade cancelada.',
      ),
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
    async (request) =>
      ok(
        await discountMensalidade(db(), request.params.id, request.body, actorOf(request), clock.today()),
        'Desconto aplicado.',
      ),
  );

  app.get(
    '/mensalidades/:id/pix',
    { schema: { params: idParamsSchema, response: okResponse(pixSchema) }, config: read },
    async (request) => {
      const scope = await financeScopeOf(db(), signedInUser(request));
      return ok(await buildMensalidadePix(db(), request.params.id, scope, clock.today()));
    },
  );

  app.get(
    '/mensalidades/:id/recibo',
    { schema: { params: idParamsSchema }, config: read },
    async (request, reply) => {
      const scope = await financeScopeOf(db(), signedInUser(request));
      const recibo = await buildRecibo(
        db(),
        request.params.id,
        scope,
        clock.today(),
        await app.ctx.getSchoolName(),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${recibo.fileName}"`)
        .send(recibo.body);
    },
  );

  app.get(
    '/transacoes',
    {
      schema: {
        querystring: listTransacoesQuerySchema,
        response: okResponse(pageOf(transacaoSchema).extend({ soma: z.number().int() })),
      },
      config: manage,
    },
    async (request) => ok(await listTransacoes(db(), request.query)),
  );

  app.post(
    '/transacoes',
    { schema: { body: transacaoInputSchema, response: createdResponse(transacaoSchema) }, config: manage },
    async (request, reply) => {
      const created = await createTransacao(db(), request.body, actorOf(request));
      return reply
        .status(201)
        .send(ok(created, created.tipo === 'receita' ? 'Receita registrada!' : 'Despesa registrada!'));
    },
  );

  app.put(
    '/transacoes/:id',
    {
      schema: { params: idParamsSchema, body: transacaoInputSchema, response: okResponse(transacaoSchema) },
      config: manage,
    },
    async (request) => {
      const version = expectedVersion(request, request.body.version);
      return ok(
        await updateTransacao(db(), request.params.id, request.body, version, actorOf(request)),
        'Transação atualizada!',
      );
    },
  );

  app.delete(
    '/transacoes/:id',
    { schema: { params: idParamsSchema, response: okResponse(z.null()) }, config: manage },
    async (request) => {
      await deleteTransacao(db(), request.params.id, actorOf(request));
      return ok(null, 'Transação excluída.');
    },
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
      return ok(
        await updateFinanceSettings(db(), request.body, version, actorOf(request)),
        'Configurações financeiras salvas com sucesso',
      );
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
    ok(await listBolsas(db())),
  );

  app.put(
    '/bolsas/:id',
    {
      schema: { params: idParamsSchema, body: bolsaInputSchema, response: okResponse(z.array(bolsaSchema)) },
      config: manage,
    },
    async (request) => {
      await setBolsa(db(), request.params.id, request.body, actorOf(request));
      return ok(await listBolsas(db()), 'Bolsa salva.');
    },
  );

  app.get(
    '/relatorios/:tipo',
    {
      schema: {
        params: z.strictObject({ tipo: z.enum(relatorioTipos) }),
        querystring: relatorioQuerySchema,
        response: okResponse(relatorioSchema),
      },
      config: manage,
    },
    async (request, reply) => {
      const today = clock.today();
      const ano = request.query.ano ?? Number(today.slice(0, 4));
      const { format } = request.query;
      const { tipo } = request.params;
      if (format !== 'json') {
        await recordAudit(db(), actorOf(request), {
          action: 'exportar',
          entity: 'relatorio_financeiro',
          details: { tipo, ano, formato: format },
        });
      }
      if (tipo === 'fluxo') {
        const report = await reportFluxo(db(), ano);
        if (format === 'json') return ok(report);
        return sendFile(
          reply,
          await exportRows(
            format,
            `fluxo-de-caixa-${ano}`,
            [
              { header: 'Mês', value: (row) => formatMesReferencia(row.mes) },
              { header: 'Receitas', value: (row) => row.receitas, money: true },
              { header: 'Despesas', value: (row) => row.despesas, money: true },
              { header: 'Saldo do mês', value: (row) => row.saldo, money: true },
              { header: 'Acumulado', value: (row) => row.acumulado, money: true },
            ],
            report.linhas,
          ),
        );
      }
      if (tipo === 'inadimplencia') {
        const report = await reportInadimplencia(db(), ano, today);
        if (format === 'json') return ok(report);
        const rows = [
          ...report.por_turma.map((row) => ({ grupo: 'Turma', ...row })),
          ...report.por_responsavel.map((row) => ({ grupo: 'Responsável', ...row })),
        ];
        return sendFile(
          reply,
          await exportRows(
            format,
            `inadimplencia-${ano}`,
            [
              { header: 'Agrupamento', value: (row) => row.grupo },
              { header: 'Nome', value: (row) => row.nome },
              { header: 'Mensalidades vencidas', value: (row) => row.mensalidades_vencidas },
              { header: 'Valor em aberto', value: (row) => row.valor_em_aberto, money: true },
            ],
            rows,
          ),
        );
      }
      const report = await reportCategorias(db(), ano);
      if (format === 'json') return ok(report);
      return sendFile(
        reply,
        await exportRows(
          format,
          `categorias-${ano}`,
          [
            { header: 'Tipo', value: (row) => (row.tipo === 'receita' ? 'Receita' : 'Despesa') },
            { header: 'Categoria', value: (row) => row.categoria },
            { header: 'Lançamentos', value: (row) => row.quantidade },
            { header: 'Valor', value: (row) => row.valor, money: true },
          ],
          report.linhas,
        ),
      );
    },
  );
};
