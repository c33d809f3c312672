/**
 * The finance report routes of /api/financeiro: cash flow, defaults and categories, on screen or
 * exported (each export audited).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { relatorioSchema, relatorioQuerySchema, relatorioTipos } from '../../../shared/finance.schemas.js';
import { formatMesReferencia } from '../../../shared/mensalidades.schemas.js';
import { formatPhone } from '../../../shared/format.js';
import { actorOf, ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { recordAudit } from '../audit/index.js';
import { exportRows } from '../../lib/spreadsheet.js';
import { sendFile } from '../../lib/download.js';
import { reportCategorias, reportFluxo, reportInadimplencia } from './finance.reports.js';
import { clock } from '../../lib/clock.js';

export const financeReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { access: 'finance.figures' } as const;
  const db = () => app.ctx.db;

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
          ...report.por_turma.map((row) => ({ grupo: 'Turma', telefone: null, ...row })),
          ...report.por_responsavel.map((row) => ({ grupo: 'Responsável', ...row })),
          // The screen's totals, so the file carries the whole report's sums (each group above adds up to them).
          { grupo: 'Total', nome: 'Todas as cobranças vencidas', telefone: null, ...report.totais },
        ];
        return sendFile(
          reply,
          await exportRows(
            format,
            `inadimplencia-${ano}`,
            [
              { header: 'Agrupamento', value: (row) => row.grupo },
              { header: 'Nome', value: (row) => row.nome },
              // Each kind in its own column (ADR 0103): a fee is not a month of tuition.
              { header: 'Mensalidades vencidas', value: (row) => row.mensalidades_vencidas },
              { header: 'Taxas de matrícula vencidas', value: (row) => row.taxas_matricula_vencidas },
              { header: 'Valor em aberto', value: (row) => row.valor_em_aberto, money: true },
              {
                header: 'Atualizado hoje (com multa e juros)',
                value: (row) => row.valor_atualizado,
                money: true,
              },
              {
                header: 'Em negociação (cobranças)',
                value: (row) =>
                  row.em_negociacao.mensalidades_vencidas + row.em_negociacao.taxas_matricula_vencidas,
              },
              {
                header: 'Em negociação (valor em aberto)',
                value: (row) => row.em_negociacao.valor_em_aberto,
                money: true,
              },
              { header: 'Telefone', value: (row) => (row.telefone ? formatPhone(row.telefone) : '') },
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
