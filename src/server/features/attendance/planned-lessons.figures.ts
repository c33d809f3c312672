/**
 * The lessons a class plans for its whole school year — the base of the Conselho Tutelar line (ADR 0117):
 * LDB art. 12, VIII (Lei 13.803/2019) counts absences above 30 % of the percentage the law allows of the
 * year's workload (art. 24, VI; art. 31, IV in the pré-escola), a count fixed for the year, not a rate
 * over the lessons given so far.
 */
import { inArray } from 'drizzle-orm';
import { lessonsOnWeekday, weekdayOf } from '../../../shared/calendar.js';
import type { DbOrTx } from '../../db/client.js';
import { classes } from '../../db/schema/classes.js';
import { classSubjects, studentItinerarios } from '../../db/schema/curriculum.js';
import { classifyRange } from '../calendar/index.js';

/** A subject of a class's grid as the year's plan reads it. */
export interface PlannedSubject {
  disciplina: string;
  itinerarioId: string | null;
  aulasSemanais: number;
  diasSemana: number[];
}

/** The grids of `classIds` as the year's plan reads them, by class (each class present, maybe empty). */
export async function plannedGridsOf(
  db: DbOrTx,
  classIds: readonly string[],
): Promise<Map<string, PlannedSubject[]>> {
  const grids = new Map<string, PlannedSubject[]>(classIds.map((id) => [id, []]));
  if (classIds.length === 0) return grids;
  const rows = await db
    .select({
      turmaId: classSubjects.turmaId,
      disciplina: classSubjects.disciplina,
      itinerarioId: classSubjects.itinerarioId,
      aulasSemanais: classSubjects.aulasSemanais,
      diasSemana: classSubjects.diasSemana,
    })
    .from(classSubjects)
    .where(inArray(classSubjects.turmaId, [...classIds]));
  for (const { turmaId, ...item } of rows) grids.get(turmaId)?.push(item);
  return grids;
}

/** How many of the year's school days fall on each weekday (index: `weekdayOf`, 0 = domingo). */
function weekdayCounts(letivos: readonly string[]): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const day of letivos) counts[weekdayOf(day)]! += 1;
  return counts;
}

/**
 * A subject's lessons over the year's school days, counted by weekday (`counts`: `weekdayCounts`); without
 * its days, its weekly lessons spread over five. By weekday, not day by day: the alerts reckon the year of
 * thousands of students.
 */
function subjectLessons(item: PlannedSubject, counts: readonly number[]): number {
  if (item.diasSemana.length === 0) {
    const days = counts.reduce((sum, count) => sum + count, 0);
    return Math.floor((item.aulasSemanais * days) / 5);
  }
  return counts.reduce(
    (sum, count, weekday) => sum + count * lessonsOnWeekday(item.aulasSemanais, item.diasSemana, weekday),
    0,
  );
}

/** The year's lessons of a class's plan for a student of `itinerarioId`, from the weekday counts. */
function yearOfPlan(
  counts: readonly number[],
  porDia: boolean,
  grid: readonly PlannedSubject[],
  itinerarioId: string | null,
): number {
  if (porDia) return counts.reduce((sum, count) => sum + count, 0);
  return grid
    .filter((item) => item.itinerarioId === null || item.itinerarioId === itinerarioId)
    .reduce((sum, item) => sum + subjectLessons(item, counts), 0);
}

/**
 * One student's planned lessons of the year, from the year's school days (`letivos`), the class's roll
 * mode and grid, and the student's itinerário: see `plannedLessons`. Never fewer than `given`.
 */
export function plannedFromDays(
  letivos: readonly string[],
  porDia: boolean,
  grid: readonly PlannedSubject[],
  itinerarioId: string | null,
  given: number,
): number {
  return Math.max(yearOfPlan(weekdayCounts(letivos), porDia, grid, itinerarioId), given);
}

/** A class's year as planned: school days (a daily roll) or each subject's lessons (a per-lesson roll). */
interface ClassPlan {
  porDia: boolean;
  grid: PlannedSubject[];
}

/**
 * The planned lessons of the year of each student: `of(turmaId, alunoId, given)` is the school days of
 * the calendar for a class with a daily roll, and for a per-lesson class the grid's lessons on each of
 * them (`lessonsOnWeekday`, as the roll call and the family's year outlook count them) — of the common
 * subjects and of the student's own itinerário. A subject whose weekdays are not set counts its weekly
 * lessons spread over the five weekdays. Never fewer than the lessons already given (`given`: a roll
 * outside the grid still counts), so a year without a calendar keeps the lessons given as its base.
 * `subject(turmaId, disciplina, given)` is one subject's year, for a per-subject figure.
 */
export async function plannedLessons(
  db: DbOrTx,
  range: { de: string; ate: string },
  classIds: readonly (string | null)[],
  alunoIds: readonly string[],
) {
  const ids = [...new Set(classIds.filter((id): id is string => id !== null))];
  const plans = new Map<string, ClassPlan>();
  const chosen = new Map<string, string>();
  let counts = weekdayCounts([]);
  if (ids.length > 0) {
    const [days, rows, grid, choices] = await Promise.all([
      classifyRange(db, range.de, range.ate),
      db
        .select({ id: classes.id, modo: classes.frequenciaModo })
        .from(classes)
        .where(inArray(classes.id, ids)),
      plannedGridsOf(db, ids),
      alunoIds.length === 0
        ? []
        : db
            .select({
              alunoId: studentItinerarios.alunoId,
              turmaId: studentItinerarios.turmaId,
              itinerarioId: studentItinerarios.itinerarioId,
            })
            .from(studentItinerarios)
            .where(inArray(studentItinerarios.alunoId, [...alunoIds])),
    ]);
    counts = weekdayCounts(days.filter((day) => day.letivo).map((day) => day.data));
    for (const row of rows)
      plans.set(row.id, {
        porDia: row.modo === 'diaria',
        grid: grid.get(row.id) ?? [],
      });
    for (const choice of choices) chosen.set(`${choice.alunoId}\u0000${choice.turmaId}`, choice.itinerarioId);
  }
  return {
    of(turmaId: string | null, alunoId: string, given: number): number {
      const plan = turmaId === null ? undefined : plans.get(turmaId);
      if (!plan) return given;
      const own = chosen.get(`${alunoId}\u0000${turmaId ?? ''}`) ?? null;
      return Math.max(yearOfPlan(counts, plan.porDia, plan.grid, own), given);
    },
    subject(turmaId: string | null, disciplina: string, given: number): number {
      const plan = turmaId === null ? undefined : plans.get(turmaId);
      const item = plan?.grid.find((subject) => subject.disciplina === disciplina);
      return Math.max(item ? subjectLessons(item, counts) : 0, given);
    },
  };
}

/** One class's plan for one student (the letter, a student's record). */
export async function plannedLessonsOf(
  db: DbOrTx,
  range: { de: string; ate: string },
  turmaId: string | null,
  alunoId: string,
) {
  const plan = await plannedLessons(db, range, [turmaId], [alunoId]);
  return {
    total: (given: number) => plan.of(turmaId, alunoId, given),
    subject: (disciplina: string, given: number) => plan.subject(turmaId, disciplina, given),
  };
}
