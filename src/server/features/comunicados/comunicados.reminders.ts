/**
 * The reminder a notice's manager sends to the families who have not read it or not confirmed it yet.
 */
import { sql } from 'drizzle-orm';
import type { LembreteResult } from '../../../shared/comunicados.schemas.js';
import type { AppContext } from '../../context.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { auditRows, enforceWriteLimits, WRITE_LIMITS } from '../../lib/write-limits.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { type Author, managedRow, removedConflict } from './comunicados.access.js';
import { audienceQuery } from './comunicados.audience.js';
import { queueFanOut } from './comunicados.fanout.js';

/**
 * 'Reenviar lembrete': the audience is resolved again — families who joined since publication receive
 * the notice now — and those who have not read it (or not confirmed the text in force, when it asks) are
 * reminded — both in the background (comunicados.fanout.ts). Only whoever manages the notice now (noticeAccess): a teacher no longer in the class cannot.
 */
export async function sendReminder(
  ctx: AppContext,
  user: Author,
  id: string,
  actor: Actor,
): Promise<LembreteResult> {
  const now = clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    // A reminder goes again to every family still pending: so many a day per author (ADR 0018).
    await enforceWriteLimits(tx, user, 'lembretes', [
      { limit: WRITE_LIMITS.lembretes, source: auditRows(user.id, 'comunicado', ['lembrete']) },
    ]);
    const row = await managedRow(tx, user, id, true);
    if (row.removidoEm) throw removedConflict();
    if (!row.publicadoEm) throw new AppError('CONFLICT', 'O comunicado ainda não foi publicado.');
    // Those still pending first (the families added below were delivered now, not reminded)…
    const pending = row.exigeCiente ? sql`ciente_em is null` : sql`lido_em is null`;
    const lembrados = await queueFanOut(
      ctx,
      tx,
      id,
      'lembrete',
      sql`update comunicado_destinatarios set lembrete_em = ${now}
      where comunicado_id = ${id}::uuid and ${pending}
      returning usuario_id`,
    );
    // …then the families who joined since publication: recorded and told as at publication.
    const novos = await queueFanOut(
      ctx,
      tx,
      id,
      'novo',
      sql`insert into comunicado_destinatarios (comunicado_id, usuario_id, aluno_ids, entregue_em)
      select ${id}::uuid, a.usuario_id, a.aluno_ids, ${now}
      from (${audienceQuery(row.publico)}) a
      on conflict do nothing
      returning usuario_id`,
    );
    await recordAudit(tx, actor, {
      action: 'lembrete',
      entity: 'comunicado',
      entityId: id,
      details: { lembrados, novos },
    });
    return { lembrados, novos };
  });
  ctx.jobs.wake();
  return result;
}
