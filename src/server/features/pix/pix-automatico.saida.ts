/**
 * A student who leaves the school (transferred, inactive, graduated at the year's end) leaves no monthly
 * Pix debit behind: the recurrence ends in the departure's transaction — no further charge is sent —
 * and the PSP is told once it commits, so the family's bank app shows it ended too. Registered in
 * index.ts through the students module's departure hook.
 */
import { and, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { pixRecorrencias } from '../../db/schema/pix-recorrencias.js';
import { errorCodeOf } from '../../lib/log.js';
import type { DepartureHandler } from '../students/index.js';
import { encerrarRecorrencia, pixAutomaticoApiOf } from './pix-automatico.service.js';

/** Tells the PSP, one recurrence at a time; a refusal (already ended there) or an outage is only logged. */
async function cancelAtPsp(ctx: AppContext, idRecs: readonly string[]): Promise<void> {
  const psp = await pixAutomaticoApiOf(ctx).catch(() => null);
  for (const idRec of idRecs)
    await psp?.api.cancelRec(idRec).catch((error: unknown) => {
      // The portal sends no further charge either way; the bank's app may show it a while longer.
      ctx.log.warn({ code: errorCodeOf(error) }, 'pix automático: cancelamento no banco não confirmado');
    });
}

export const endDebitsOnDeparture: DepartureHandler = async (ctx, tx, alunoIds, actor, departure) => {
  const live = await tx
    .select()
    .from(pixRecorrencias)
    .where(
      and(
        inArray(pixRecorrencias.alunoId, [...alunoIds]),
        inArray(pixRecorrencias.status, ['aguardando', 'ativa']),
      ),
    )
    .for('update');
  if (live.length === 0) return undefined;
  for (const row of live) await encerrarRecorrencia(tx, row, 'escola', actor, 'aluno_saiu');
  const idRecs = live.map((row) => row.idRec);
  return {
    after: () => void cancelAtPsp(ctx, idRecs),
    ...(departure ? { resumo: 'O débito automático (Pix Automático) da família foi cancelado.' } : {}),
  };
};
