/**
 * What the grades use cases share: the averaging rules in force, a teacher's access to a class's subject,
 * the closed-period guard, and grades as tenths. The use cases are in assessments.service.ts,
 * grades-grid.service.ts, grades-save.service.ts and rectification.service.ts; presenters in grades.presenter.ts.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { parseTenths, type AveragingRules } from '../../../shared/averages.js';
import { rulesOf } from '../../../shared/academic-settings.schemas.js';
import { type PeriodState } from '../../../shared/grades.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { INFANTIL_SEM_NOTAS, isInfantil } from '../../../shared/classes.schemas.js';
import { diaryAccessOf, type ClassDiaryAccess, type Viewer } from '../classes/index.js';
import { getAcademicSettings } from '../calendar/index.js';
import { gradeChanges } from '../../db/schema/grades.js';
import { closedMessage, periodStateFor, type PeriodContext } from '../calendar/index.js';

/** The grades one audit entry of a save lists one by one (a whole class's column at most). */
export const AUDITED_GRADES = 60;

/**
 * Avaliações and grades. A teacher works only on the subjects they teach in a class (404
 * elsewhere); an administrator on all. Grades are read from `numeric` as text and handled as integer
 * tenths (shared/averages.ts), so what is stored is exactly what was typed.
 */

export const assessmentNotFound = () => notFound('Avaliação não encontrada.');

/** numeric text ('7.5') → tenths (75). */
export const tenthsOf = (text: string | null): number | null => (text === null ? null : parseTenths(text));
export const numericText = (tenths: number) => `${String(Math.floor(tenths / 10))}.${String(tenths % 10)}`;

/** A grade's history in the order it happened; within one instant the entry before its corrections. */
export const historyOrder = [
  asc(gradeChanges.em),
  asc(sql`${gradeChanges.tipo} <> 'lancamento'`),
  asc(gradeChanges.id),
] as const;

/**
 * The current settings as averaging rules: what a year still open follows. Anything about a given year
 * (a closed one keeps the rules it was closed with) reads rulesForYear / rulesForPeriod instead.
 */
export async function rulesNow(db: DbOrTx): Promise<AveragingRules> {
  return rulesOf(await getAcademicSettings(db));
}

/**
 * The class (404 outside scope) and the subject: in the grid of the class, and — for a teacher —
 * taught by them (to write) or visible to them (to read). Otherwise 404, as if it did not exist.
 */
export async function subjectAccess(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  disciplina: string,
  mode: 'read' | 'write',
): Promise<ClassDiaryAccess> {
  const access = await diaryAccessOf(db, viewer, turmaId);
  if (isInfantil(access.turma.nivel)) throw conflict(INFANTIL_SEM_NOTAS);
  const allowed = mode === 'write' ? access.teaches : access.visible;
  const [inGrid] = await db
    .select({ disciplina: classSubjects.disciplina })
    .from(classSubjects)
    .where(and(eq(classSubjects.turmaId, turmaId), eq(classSubjects.disciplina, disciplina)));
  if (!inGrid || (allowed !== null && !allowed.has(disciplina)))
    throw notFound(`${disciplina} não foi encontrada entre as suas disciplinas nesta turma.`);
  return access;
}

/** 409 when the period (or the year) is closed to this user's writes. */
export async function ensureWritable(
  db: DbOrTx,
  context: PeriodContext,
  turmaId: string,
  isAdmin: boolean,
): Promise<PeriodState> {
  const state = await periodStateFor(db, context.period, turmaId);
  const message = closedMessage(context, state, 'notas');
  if (!message) return state;
  // The secretary changes a closed period's grades only through a retificação (with a reason).
  if (isAdmin && !context.yearClosed && state.fechado)
    throw conflict(
      `O ${context.nome} está fechado para esta turma. Use a retificação (com motivo) ou reabra o período.`,
    );
  throw conflict(message);
}

/** A grade as stored (numeric text) from tenths. */
export const gradeText = (tenths: number | null) => (tenths === null ? null : numericText(tenths));
