/**
 * A student who leaves the school (transferred, inactive, graduated at the year's end) leaves no monthly
 * Pix debit behind, nor does a guardian unlinked from a student (a debit from the account of someone no
 * longer the child's guardian, who can no longer see or cancel it): the recurrence ends in the change's
 * transaction — no further charge is sent — and the PSP is told once it commits, so the payer's bank app
 * shows it ended too. Registered in index.ts through the students module's hooks.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { pixRecorrencias } from '../../db/schema/pix-recorrencias.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../audit/index.js';
import type { DepartureHandler, UnlinkHandler } from '../students/index.js';
import { cancelAtPsp, encerrarRecorrencia } from './pix-automatico.service.js';

/** Ends the live recurrences `which` picks; answers the PSP's part, to run after the commit. */
async function endLive(
  ctx: AppContext,
  tx: DbOrTx,
  which: SQL | undefined,
  actor: Actor,
  motivo: string,
): Promise<(() => void) | undefined> {
  const live = await tx
    .select()
    .from(pixRecorrencias)
    .where(and(which, inArray(pixRecorrencias.status, ['aguardando', 'ativa'])))
    .for('update');
  if (live.length === 0) return undefined;
  for (const row of live) await encerrarRecorrencia(tx, row, 'escola', actor, motivo);
  const idRecs = live.map((row) => row.idRec);
  return () => void cancelAtPsp(ctx, idRecs);
}

export const endDebitsOnDeparture: DepartureHandler = async (ctx, tx, alunoIds, actor, departure) => {
  const after = await endLive(ctx, tx, inArray(pixRecorrencias.alunoId, [...alunoIds]), actor, 'aluno_saiu');
  if (!after) return undefined;
  return {
    after,
    ...(departure ? { resumo: 'O débito automático (Pix Automático) da família foi cancelado.' } : {}),
  };
};

export const endDebitsOfUnlinkedGuardian: UnlinkHandler = async (ctx, tx, unlink, actor) => {
  const which = and(
    eq(pixRecorrencias.alunoId, unlink.alunoId),
    eq(pixRecorrencias.responsavelId, unlink.responsavelId),
  );
  const after = await endLive(ctx, tx, which, actor, 'responsavel_desvinculado');
  if (!after) return undefined;
  return { after, resumo: 'O débito automático (Pix Automático) da conta deste responsável foi cancelado.' };
};
