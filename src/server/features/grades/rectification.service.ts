/** Retificação of a grade (by the secretary, or a teacher's approved request) and a grade's history. */
import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import { displayGrade, parseGradeValue } from '../../../shared/averages.js';
import {
  type CellRectificationInput,
  type GradeHistory,
  type RectificationInput,
} from '../../../shared/grades.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { type Viewer } from '../classes/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { students } from '../../db/schema/students.js';
import { rulesForAssessment, rulesForPeriod, rulesForYear } from '../calendar/index.js';
import { assessments, gradeChanges, grades } from '../../db/schema/grades.js';
import { periodContextOf } from '../calendar/index.js';
import { assessmentNotFound, gradeText, historyOrder, subjectAccess, tenthsOf } from './grades.service.js';
import { getAssessmentRow } from './assessments.service.js';
import { assertMemberDuring } from './grades-grid.service.js';

// ---------------------------------------------------------------- retificação and history

async function gradeWithContext(db: DbOrTx, id: string) {
  const [found] = await db
    .select({ grade: grades, column: assessments, alunoNome: students.nome })
    .from(grades)
    .innerJoin(assessments, eq(assessments.id, grades.avaliacaoId))
    .innerJoin(students, eq(students.id, grades.alunoId))
    .where(eq(grades.id, id));
  if (!found) throw notFound('Nota não encontrada.');
  return found;
}

/**
 * Writes a retificação inside the caller's transaction: the grade changes (created when the cell never
 * had one), its history gets the reason, and the audit trail who, before and after. `expect` guards
 * what the caller read: the grade's version (the admin's dialog) or its value (a teacher's request).
 */
export async function writeRectification(
  tx: DbOrTx,
  target: { avaliacaoId: string; alunoId: string },
  value: { tenths: number | null; conceito: string | null },
  motivo: string,
  actor: Actor,
  expect: { version?: number | undefined; antes?: string | null },
  extra: Record<string, unknown> = {},
): Promise<string> {
  const where = and(eq(grades.avaliacaoId, target.avaliacaoId), eq(grades.alunoId, target.alunoId));
  let [row] = await tx.select().from(grades).where(where).for('update');
  if (!row) {
    await tx
      .insert(grades)
      .values({ avaliacaoId: target.avaliacaoId, alunoId: target.alunoId, valor: null, version: 0 })
      .onConflictDoNothing();
    [row] = await tx.select().from(grades).where(where).for('update');
  }
  if (!row) throw notFound('Nota não encontrada.');
  if (expect.version !== undefined && expect.version !== row.version)
    throw new AppError('PRECONDITION_FAILED', messages.staleVersion);
  if (expect.antes !== undefined && tenthsOf(expect.antes) !== tenthsOf(row.valor))
    throw conflict(
      'A nota mudou desde a solicitação. Recuse esta solicitação e peça ao professor uma nova, sobre a nota atual.',
    );
  if (tenthsOf(row.valor) === value.tenths)
    throw badRequest('A nota retificada é igual à atual.', [
      { path: 'valor', message: 'Igual à nota atual' },
    ]);
  const next = gradeText(value.tenths);
  const now = clock.now();
  await tx
    .update(grades)
    .set({ valor: next, conceito: value.conceito, version: row.version + 1, updatedAt: now })
    .where(eq(grades.id, row.id));
  await tx.insert(gradeChanges).values({
    notaId: row.id,
    tipo: 'retificacao',
    antes: row.valor,
    depois: next,
    motivo,
    porId: actor.id,
    porNome: actor.nome,
    em: now,
  });
  await recordAudit(tx, actor, {
    action: 'retificar_nota',
    entity: 'nota',
    entityId: row.id,
    details: {
      antes: row.valor,
      depois: next,
      motivo,
      aluno_id: row.alunoId,
      avaliacao_id: row.avaliacaoId,
      ...extra,
    },
  });
  return row.id;
}

/**
 * POST /api/notas/:id/retificar — an administrator's correction, with a reason, at any time (also
 * after the period or the year closed). Kept in the history and in the audit trail.
 */
export async function rectifyGrade(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: RectificationInput,
  actor: Actor,
): Promise<GradeHistory> {
  const [target] = await ctx.db
    .select({ avaliacaoId: grades.avaliacaoId })
    .from(grades)
    .where(eq(grades.id, id));
  if (!target) throw notFound('Nota não encontrada.');
  // A grade of a closed year is read on the scale (and concepts) that year was closed with.
  const rules = await rulesForAssessment(ctx.db, target.avaliacaoId);
  const value = parseGradeValue(input.valor, rules);
  if (!value.ok) throw badRequest(value.message, [{ path: 'valor', message: value.message }]);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(grades).where(eq(grades.id, id));
    if (!row) throw notFound('Nota não encontrada.');
    await writeRectification(
      tx,
      { avaliacaoId: row.avaliacaoId, alunoId: row.alunoId },
      value,
      input.motivo,
      actor,
      { version: input.version },
    );
  });
  return getGradeHistory(ctx.db, viewer, id);
}

/**
 * POST /api/notas/retificar — the administrator's retificação addressed by the cell (avaliação ×
 * aluno), for a cell that never had a grade: a make-up test given after the period closed. The grade
 * row is created by the retificação itself, with the same reason, history and audit; the student must
 * have belonged to the class during the period. `version` guards the empty cell as read (0).
 */
export async function rectifyCell(
  ctx: AppContext,
  viewer: Viewer,
  input: CellRectificationInput,
  actor: Actor,
): Promise<GradeHistory> {
  const column = await getAssessmentRow(ctx.db, input.avaliacao_id);
  await subjectAccess(ctx.db, viewer, column.turmaId, column.disciplina, 'write').catch(() => {
    throw assessmentNotFound();
  });
  const context = await periodContextOf(ctx.db, column.periodoId);
  const value = parseGradeValue(input.valor, await rulesForYear(ctx.db, context.year.id));
  if (!value.ok) throw badRequest(value.message, [{ path: 'valor', message: value.message }]);
  await assertMemberDuring(ctx.db, context, input.aluno_id, column);
  const id = await ctx.db.transaction((tx) =>
    writeRectification(tx, { avaliacaoId: column.id, alunoId: input.aluno_id }, value, input.motivo, actor, {
      version: input.version ?? 0,
    }),
  );
  return getGradeHistory(ctx.db, viewer, id);
}

/** GET /api/notas/:id/historico — who, when, before and after (teachers: their subjects only). */
export async function getGradeHistory(db: DbOrTx, viewer: Viewer, id: string): Promise<GradeHistory> {
  const found = await gradeWithContext(db, id);
  await subjectAccess(db, viewer, found.column.turmaId, found.column.disciplina, 'read').catch(() => {
    throw notFound('Nota não encontrada.');
  });
  const rules = await rulesForPeriod(db, found.column.periodoId);
  const rows = await db
    .select()
    .from(gradeChanges)
    .where(eq(gradeChanges.notaId, id))
    .orderBy(...historyOrder);
  const show = (text: string | null) => displayGrade(tenthsOf(text), rules);
  return {
    nota_id: id,
    aluno: { id: found.grade.alunoId, nome: found.alunoNome },
    avaliacao: { id: found.column.id, nome: found.column.nome, disciplina: found.column.disciplina },
    atual: show(found.grade.valor),
    historico: rows.map((row) => ({
      id: row.id,
      tipo: row.tipo,
      antes: show(row.antes),
      depois: show(row.depois),
      motivo: row.motivo,
      por: row.porNome,
      em: row.em.toISOString(),
    })),
  };
}
