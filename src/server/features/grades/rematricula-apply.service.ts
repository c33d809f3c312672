/**
 * Applying the rematrícula: next year's classes, memberships and students' destinations in one transaction,
 * once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { gradeNoticesOf, type RematriculaProposal } from '../../../shared/year-end.schemas.js';
import type { AppContext } from '../../context.js';
import { clock } from '../../lib/clock.js';
import { AppError, conflict } from '../../lib/errors.js';
import { classItinerarios, classSubjects } from '../../db/schema/curriculum.js';
import { ENSINO_MEDIO } from '../../../shared/ensino-medio.js';
import type { Viewer } from '../classes/index.js';
import { studentsLeft, syncMemberships } from '../students/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { yearClosures } from '../../db/schema/grades.js';
import { groupBy } from '../../../shared/group-by.js';
import { applyBlock, type RematriculaAdjustments } from './year-end.service.js';
import { buildPlan, isStaying } from './rematricula-plan.service.js';
import type { SituationsProgress } from './report-card.service.js';

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** What a background task hears: each chunk of situations computed, and the start of the writing. */
export interface ApplyHooks {
  progress?: SituationsProgress;
  writing?: () => Promise<void>;
}

/**
 * POST /api/anos-letivos/:id/rematricula — the proposal with the administrator's adjustments; with
 * `dryRun` only the counts. Applied once: afterwards it answers the recorded result, changing nothing.
 */
export async function applyRematricula(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  adjustments: RematriculaAdjustments,
  dryRun: boolean,
  actor: Actor,
  hooks: ApplyHooks = {},
): Promise<RematriculaProposal> {
  const plan = await buildPlan(ctx.db, viewer, id, adjustments, dryRun, hooks.progress);
  if (dryRun || plan.proposal.aplicada) return plan.proposal;
  const { year, proposal } = plan;
  if (proposal.erros.length > 0)
    throw new AppError(
      'VALIDATION',
      proposal.erros.length === 1
        ? proposal.erros[0]!.message
        : `${String(proposal.erros.length)} problemas nas turmas propostas: corrija os campos indicados.`,
      proposal.erros,
    );
  const early = applyBlock(year, clock.today());
  if (early) throw conflict(early);
  const next = String(year.ano + 1);
  const [nextYear] = await ctx.db
    .select()
    .from(schoolYears)
    .where(eq(schoolYears.ano, year.ano + 1));
  const start = nextYear?.inicio ?? `${next}-01-01`;
  await hooks.writing?.();
  const afterCommit: (() => void)[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      // Under the lock of the closure row: two applications at once run one after the other.
      const [closure] = await tx
        .select()
        .from(yearClosures)
        .where(eq(yearClosures.anoLetivoId, id))
        .for('update');
      if (!closure || closure.rematriculaEm !== null) return;
      const created = new Map<string, string>();
      for (const turma of proposal.turmas) {
        if (!turma.incluir || turma.nome === null || created.has(turma.nome)) continue;
        const [existing] = await tx
          .select({ id: classes.id })
          .from(classes)
          .where(and(eq(classes.anoLetivo, next), eq(classes.nome, turma.nome)));
        if (existing) {
          created.set(turma.nome, existing.id);
          continue;
        }
        const origin = plan.origins.find((row) => row.id === turma.origem_id)!;
        const [row] = await tx
          .insert(classes)
          .values({
            nome: turma.nome,
            nivel: (turma.nivel ?? origin.nivel) as ClassRow['nivel'],
            serie: turma.serie ?? origin.serie,
            turno: turma.turno,
            anoLetivo: next,
            capacidadeMaxima: turma.capacidade_maxima,
            professorResponsavelId: turma.professor_responsavel_id,
            frequenciaModo: origin.frequenciaModo,
            aulaMinutos: origin.aulaMinutos,
          })
          .returning({ id: classes.id });
        created.set(turma.nome, row!.id);
        // The grid and its teachers carry over, to confirm on the class screen — with the itinerários of
        // a Médio class into a Médio class (the students choose again in the new class); a class that
        // changes stage leaves out the subjects its stage does not offer, as the proposal said (ADR 0133).
        const medio = (turma.nivel ?? origin.nivel) === ENSINO_MEDIO && origin.nivel === ENSINO_MEDIO;
        const itinerarioOf = new Map<string, string>();
        if (medio)
          for (const item of await tx
            .select()
            .from(classItinerarios)
            .where(eq(classItinerarios.turmaId, origin.id))) {
            const [copy] = await tx
              .insert(classItinerarios)
              .values({ turmaId: row!.id, nome: item.nome, tecnico: item.tecnico, ordem: item.ordem })
              .returning({ id: classItinerarios.id });
            itinerarioOf.set(item.id, copy!.id);
          }
        const grid = (
          await tx.select().from(classSubjects).where(eq(classSubjects.turmaId, origin.id))
        ).filter((item) => !turma.fora_da_grade.includes(item.disciplina));
        if (grid.length > 0)
          await tx.insert(classSubjects).values(
            grid.map((item) => ({
              ...item,
              turmaId: row!.id,
              itinerarioId: item.itinerarioId ? (itinerarioOf.get(item.itinerarioId) ?? null) : null,
            })),
          );
      }
      // Every student's destination, grouped: one statement per destination class or status.
      const leaving = { formado: [] as string[], inativo: [] as string[] };
      const moves: { alunoId: string; turmaId: string | null }[] = [];
      const withoutClass: string[] = [];
      for (const student of proposal.alunos) {
        if (isStaying(student.destino)) {
          const turmaId = student.destino_turma_nome ? created.get(student.destino_turma_nome) : undefined;
          // No class next year (its class left out): still active, with no class, for the secretary.
          if (!turmaId) withoutClass.push(student.aluno_id);
          moves.push({ alunoId: student.aluno_id, turmaId: turmaId ?? null });
        } else {
          leaving[student.destino === 'concluido' ? 'formado' : 'inativo'].push(student.aluno_id);
          moves.push({ alunoId: student.aluno_id, turmaId: null });
        }
      }
      const bumped = { version: sql`${students.version} + 1`, updatedAt: clock.now() };
      const staying = groupBy(
        moves.filter((move) => move.turmaId !== null),
        (move) => move.turmaId!,
      );
      for (const [turmaId, group] of staying)
        await tx
          .update(students)
          .set({ turmaId, dataEnturmacao: start, ...bumped })
          .where(
            inArray(
              students.id,
              group.map((move) => move.alunoId),
            ),
          );
      if (withoutClass.length > 0)
        await tx
          .update(students)
          .set({ turmaId: null, dataEnturmacao: null, ...bumped })
          .where(inArray(students.id, withoutClass));
      for (const [status, ids] of Object.entries(leaving) as ['formado' | 'inativo', string[]][])
        if (ids.length > 0)
          await tx
            .update(students)
            .set({ status, ...bumped })
            .where(inArray(students.id, ids));
      afterCommit.push(...(await studentsLeft(ctx, tx, Object.values(leaving).flat(), actor)).after);
      await syncMemberships(tx, moves, start);
      await tx
        .update(classes)
        .set({ status: 'concluido', version: sql`${classes.version} + 1`, updatedAt: clock.now() })
        .where(eq(classes.anoLetivo, String(year.ano)));
      const resumo = { ...proposal.contagem, turmas_criadas: [...created.keys()] };
      const avisos = gradeNoticesOf(proposal);
      await tx
        .update(yearClosures)
        .set({ rematriculaEm: clock.now(), rematriculaResumo: resumo })
        .where(eq(yearClosures.anoLetivoId, id));
      await recordAudit(tx, actor, {
        action: 'aplicar_rematricula',
        entity: 'ano_letivo',
        entityId: id,
        details: avisos.length > 0 ? { ...resumo, avisos_grade: avisos } : resumo,
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new AppError(
        'VALIDATION',
        'Um professor indicado na proposta não existe mais. Nada foi alterado; revise a proposta.',
        [{ path: 'turmas', message: 'Professor não encontrado' }],
      );
    throw error;
  }
  for (const step of afterCommit) step();
  return { ...proposal, aplicada: true, dry_run: false };
}
