/**
 * Closing the school year: its status and the closing itself. The rematrícula is in
 * rematricula-plan.service.ts (the proposal) and rematricula-apply.service.ts.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { situacoes, type Situacao } from '../../../shared/averages.js';
import type {
  FinalRecoveryPendencies,
  YearClosing,
  YearEndStatus,
} from '../../../shared/year-end.schemas.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { rematriculaInputSchema } from '../../../shared/year-end.schemas.js';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { folded } from '../../lib/text-search.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Viewer } from '../classes/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { dropCalendarSnapshot } from '../calendar/index.js';
import { schoolPeriods, schoolYears, type SchoolYearRow } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { currentAcademicValues } from '../calendar/index.js';
import { periodStates, yearClosures } from '../../db/schema/grades.js';
import { yearPeriodStates } from '../calendar/index.js';
import { situationsOf, type SituationsProgress } from './report-card.service.js';
import { finalRecoveryPendencies, pendenciesMessage } from './final-recovery.service.js';

/**
 * Closing the year and the rematrícula. Closing marks every period closed for the whole
 * school and makes the year's grades read-only; the rematrícula then proposes next year's classes
 * (each class one série up, same shift and capacity, the grid and teachers copied to confirm) and
 * each student's destination, and applies it in ONE transaction: all or nothing, and once — a second
 * application finds the year's rematrícula recorded and changes nothing (ADR 0012).
 */

export type RematriculaAdjustments = z.output<typeof rematriculaInputSchema>;

export const LAST_GRADE = 9;

export async function yearOf(db: DbOrTx, id: string): Promise<SchoolYearRow> {
  const [year] = await db.select().from(schoolYears).where(eq(schoolYears.id, id));
  if (!year) throw notFound('Ano letivo não encontrado.');
  return year;
}

/** The students of the year: active, in one of its classes now. */
export async function studentsOfYear(db: DbOrTx, ano: number) {
  return db
    .select({ id: students.id, nome: students.nome, turmaId: classes.id })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.turmaId))
    .where(and(eq(classes.anoLetivo, String(ano)), eq(students.status, 'ativo')))
    .orderBy(folded(students.nome));
}

/**
 * Why the year cannot be closed today, or null. The year closes from its last day (`fim`) on: before
 * that, closing would lock the grades and rolls of the days still to come.
 */
export function closingBlock(year: SchoolYearRow, today: string): string | null {
  if (today >= year.fim) return null;
  return `O ano letivo ${String(year.ano)} vai até ${formatDate(year.fim)} e só pode ser encerrado a partir desse dia: encerrar antes fecharia as notas e as chamadas dos dias letivos que ainda faltam.`;
}

/**
 * Why the rematrícula cannot be applied today, or null. Applying it moves every student to next year's
 * class (their current class, the teacher's list, tuition and documents follow it), so a student stays in
 * this year's class until this year has ended; from the day after `fim` on, it applies, and the new
 * class's membership starts on the next year's first day. The proposal and its dry run are free before.
 */
export function applyBlock(year: SchoolYearRow, today: string): string | null {
  if (today > year.fim) return null;
  return `A rematrícula muda a turma de cada aluno e só pode ser aplicada depois do último dia do ano letivo ${String(year.ano)} (${formatDate(year.fim)}): até lá, os alunos continuam nas turmas de ${String(year.ano)} (chamada, boletim e documentos). A proposta e a simulação já podem ser revistas.`;
}

/**
 * GET /api/anos-letivos/:id/encerramento — what the 'Ano letivo' screen shows before and after closing:
 * each period's state across the year's classes (one query for every state row), the closing and the
 * rematrícula recorded.
 */
export async function getYearEndStatus(db: DbOrTx, viewer: Viewer, id: string): Promise<YearEndStatus> {
  const year = await yearOf(db, id);
  const periods = await db
    .select()
    .from(schoolPeriods)
    .where(eq(schoolPeriods.anoLetivoId, id))
    .orderBy(asc(schoolPeriods.numero));
  const { classCount, byPeriod } = await yearPeriodStates(db, year, periods);
  const [closure] = await db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, id));
  const enrolled = await studentsOfYear(db, year.ano);
  const today = clock.today();
  // Summaries recorded before 'sem_turma' existed have none.
  const stored = closure?.rematriculaResumo as
    | (Omit<NonNullable<YearEndStatus['rematricula_resumo']>, 'sem_turma'> & { sem_turma?: number })
    | null
    | undefined;
  const resumo = stored ? { ...stored, sem_turma: stored.sem_turma ?? 0 } : undefined;
  return {
    ano_letivo_id: id,
    ano: year.ano,
    inicio: year.inicio,
    fim: year.fim,
    turmas: classCount,
    alunos: enrolled.length,
    periodos: periods.map((period) => {
      const { perClass } = byPeriod.get(period.id)!;
      return {
        id: period.id,
        nome: periodName(year.tipoPeriodo, period.numero),
        data_fechamento: period.dataFechamento,
        turmas_abertas: perClass.filter((state) => !state.fechado).length,
        turmas_publicadas: perClass.filter((state) => state.publicado).length,
      };
    }),
    encerrado: closure !== undefined,
    encerrado_em: closure?.encerradoEm.toISOString() ?? null,
    encerrado_por_nome: closure?.encerradoPorNome ?? null,
    rematricula_em: closure?.rematriculaEm?.toISOString() ?? null,
    rematricula_resumo: resumo ?? null,
    encerramento_bloqueio: closure ? null : closingBlock(year, today),
    rematricula_bloqueio: closure?.rematriculaEm ? null : applyBlock(year, today),
    // From the last period's start: before it, below the average is only 'Em recuperação' (ADR 0097).
    pendencias_recuperacao_final:
      !closure && periods.length > 0 && today >= periods[periods.length - 1]!.inicio
        ? await finalRecoveryPendencies(db, viewer, enrolled, year.ano)
        : null,
  };
}

/**
 * Closing with the recuperação final pending needs the administrator's confirmation (409 without it):
 * each student left below the average is failed by grade in the subject. Returns what was pending (for
 * the audit), null when nothing was.
 */
export async function checkClosingPendencies(
  db: DbOrTx,
  viewer: Viewer,
  year: SchoolYearRow,
  confirmed: boolean,
): Promise<FinalRecoveryPendencies | null> {
  const pending = await finalRecoveryPendencies(db, viewer, await studentsOfYear(db, year.ano), year.ano);
  if (pending.total === 0) return null;
  if (!confirmed)
    throw new AppError('CONFLICT', pendenciesMessage(year.ano, pending), [
      { path: 'confirmar_pendencias', message: 'Confirme o encerramento com pendências' },
    ]);
  return pending;
}

/** POST /api/anos-letivos/:id/encerrar (without `segundo_plano`: the closing and its counts, at once). */
export async function closeYear(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  actor: Actor,
  confirmed = false,
): Promise<YearClosing> {
  const year = await yearOf(ctx.db, id);
  await assertClosable(ctx.db, year);
  const pending = await checkClosingPendencies(ctx.db, viewer, year, confirmed);
  await recordClosing(ctx, year, actor, pending);
  return closingCounts(ctx, viewer, year);
}

/** The cheap refusals first (already closed, before the last day), before any boletim is read. */
async function assertClosable(db: DbOrTx, year: SchoolYearRow): Promise<void> {
  const [existing] = await db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, year.id));
  if (existing) throw conflict(`O ano letivo ${String(year.ano)} já foi encerrado.`);
  const early = closingBlock(year, clock.today());
  if (early) throw conflict(early);
}

/**
 * The closing itself, in ONE transaction (all or nothing): every period closed for the whole school,
 * the rules of the day recorded, audited. Cheap whatever the school's size; 409 when already closed.
 */
export async function recordClosing(
  ctx: AppContext,
  year: SchoolYearRow,
  actor: Actor,
  /** What the recuperação final left pending, confirmed by the administrator (recorded in the audit). */
  pending: FinalRecoveryPendencies | null = null,
): Promise<void> {
  const id = year.id;
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(yearClosures)
      .where(eq(yearClosures.anoLetivoId, id))
      .for('update');
    if (existing) throw conflict(`O ano letivo ${String(year.ano)} já foi encerrado.`);
    const early = closingBlock(year, clock.today());
    if (early) throw conflict(early);
    const periods = await tx
      .select({ id: schoolPeriods.id })
      .from(schoolPeriods)
      .where(eq(schoolPeriods.anoLetivoId, id));
    for (const period of periods) {
      await tx
        .insert(periodStates)
        .values({
          periodoId: period.id,
          turmaId: null,
          fechado: true,
          alteradoPorNome: actor.nome,
          updatedAt: clock.now(),
        })
        .onConflictDoUpdate({
          target: [periodStates.periodoId, periodStates.turmaId],
          set: { fechado: true, alteradoPorNome: actor.nome, updatedAt: clock.now() },
        });
    }
    if (periods.length > 0)
      await tx
        .update(periodStates)
        .set({ fechado: null })
        .where(
          and(
            inArray(
              periodStates.periodoId,
              periods.map((period) => period.id),
            ),
            isNotNull(periodStates.turmaId),
          ),
        );
    // The rules of the day: the closed year is computed with them from now on, whatever the settings become.
    const regras = await currentAcademicValues(tx);
    await tx
      .insert(yearClosures)
      .values({ anoLetivoId: id, encerradoEm: clock.now(), encerradoPorNome: actor.nome, regras });
    await recordAudit(tx, actor, {
      action: 'encerrar_ano_letivo',
      entity: 'ano_letivo',
      entityId: id,
      details: {
        ano: year.ano,
        regras,
        ...(pending ? { encerrado_com_pendencias: true, pendencias_recuperacao_final: pending } : {}),
      },
    });
  });
  dropCalendarSnapshot(ctx.db);
}

/**
 * The closed year's final situations, counted: every student's boletim, a chunk at a time (a read: run
 * again, it gives the same counts). `progress` hears after each chunk.
 */
export async function closingCounts(
  ctx: AppContext,
  viewer: Viewer,
  year: SchoolYearRow,
  progress?: SituationsProgress,
): Promise<YearClosing> {
  const enrolled = await studentsOfYear(ctx.db, year.ano);
  const situations = await situationsOf(ctx.db, viewer, enrolled, year.ano, progress);
  const counts = Object.fromEntries(situacoes.map((situation) => [situation, 0])) as Record<Situacao, number>;
  for (const situation of situations.values()) counts[situation]++;
  const [closure] = await ctx.db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, year.id));
  const periods = await ctx.db
    .select({ id: schoolPeriods.id })
    .from(schoolPeriods)
    .where(eq(schoolPeriods.anoLetivoId, year.id));
  return {
    ano: year.ano,
    encerrado_em: closure!.encerradoEm.toISOString(),
    periodos_fechados: periods.length,
    situacoes: counts,
  };
}
