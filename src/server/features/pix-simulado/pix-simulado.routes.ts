/**
 * `/banco-simulado` (PIX_PROVIDER=simulado only): starts the simulated bank, connects the school to it
 * as a secretaria would (the provider settings saved through the pix service, secrets sealed, on, the
 * webhook registered with the bank — which here accepts the demo's http:// URL), and serves the bank's
 * 'Pagar (simulação)' page. The bank lives as long as the app (closed with it).
 */
import type { FastifyPluginAsync } from 'fastify';
import { paginaDePagamento, startSimulatedBank } from '../banco-simulado/index.js';
import { paginaDeBoletos } from '../cnab-simulado/index.js';
import { loadSettings } from '../finance/index.js';
import { SYNC_JOB } from '../pix/index.js';
import { connectToSimulatedBank } from './pix-simulado.service.js';

export const pixSimuladoRoutes: FastifyPluginAsync = async (app) => {
  const bank = await startSimulatedBank({
    port: app.ctx.config.pixSimuladoPort ?? 0,
    allowHttpWebhook: true,
    // The demo school's key, the one its fixed code carries too (demo/seed-finance.ts).
    chave: 'pix@escola.demo',
    // The payee of a debit's authorisation: the name the school's Pix codes carry (its Pix settings).
    nomeDoRecebedor: async () => (await loadSettings(app.ctx.db)).pixBeneficiario,
  });
  app.addHook('onClose', async () => bank.close());
  await connectToSimulatedBank(app.ctx, bank);
  // The demo school is seeded after the app is built: wake the charges' job again once it listens.
  app.addHook('onReady', async () => {
    await app.ctx.jobs.enqueue(app.ctx.db, SYNC_JOB, {});
  });
  app.log.info({ api: bank.baseUrl }, 'banco simulado (PIX_PROVIDER=simulado) ligado ao Pix automático');
  await app.register(paginaDePagamento, { bank });
  // Boleto registrado (issue 36): the same bank reads the school's CNAB 240 remessa and writes its retorno.
  await app.register(paginaDeBoletos);
};
