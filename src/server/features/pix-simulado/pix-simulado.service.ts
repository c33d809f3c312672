import { inArray } from 'drizzle-orm';
import { pixProvedorInputSchema } from '../../../shared/pix-provedor.schemas.js';
import type { AppContext } from '../../context.js';
import { pixCobrancas } from '../../db/schema/pix-cobrancas.js';
import { systemActor } from '../audit/index.js';
import type { SimulatedBank } from '../banco-simulado/index.js';
import { SYNC_JOB, updatePixAutomaticoConfig, updatePixProvedor } from '../pix/index.js';
import { provedorDoBancoSimulado } from './provedor.js';

/**
 * Points the school's Pix automático at the bank just started, through the same service the settings
 * screen uses (secrets sealed with the installation's key, the webhook registered with the bank). A new
 * bank knows none of the charges an earlier run created (a restarted demo): those still open are sent
 * again (same txid, status pendente), then the charges' job is woken.
 */
export async function connectToSimulatedBank(ctx: AppContext, bank: SimulatedBank): Promise<void> {
  const input = pixProvedorInputSchema.parse(provedorDoBancoSimulado(bank));
  const saved = await updatePixProvedor(ctx, input, undefined, systemActor);
  if (saved.provedor.webhook.status === 'erro')
    ctx.log.warn({ mensagem: saved.mensagem }, 'banco simulado: webhook não cadastrado');
  // Pix Automático too (the families' 'Débito automático via Pix'), its webhooks registered with the bank.
  const automatico = await updatePixAutomaticoConfig(
    ctx,
    { ativo: true, agencia: '0001', conta: '1234567', tipo_conta: 'CORRENTE' },
    systemActor,
  );
  if (automatico.config.indisponivel || !automatico.config.ativo)
    ctx.log.warn({ mensagem: automatico.mensagem }, 'banco simulado: Pix Automático não ligado');
  await ctx.db
    .update(pixCobrancas)
    .set({
      status: 'pendente',
      location: null,
      erro: null,
      tentativas: 0,
      proximaTentativa: null,
      reservadaAte: null,
    })
    .where(inArray(pixCobrancas.status, ['ativa', 'erro']));
  await ctx.jobs.enqueue(ctx.db, SYNC_JOB, {});
}
