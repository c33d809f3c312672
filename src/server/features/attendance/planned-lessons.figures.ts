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

/** A class's year as planned: school days (a daily roll) or each subject's lessons (a per-lesson roll). */
interface ClassPlan {
  porDia: boolean;
  days: number;
  subjects: { disciplina: string; itinerarioId: string | null; lessons: number }[];
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
  if (ids.length > 0) {
    const [days, rows, grid, choices] = await Promise.all([
      classifyRange(db, range.de, range.ate),
      db
        .select({ id: classes.id, modo: classes.frequenciaModo })
        .from(classes)
        .where(inArray(classes.id, ids)),
      db
        .select({
          turmaId: classSubjects.turmaId,
          disciplina: classSubjects.disciplina,
          itinerarioId: classSubjects.itinerarioId,
          aulasSemanais: classSubjects.aulasSemanais,
          diasSemana: classSubjects.diasSemana,
        })
        .from(classSubjects)
        .where(inArray(classSubjects.turmaId, ids)),
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
    const letivos = days.filter((day) => day.letivo).map((day) => weekdayOf(day.data));
    for (const row of rows) {
      const subjects = grid
        .filter((item) => item.turmaId === row.id)
        .map((item) => ({
          disciplina: item.disciplina,
          itinerarioId: item.itinerarioId,
          lessons:
            item.diasSemana.length === 0
              ? Math.floor((item.aulasSemanais * letivos.length) / 5)
              : letivos.reduce(
                  (sum, weekday) => sum + lessonsOnWeekday(item.aulasSemanais, item.diasSemana, weekday),
                  0,
                ),
        }));
      plans.set(row.id, { porDia: row.modo === 'diaria', days: letivos.length, subjects });
    }
    for (const choice of choices) chosen.set(`${choice.alunoId}\u0000${choice.turmaId}`, choice.itinerarioId);
  }
  return {
    of(turmaId: string | null, alunoId: string, given: number): number {
      const plan = turmaId === null ? undefined : plans.get(turmaId);
      if (!plan) return given;
      if (plan.porDia) return Math.max(plan.days, given);
      const own = chosen.get(`${alunoId}\u0000${turmaId ?? ''}`) ?? null;
      const year = plan.subjects
        .filter((item) => item.itinerarioId === null || item.itinerarioId === own)
        .reduce((sum, item) => sum + item.lessons, 0);
      return Math.max(year, given);
    },
    subject(turmaId: string | null, disciplina: string, given: number): number {
      const plan = turmaId === null ? undefined : plans.get(turmaId);
      const item = plan?.subjects.find((subject) => subject.disciplina === disciplina);
      return Math.max(item?.lessons ?? 0, given);
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
