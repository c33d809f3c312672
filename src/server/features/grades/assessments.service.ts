/** Avaliações: list, create, edit and delete (with the deletion modes of a closed or published period). */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import { INFANTIL_SEM_NOTAS, isInfantil } from '../../../shared/classes.schemas.js';
import { displayGrade } from '../../../shared/averages.js';
import { formatDate } from '../../../shared/format.js';
import {
  type Assessment,
  type AssessmentData,
  type AssessmentDeleteInput,
  type AssessmentsQuery,
  type AssessmentUpdateData,
} from '../../../shared/assessments.schemas.js';
import { type AssessmentDeletionMode, type PeriodState } from '../../../shared/grades.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { folded } from '../../lib/text-search.js';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { type Viewer } from '../classes/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { classes } from '../../db/schema/classes.js';
import { scopeOf } from '../students/index.js';
import { students } from '../../db/schema/students.js';
import { rulesForYear } from '../calendar/index.js';
import { assessments, gradeChanges, grades, type AssessmentRow } from '../../db/schema/grades.js';
import { closedMessage, periodContextOf, periodStateFor, type PeriodContext } from '../calendar/index.js';
import { presentAssessments, presentOne } from './grades.presenter.js';
import {
  assessmentNotFound,
  ensureWritable,
  historyOrder,
  numericText,
  subjectAccess,
  tenthsOf,
} from './grades.service.js';

/** GET /api/avaliacoes — filtered; a teacher sees the subjects they teach and their own classes' all. */
export async function listAssessments(
  db: DbOrTx,
  viewer: Viewer,
  query: AssessmentsQuery,
): Promise<Assessment[]> {
  const scope = await scopeOf(db, viewer);
  if (query.turma_id) {
    const [turma] = await db
      .select({ nivel: classes.nivel })
      .from(classes)
      .where(eq(classes.id, query.turma_id));
    if (turma && isInfantil(turma.nivel)) throw conflict(INFANTIL_SEM_NOTAS);
  }
  let visible;
  if (scope.kind === 'teacher') {
    if (scope.teacherId === null) return [];
    visible = or(
      sql`exists (select 1 from ${classSubjects} where ${classSubjects.turmaId} = ${assessments.turmaId} and ${classSubjects.disciplina} = ${assessments.disciplina} and ${classSubjects.professorId} = ${scope.teacherId})`,
      eq(classes.professorResponsavelId, scope.teacherId),
    );
  } else if (scope.kind !== 'all') {
    return [];
  }
  return presentAssessments(
    db,
    and(
      visible,
      query.turma_id ? eq(assessments.turmaId, query.turma_id) : undefined,
      query.disciplina ? eq(assessments.disciplina, query.disciplina) : undefined,
      query.periodo_id ? eq(assessments.periodoId, query.periodo_id) : undefined,
    ),
  );
}

export async function getAssessmentRow(db: DbOrTx, id: string): Promise<AssessmentRow> {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id));
  if (!row) throw assessmentNotFound();
  return row;
}

function ensureDateInPeriod(context: PeriodContext, data: string) {
  if (data < context.period.inicio || data > context.period.fim) {
    const message = `A data deve estar dentro do ${context.nome} (${formatDate(context.period.inicio)} a ${formatDate(context.period.fim)}).`;
    throw badRequest(message, [{ path: 'data', message }]);
  }
}

function recoveryConflict(error: unknown): never {
  if (isUniqueViolation(error, 'assessments_recovery_unique'))
    throw new AppError('CONFLICT', 'Esta disciplina já tem a recuperação deste período.', [
      { path: 'tipo', message: 'Recuperação já cadastrada' },
    ]);
  throw error;
}

export async function createAssessment(
  ctx: AppContext,
  viewer: Viewer,
  input: AssessmentData,
  actor: Actor,
): Promise<Assessment> {
  const access = await subjectAccess(ctx.db, viewer, input.turma_id, input.disciplina, 'write');
  const context = await periodContextOf(ctx.db, input.periodo_id);
  if (String(context.year.ano) !== access.turma.anoLetivo)
    throw badRequest(`O período escolhido não é do ano letivo da turma (${access.turma.anoLetivo}).`, [
      { path: 'periodo_id', message: 'Período de outro ano letivo' },
    ]);
  ensureDateInPeriod(context, input.data);
  await ensureWritable(ctx.db, context, input.turma_id, access.isAdmin);
  const id = await ctx.db.transaction(async (tx) => {
    let row: AssessmentRow | undefined;
    try {
      [row] = await tx
        .insert(assessments)
        .values({
          turmaId: input.turma_id,
          disciplina: input.disciplina,
          periodoId: input.periodo_id,
          nome: input.nome,
          data: input.data,
          peso: numericText(Math.round(input.peso * 10)),
          tipo: input.tipo,
        })
        .returning();
    } catch (error) {
      recoveryConflict(error);
    }
    await recordAudit(tx, actor, {
      action: 'criar',
      entity: 'avaliacao',
      entityId: row!.id,
      details: { turma_id: input.turma_id, disciplina: input.disciplina, nome: input.nome, tipo: input.tipo },
    });
    return row!.id;
  });
  return presentOne(ctx.db, id);
}

export async function updateAssessment(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: AssessmentUpdateData,
  actor: Actor,
): Promise<Assessment> {
  const current = await getAssessmentRow(ctx.db, id);
  const access = await subjectAccess(ctx.db, viewer, current.turmaId, current.disciplina, 'write').catch(
    () => {
      throw assessmentNotFound();
    },
  );
  const context = await periodContextOf(ctx.db, current.periodoId);
  ensureDateInPeriod(context, input.data);
  await ensureWritable(ctx.db, context, current.turmaId, access.isAdmin);
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(assessments).where(eq(assessments.id, id)).for('update');
    if (!locked) throw assessmentNotFound();
    if (input.version !== undefined && input.version !== locked.version)
      throw new AppError('PRECONDITION_FAILED', messages.staleVersion);
    await tx
      .update(assessments)
      .set({
        nome: input.nome,
        data: input.data,
        peso: numericText(Math.round(input.peso * 10)),
        version: locked.version + 1,
        updatedAt: clock.now(),
      })
      .where(eq(assessments.id, id));
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'avaliacao',
      entityId: id,
      details: {
        antes: { nome: locked.nome, data: locked.data, peso: locked.peso },
        depois: { nome: input.nome, data: input.data, peso: input.peso },
      },
    });
  });
  return presentOne(ctx.db, id);
}

/**
 * What a user may do with an avaliação that has grades (assessmentDeletionModes): grades of a closed or
 * published period are the school's record — families may have read them —, so they go only by the
 * administrator's decision with a reason, as a retificação would change them. A teacher is refused; a
 * closed year is read-only for everyone.
 */
export function assessmentDeletionMode(
  context: Pick<PeriodContext, 'yearClosed'>,
  state: PeriodState,
  isAdmin: boolean,
): AssessmentDeletionMode {
  if (context.yearClosed || (!isAdmin && state.fechado)) return 'bloqueada';
  if (state.fechado || state.publicado) return isAdmin ? 'com_motivo' : 'so_secretaria';
  return 'livre';
}

/**
 * DELETE /api/avaliacoes/:id — the avaliação and its grades. With grades in a closed or published period
 * only the administrator, with a reason (400 on `motivo` without one; 409 for a teacher). The audit
 * keeps each grade deleted (student, value, concept, version) with its history, so nothing is lost.
 */
export async function deleteAssessment(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: AssessmentDeleteInput | null | undefined,
  actor: Actor,
): Promise<void> {
  const current = await getAssessmentRow(ctx.db, id);
  const access = await subjectAccess(ctx.db, viewer, current.turmaId, current.disciplina, 'write').catch(
    () => {
      throw assessmentNotFound();
    },
  );
  const context = await periodContextOf(ctx.db, current.periodoId);
  const state = await periodStateFor(ctx.db, context.period, current.turmaId);
  const mode = assessmentDeletionMode(context, state, access.isAdmin);
  if (mode === 'bloqueada') throw conflict(closedMessage(context, state, 'notas')!);
  const rules = await rulesForYear(ctx.db, context.year.id);
  const motivo = input?.motivo ?? null;
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(assessments).where(eq(assessments.id, id)).for('update');
    if (!locked) throw assessmentNotFound();
    const rows = await tx
      .select({ grade: grades, alunoNome: students.nome })
      .from(grades)
      .innerJoin(students, eq(students.id, grades.alunoId))
      .where(eq(grades.avaliacaoId, id))
      .orderBy(folded(students.nome))
      .for('update', { of: grades });
    const given = rows.filter((row) => row.grade.valor !== null).length;
    if (given > 0 && mode === 'so_secretaria')
      throw conflict(
        `O ${context.nome} já foi publicado para esta turma: uma avaliação com notas lançadas só pode ser excluída pela secretaria, com motivo. Para corrigir uma nota, altere-a na grade (fica no histórico como alteração após a publicação).`,
      );
    if (given > 0 && mode === 'com_motivo' && !motivo) {
      const message = `Informe o motivo da exclusão (ao menos 5 caracteres): o ${context.nome} está ${
        state.fechado ? 'fechado' : 'publicado'
      } e ${given === 1 ? 'a nota lançada' : `as ${String(given)} notas lançadas`} nesta avaliação ${
        given === 1 ? 'sai' : 'saem'
      } do boletim.`;
      throw badRequest(message, [{ path: 'motivo', message }]);
    }
    const history =
      rows.length === 0
        ? []
        : await tx
            .select()
            .from(gradeChanges)
            .where(
              inArray(
                gradeChanges.notaId,
                rows.map((row) => row.grade.id),
              ),
            )
            .orderBy(...historyOrder);
    const historyOf = new Map<string, typeof history>();
    for (const change of history)
      historyOf.set(change.notaId, [...(historyOf.get(change.notaId) ?? []), change]);
    await tx.delete(assessments).where(eq(assessments.id, id));
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'avaliacao',
      entityId: id,
      details: {
        nome: current.nome,
        disciplina: current.disciplina,
        turma_id: current.turmaId,
        periodo_id: current.periodoId,
        periodo: context.nome,
        ano: context.year.ano,
        data: current.data,
        peso: current.peso,
        tipo: current.tipo,
        notas: given,
        ...(motivo ? { motivo } : {}),
        periodo_fechado: state.fechado,
        periodo_publicado: state.publicado,
        // Everything needed to give the grades back: who, the value as stored and as shown, and how it got there.
        notas_excluidas: rows.map(({ grade, alunoNome }) => ({
          nota_id: grade.id,
          aluno_id: grade.alunoId,
          aluno_nome: alunoNome,
          valor: grade.valor,
          texto: displayGrade(tenthsOf(grade.valor), rules),
          conceito: grade.conceito,
          version: grade.version,
          historico: (historyOf.get(grade.id) ?? []).map((change) => ({
            tipo: change.tipo,
            antes: change.antes,
            depois: change.depois,
            motivo: change.motivo,
            por: change.porNome,
            em: change.em.toISOString(),
          })),
        })),
      },
    });
  });
}
