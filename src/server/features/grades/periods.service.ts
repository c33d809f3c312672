import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { PeriodStatus } from '../../../shared/grades.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { classes } from '../../db/schema/classes.js';
import { classesInScope, type RecordsScope } from '../students/index.js';
import { notifyPublishedPeriod } from '../notificacoes/index.js';
import { periodStates } from '../../db/schema/grades.js';
import { periodContextOf, periodStatesFor } from '../calendar/index.js';
import type { AuditAction } from '../../../shared/audit-actions.js';

export type PeriodAction = 'fechar' | 'reabrir' | 'publicar';

const actionLabels: Record<PeriodAction, AuditAction> = {
  fechar: 'fechar_periodo',
  reabrir: 'reabrir_periodo',
  publicar: 'publicar_periodo',
};

/**
 * The classes of the period's year (by `ano_letivo`), with the state of the period in each: for a
 * teacher only the classes they teach (the grade book's scope), for an administrator every class.
 */
export async function getPeriodStatus(
  db: DbOrTx,
  periodoId: string,
  scope: RecordsScope = { kind: 'all' },
): Promise<PeriodStatus> {
  const context = await periodContextOf(db, periodoId);
  const rows = await db
    .select({ id: classes.id, nome: classes.nome })
    .from(classes)
    .where(and(eq(classes.anoLetivo, String(context.year.ano)), classesInScope(scope)))
    .orderBy(asc(classes.nome));
  const turmas = [];
  for (const row of rows) {
    const state = (await periodStatesFor(db, [context.period], row.id)).get(periodoId)!;
    turmas.push({ turma_id: row.id, turma_nome: row.nome, ...state });
  }
  return {
    periodo: { id: periodoId, nome: context.nome, data_fechamento: context.period.dataFechamento },
    turmas,
  };
}

/**
 * POST /api/periodos/:id/fechar|reabrir|publicar — for one class, or (no class) the whole school: the
 * school row changes and the classes' own closing marks are cleared, so every class follows it.
 * Publishing needs the period closed (for that class, or for every class of the school).
 */
export async function changePeriodState(
  ctx: AppContext,
  periodoId: string,
  action: PeriodAction,
  input: { turma_id?: string | undefined; publicado?: boolean | undefined },
  actor: Actor,
): Promise<PeriodStatus> {
  const context = await periodContextOf(ctx.db, periodoId);
  if (context.yearClosed && action === 'reabrir')
    throw conflict(
      `O ano letivo ${String(context.year.ano)} foi encerrado: seus períodos não podem ser reabertos.`,
    );
  const turmaId = input.turma_id ?? null;
  if (turmaId) {
    const [turma] = await ctx.db
      .select({ anoLetivo: classes.anoLetivo })
      .from(classes)
      .where(eq(classes.id, turmaId));
    if (!turma) throw notFound('Turma não encontrada.');
    if (turma.anoLetivo !== String(context.year.ano))
      throw conflict(`A turma é do ano letivo ${turma.anoLetivo}, não de ${String(context.year.ano)}.`);
  }
  const publishing = action === 'publicar' && input.publicado !== false;
  /** The classes concerned and whether the period is published in each (before, then after). */
  const publishedIn = async (tx: DbOrTx) =>
    turmaId
      ? [{ turma_id: turmaId, ...(await periodStatesFor(tx, [context.period], turmaId)).get(periodoId)! }]
      : (await getPeriodStatus(tx, periodoId)).turmas;
  await ctx.db.transaction(async (tx) => {
    // Reopening a published period keeps it published (the families keep their boletim); the audit
    // says in which classes, and the grid records each change made meanwhile as after publication.
    const reopenedPublished =
      action === 'reabrir' ? (await publishedIn(tx)).filter((state) => state.publicado).length : 0;
    let unpublished = new Set<string>();
    if (publishing) {
      const status = await publishedIn(tx);
      if (status.some((state) => !state.fechado))
        throw conflict(
          `Feche o ${context.nome} antes de publicá-lo: com ele aberto, as notas ainda podem mudar.`,
        );
      unpublished = new Set(status.filter((state) => !state.publicado).map((state) => state.turma_id));
    }
    const patch =
      action === 'publicar' ? { publicado: input.publicado !== false } : { fechado: action === 'fechar' };
    await tx
      .insert(periodStates)
      .values({ periodoId, turmaId, ...patch, alteradoPorNome: actor.nome, updatedAt: clock.now() })
      .onConflictDoUpdate({
        target: [periodStates.periodoId, periodStates.turmaId],
        set: { ...patch, alteradoPorNome: actor.nome, updatedAt: clock.now() },
      });
    if (!turmaId) {
      // The whole school: the classes follow the school row again.
      await tx
        .update(periodStates)
        .set(action === 'publicar' ? { publicado: null } : { fechado: null })
        .where(and(eq(periodStates.periodoId, periodoId), isNotNull(periodStates.turmaId)));
    }
    await recordAudit(tx, actor, {
      action:
        action === 'publicar' && input.publicado === false ? 'despublicar_periodo' : actionLabels[action],
      entity: 'periodo',
      entityId: periodoId,
      details: {
        periodo: context.nome,
        ano: context.year.ano,
        turma_id: turmaId,
        ...(reopenedPublished > 0 ? { publicado_em_turmas: reopenedPublished } : {}),
      },
    });
    if (publishing && unpublished.size > 0) {
      // The families of the classes where the boletim has just become visible (not those published before).
      const now = await publishedIn(tx);
      await notifyPublishedPeriod(ctx, tx, {
        periodoNome: `${context.nome} de ${String(context.year.ano)}`,
        turmaIds: now
          .filter((state) => state.publicado && unpublished.has(state.turma_id))
          .map((state) => state.turma_id),
      });
    }
  });
  return getPeriodStatus(ctx.db, periodoId);
}
