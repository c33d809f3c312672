import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { financeStatsSchema } from '../../../shared/finance.schemas.js';
import { ok } from '../../lib/http.js';
import { okResponse } from '../../lib/responses.js';
import { computeFinanceStats } from './finance.figures.js';
import { sharedRead } from './finance.shared-reads.js';
import { clock } from '../../lib/clock.js';
import { mensalidadesRoutes } from './mensalidades.routes.js';
import { comprovantesRoutes } from './comprovantes.routes.js';
import { transacoesRoutes } from './transacoes.routes.js';
import { financeSettingsRoutes } from './finance-settings.routes.js';
import { financeReportsRoutes } from './finance-reports.routes.js';
import { lembretesRoutes } from './lembretes.routes.js';

export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const figures = { access: 'finance.figures' } as const;
  const db = () => app.ctx.db;

  app.get('/stats', { schema: { response: okResponse(financeStatsSchema) }, config: figures }, async () => {
    const today = clock.today();
    return ok(await sharedRead(db(), `stats:${today}`, () => computeFinanceStats(db(), today)));
  });

  // The sub-families of /api/financeiro, each in its own file (the prefix is this plugin's).
  await app.register(mensalidadesRoutes);
  await app.register(comprovantesRoutes);
  await app.register(transacoesRoutes);
  await app.register(financeSettingsRoutes);
  await app.register(financeReportsRoutes);
  await app.register(lembretesRoutes);
};
