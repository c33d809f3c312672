/**
 * Closing the year and applying the rematrícula as background tasks (issue 38, ADR 0062). At 50,000
 * students each takes minutes (every student's boletim decides their situation), longer than a request
 * should wait and than a person keeps a screen open without news. The request checks what it can at once
 * (409 with the reason), records a task and queues a job in one transaction, and answers 202; the job
 * does the work, writing its progress on the task's row, which any instance reads for the screen
 * ('Fechando o ano: 12.400 de 50.000 alunos'), also after a reload.
 *
 * Atomicity: the closing's writes and the rematrícula's are each ONE transaction, as before (all or
 * nothing). The counting of situations is a read. So a job cut short (its instance died: the queue's lease
 * runs out and another instance takes it) runs again from the start and ends the same: the closing finds
 * the year closed and only counts, the rematrícula finds itself applied and answers the recorded result.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  gradeNoticesOf,
  type FinalRecoveryPendencies,
  type YearEndTask,
  type YearEndTaskKind,
} from '../../../shared/year-end.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { yearClosures } from '../../db/schema/grades.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { yearEndTasks, type YearEndTaskRow } from '../../db/schema/year-end-tasks.js';
import { clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { formatCount } from '../../../shared/format.js';
import type { Viewer } from '../classes/index.js';
import type { Actor } from '../audit/index.js';
import { applyRematricula } from './rematricula-apply.service.js';
import {
  applyBlock,
  checkClosingPendencies,
  closingBlock,
  closingCounts,
  recordClosing,
  yearOf,
  type RematriculaAdjustments,
} from './year-end.service.js';

export const YEAR_END_TASK_JOB = 'ano_letivo_tarefa';

interface TaskPayload {
  tarefaId: string;
  viewer: Viewer;
  actor: Actor;
  ajustes?: RematriculaAdjustments;
  /** Closing: the recuperação final left pending, confirmed (ADR 0097). */
  pendencias?: FinalRecoveryPendencies | null;
}

const count = (value: number) => value.toLocaleString('pt-BR');

function messageOf(row: YearEndTaskRow): string {
  const fechando = row.tipo === 'encerramento';
  if (row.status === 'na_fila') return 'Na fila: começa em instantes.';
  if (row.status === 'falhou') return row.erro ?? 'Não foi possível concluir.';
  if (row.status === 'concluida' && fechando) return 'Ano letivo encerrado.';
  // The subjects a class changing stage left out of its grade (ADR 0133), told with the outcome.
  if (row.status === 'concluida')
    return [
      'Rematrícula aplicada.',
      ...((row.resultado as YearEndTask['resultado'])?.avisos_grade ?? []),
    ].join(' ');
  if (row.etapa === 'gravando') return 'Gravando a rematrícula de todos os alunos de uma vez…';
  if (row.total === 0) return fechando ? 'Fechando o ano…' : 'Preparando a rematrícula…';
  const what = fechando ? 'Fechando o ano' : 'Preparando a rematrícula';
  return `${what}: ${count(row.feitos)} de ${formatCount(row.total, 'aluno', 'alunos')}`;
}

function toTask(row: YearEndTaskRow): YearEndTask {
  return {
    id: row.id,
    ano_letivo_id: row.anoLetivoId,
    tipo: row.tipo,
    status: row.status,
    etapa: row.etapa,
    feitos: row.feitos,
    total: row.total,
    mensagem: messageOf(row),
    resultado: (row.resultado as YearEndTask['resultado']) ?? null,
    erro: row.erro,
    iniciado_por_nome: row.iniciadoPorNome,
    criado_em: row.criadoEm.toISOString(),
    concluido_em: row.concluidoEm?.toISOString() ?? null,
    url: `/api/anos-letivos/${row.anoLetivoId}/tarefas/${row.id}`,
  };
}

/**
 * POST …/encerrar?segundo_plano=true and …/rematricula?segundo_plano=true: what can be refused is refused
 * now (409); a task of the same kind already waiting or running for the year is answered as is (a double
 * click starts nothing twice).
 */
export async function startYearEndTask(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  tipo: YearEndTaskKind,
  actor: Actor,
  ajustes?: RematriculaAdjustments,
  /** Closing: the administrator confirmed closing with the recuperação final pending. */
  confirmed = false,
): Promise<YearEndTask> {
  const year = await yearOf(ctx.db, id);
  // Closing with the recuperação final pending needs the confirmation (409 now, not in the task).
  let pendencias: FinalRecoveryPendencies | null = null;
  if (tipo === 'encerramento') {
    const [closed] = await ctx.db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, id));
    if (!closed && !closingBlock(year, clock.today()))
      pendencias = await checkClosingPendencies(ctx.db, viewer, year, confirmed);
  }
  return ctx.db.transaction(async (tx) => {
    // Two starts at once for the same year take turns here.
    await tx.select({ id: schoolYears.id }).from(schoolYears).where(eq(schoolYears.id, id)).for('update');
    const [running] = await tx
      .select()
      .from(yearEndTasks)
      .where(
        and(
          eq(yearEndTasks.anoLetivoId, id),
          eq(yearEndTasks.tipo, tipo),
          inArray(yearEndTasks.status, ['na_fila', 'executando']),
        ),
      )
      .limit(1);
    if (running) return toTask(running);
    const [closure] = await tx.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, id));
    const today = clock.today();
    if (tipo === 'encerramento') {
      if (closure) throw conflict(`O ano letivo ${String(year.ano)} já foi encerrado.`);
      const early = closingBlock(year, today);
      if (early) throw conflict(early);
    } else {
      if (!closure)
        throw conflict(`Encerre o ano letivo ${String(year.ano)} antes de aplicar a rematrícula.`);
      if (closure.rematriculaEm) throw conflict(`A rematrícula de ${String(year.ano)} já foi aplicada.`);
      const early = applyBlock(year, today);
      if (early) throw conflict(early);
    }
    const now = clock.now();
    const [row] = await tx
      .insert(yearEndTasks)
      .values({
        anoLetivoId: id,
        tipo,
        iniciadoPorNome: actor.nome ?? 'Sistema',
        criadoEm: now,
        atualizadoEm: now,
      })
      .returning();
    const payload: TaskPayload = {
      tarefaId: row!.id,
      viewer,
      actor,
      ...(ajustes ? { ajustes } : {}),
      ...(pendencias ? { pendencias } : {}),
    };
    await ctx.jobs.enqueue(tx, YEAR_END_TASK_JOB, payload);
    return toTask(row!);
  });
}

/** The job: does the task's work, recording its progress; idempotent (see the top of this file). */
export async function runYearEndTask(ctx: AppContext, payload: unknown): Promise<void> {
  const { tarefaId, viewer, actor, ajustes, pendencias } = payload as TaskPayload;
  const [task] = await ctx.db.select().from(yearEndTasks).where(eq(yearEndTasks.id, tarefaId));
  if (!task || task.status === 'concluida' || task.status === 'falhou') return;
  const touch = async (values: Partial<typeof yearEndTasks.$inferInsert>): Promise<void> => {
    await ctx.db
      .update(yearEndTasks)
      .set({ ...values, atualizadoEm: clock.now() })
      .where(eq(yearEndTasks.id, tarefaId));
  };
  const progress = (feitos: number, total: number) => touch({ feitos, total });
  await touch({ status: 'executando', etapa: 'situacoes', erro: null });
  try {
    const year = await yearOf(ctx.db, task.anoLetivoId);
    if (task.tipo === 'encerramento') {
      const [closure] = await ctx.db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, year.id));
      // Run again after its instance died: the closing committed (all or nothing), only the counts remain.
      if (!closure) await recordClosing(ctx, year, actor, pendencias ?? null);
      const closing = await closingCounts(ctx, viewer, year, progress);
      await touch({
        status: 'concluida',
        etapa: null,
        resultado: { situacoes: closing.situacoes },
        concluidoEm: clock.now(),
      });
    } else {
      const applied = await applyRematricula(
        ctx,
        viewer,
        year.id,
        ajustes ?? { turmas: [], alunos: [] },
        false,
        actor,
        {
          progress,
          writing: () => touch({ etapa: 'gravando' }),
        },
      );
      await touch({
        status: 'concluida',
        etapa: null,
        resultado: { contagem: applied.contagem, avisos_grade: gradeNoticesOf(applied) },
        concluidoEm: clock.now(),
      });
    }
  } catch (error) {
    // A refusal (a class name repeated, a teacher gone) is final: running again would refuse again.
    const message =
      error instanceof AppError
        ? error.message
        : 'Não foi possível concluir: nada do que faltava foi gravado. Tente de novo.';
    await touch({ status: 'falhou', etapa: null, erro: message, concluidoEm: clock.now() });
    if (!(error instanceof AppError)) throw error;
  }
}

/** GET …/tarefas/:tarefaId */
export async function getYearEndTask(db: DbOrTx, id: string, tarefaId: string): Promise<YearEndTask> {
  const [row] = await db
    .select()
    .from(yearEndTasks)
    .where(and(eq(yearEndTasks.id, tarefaId), eq(yearEndTasks.anoLetivoId, id)));
  if (!row) throw notFound('Tarefa não encontrada.');
  return toTask(row);
}

/** GET …/tarefas — the year's tasks, newest first (the screen finds the one running after a reload). */
export async function listYearEndTasks(db: DbOrTx, id: string): Promise<YearEndTask[]> {
  const rows = await db
    .select()
    .from(yearEndTasks)
    .where(eq(yearEndTasks.anoLetivoId, id))
    .orderBy(desc(yearEndTasks.criadoEm))
    .limit(10);
  return rows.map(toTask);
}
