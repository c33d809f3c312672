import type { AppContext } from '../../context.js';
import { errorCodeOf } from '../../lib/log.js';

/** The job that brings the PSP's charges in line with the tuition (`cobrancas.sync.ts`, ADR 0041). */
export const SYNC_JOB = 'pix.sincronizar';

/**
 * Queues a sync run now (the provider settings changed: switched on, a new `validadeAposVencimento`).
 * Never fails the save: the job's minute schedule catches up when the queue cannot take it.
 */
export async function wakeSync(ctx: AppContext): Promise<void> {
  try {
    await ctx.jobs.enqueue(ctx.db, SYNC_JOB, {});
  } catch (error) {
    ctx.log.warn({ code: errorCodeOf(error) }, 'pix: sincronização das cobranças não enfileirada');
  }
}
