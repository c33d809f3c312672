/**
 * What a boletim is built from: the year's, the class's and the student's inputs, read in a few queries per
 * batch.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PeriodState } from '../../../shared/grades.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { diaryAccessOf, type Viewer } from '../classes/index.js';
import { attendanceTallies, type AttendanceTally } from '../attendance/index.js';
import { schoolPeriods, type SchoolPeriodRow, type SchoolYearRow } from '../../db/schema/calendar.js';
import { type ClassRow } from '../../db/schema/classes.js';
import {
  assessments,
  councilDecisions,
  finalRecoveries,
  grades,
  yearClosures,
  type CouncilDecisionRow,
} from '../../db/schema/grades.js';
import { periodStatesFor } from '../calendar/index.js';
import { readSubjectOrder, type SubjectOrder } from '../disciplinas/index.js';
import { groupBy } from '../../../shared/group-by.js';
import { addDays } from '../../../shared/calendar.js';
import { subjectKey, type Area } from '../../../shared/disciplinas.schemas.js';
import {
  annualMinutes,
  AULA_MINUTOS_PADRAO,
  isEnsinoMedio,
  minutesToHours,
} from '../../../shared/ensino-medio.js';
import { disciplinas } from '../../db/schema/disciplinas.js';
import { itinerariosOfClass } from '../curriculum/index.js';

export interface YearInputs {
  periods: SchoolPeriodRow[];
  closed: boolean;
  /** The catalogue's order of subjects (the boletim lists them so). */
  subjectOrder: SubjectOrder;
  /** Each subject's área, by folded name. */
  areaOf: Map<string, Area>;
}

export async function yearInputs(db: DbOrTx, year: SchoolYearRow): Promise<YearInputs> {
  const [periods, closure, subjectOrder, catalogue] = await Promise.all([
    db
      .select()
      .from(schoolPeriods)
      .where(eq(schoolPeriods.anoLetivoId, year.id))
      .orderBy(asc(schoolPeriods.numero)),
    db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, year.id)),
    readSubjectOrder(db),
    db.select({ nome: disciplinas.nome, area: disciplinas.area }).from(disciplinas),
  ]);
  return {
    periods,
    closed: closure.length > 0,
    subjectOrder,
    areaOf: new Map(catalogue.map((row) => [subjectKey(row.nome), row.area])),
  };
}

export interface ClassInputs {
  /** The class takes the roll once a day (Fundamental I): absences are per day, not per subject. */
  daily: boolean;
  states: Map<string, PeriodState>;
  /** The class's grid: its subjects show even before any assessment. */
  grid: string[];
  /** The subjects a teacher sees (null: every one). */
  visible: Set<string> | null;
  /** Hours a year of each subject of the grid. */
  hoursOf: Map<string, number>;
  /** Ensino Médio: the itinerário of each of its subjects, and each student's choice. */
  itinerarios: Awaited<ReturnType<typeof itinerariosOfClass>>;
  medio: boolean;
  /** Minutes of one lesson: the hours of the lessons a student had of a subject they left. */
  aulaMinutos: number;
}

/** Whose lessons of which subjects the boletim reads day by day: students who changed itinerário. */
export function datedLessonsOf(
  { itinerarios }: Pick<ClassInputs, 'itinerarios'>,
  alunoIds: readonly string[],
): { alunoIds: string[]; disciplinas: string[] } {
  return {
    alunoIds: alunoIds.filter((id) => itinerarios.previousOf.has(id)),
    disciplinas: [...itinerarios.subjectItinerario.keys()],
  };
}

export async function classInputs(
  db: DbOrTx,
  viewer: Viewer,
  { periods }: YearInputs,
  turma: ClassRow | null,
): Promise<ClassInputs> {
  const [states, grid, visible, itinerarios] = await Promise.all([
    periodStatesFor(db, periods, turma?.id ?? null),
    turma
      ? db
          .select({ disciplina: classSubjects.disciplina, aulasSemanais: classSubjects.aulasSemanais })
          .from(classSubjects)
          .where(eq(classSubjects.turmaId, turma.id))
      : Promise.resolve([]),
    viewer.nivel === 'professor' && turma
      ? diaryAccessOf(db, viewer, turma.id).then((access) => access.visible)
      : Promise.resolve(null),
    turma
      ? itinerariosOfClass(db, turma.id)
      : Promise.resolve({ subjectItinerario: new Map(), choiceOf: new Map(), previousOf: new Map() }),
  ]);
  return {
    daily: turma?.frequenciaModo === 'diaria',
    states,
    grid: grid.map((row) => row.disciplina),
    visible,
    hoursOf: new Map(
      grid.map((row) => [
        row.disciplina,
        minutesToHours(annualMinutes(row.aulasSemanais, turma?.aulaMinutos ?? AULA_MINUTOS_PADRAO)),
      ]),
    ),
    itinerarios,
    medio: isEnsinoMedio(turma?.nivel),
    aulaMinutos: turma?.aulaMinutos ?? AULA_MINUTOS_PADRAO,
  };
}

type GradeRow = Pick<
  typeof assessments.$inferSelect,
  'turmaId' | 'disciplina' | 'periodoId' | 'tipo' | 'peso'
> & {
  valor: string | null;
};

export interface StudentInputs {
  decisions: CouncilDecisionRow[];
  attendance: AttendanceTally;
  /** The student's assessments of the year (every class they belonged to), with their grades. */
  rows: GradeRow[];
  /** The recuperação final of each subject (numeric text), ADR 0097. */
  finalRecoveries: Map<string, string>;
  /** The classes the student left (no membership still open there): the first day out of each (ADR 0136). */
  leftClasses: Map<string, string>;
}

export async function studentInputs(
  db: DbOrTx,
  year: SchoolYearRow,
  periods: readonly SchoolPeriodRow[],
  alunoIds: string[],
  /** Lessons read day by day (`datedLessonsOf`). */
  dated?: { alunoIds: string[]; disciplinas: string[] },
): Promise<Map<string, StudentInputs>> {
  const [decisions, attendance, { rows, leftClasses }, recoveries] = await Promise.all([
    db
      .select()
      .from(councilDecisions)
      .where(and(inArray(councilDecisions.alunoId, alunoIds), eq(councilDecisions.anoLetivoId, year.id))),
    attendanceTallies(db, alunoIds, { de: year.inicio, ate: year.fim }, dated),
    gradeRowsOf(db, periods, alunoIds),
    db
      .select({
        alunoId: finalRecoveries.alunoId,
        disciplina: finalRecoveries.disciplina,
        valor: finalRecoveries.valor,
      })
      .from(finalRecoveries)
      .where(and(inArray(finalRecoveries.alunoId, alunoIds), eq(finalRecoveries.anoLetivoId, year.id))),
  ]);
  const result = new Map<string, StudentInputs>(
    alunoIds.map((id) => [
      id,
      {
        decisions: [],
        attendance: attendance.get(id)!,
        rows: [],
        finalRecoveries: new Map(),
        leftClasses: leftClasses.get(id) ?? new Map<string, string>(),
      },
    ]),
  );
  for (const row of recoveries) result.get(row.alunoId)!.finalRecoveries.set(row.disciplina, row.valor);
  for (const row of decisions) result.get(row.alunoId)!.decisions.push(row);
  for (const row of rows) result.get(row.alunoId)!.rows.push(row);
  return result;
}

/**
 * Each student's assessments of the year in every class they belonged to, with their grades, and the
 * classes they left (every membership there ended: the first day out, `leftClasses`). Three
 * index-friendly reads (memberships, the assessments of those classes, the students' grades) joined
 * here: one join in the database had the planner read every grade of the school for each class.
 */
async function gradeRowsOf(
  db: DbOrTx,
  periods: readonly SchoolPeriodRow[],
  alunoIds: string[],
): Promise<{ rows: (GradeRow & { alunoId: string })[]; leftClasses: Map<string, Map<string, string>> }> {
  const none = { rows: [], leftClasses: new Map<string, Map<string, string>>() };
  if (periods.length === 0) return none;
  const spans = await db
    .select({
      alunoId: classMemberships.alunoId,
      turmaId: classMemberships.turmaId,
      fim: classMemberships.fim,
    })
    .from(classMemberships)
    .where(inArray(classMemberships.alunoId, alunoIds));
  if (spans.length === 0) return none;
  const open = new Set(
    spans.filter((span) => span.fim === null).map((span) => `${span.alunoId}:${span.turmaId}`),
  );
  const leftClasses = new Map<string, Map<string, string>>();
  for (const { alunoId, turmaId, fim } of spans) {
    if (fim === null || open.has(`${alunoId}:${turmaId}`)) continue;
    const left = leftClasses.get(alunoId) ?? new Map<string, string>();
    const day = addDays(fim, 1);
    if ((left.get(turmaId) ?? '') < day) left.set(turmaId, day);
    leftClasses.set(alunoId, left);
  }
  const memberships = [...new Map(spans.map((span) => [`${span.alunoId}:${span.turmaId}`, span])).values()];
  const columns = await db
    .select({
      id: assessments.id,
      turmaId: assessments.turmaId,
      disciplina: assessments.disciplina,
      periodoId: assessments.periodoId,
      tipo: assessments.tipo,
      peso: assessments.peso,
    })
    .from(assessments)
    .where(
      and(
        inArray(
          assessments.periodoId,
          periods.map((period) => period.id),
        ),
        inArray(assessments.turmaId, [...new Set(memberships.map((row) => row.turmaId))]),
      ),
    );
  if (columns.length === 0) return { ...none, leftClasses };
  const given = await db
    .select({ avaliacaoId: grades.avaliacaoId, alunoId: grades.alunoId, valor: grades.valor })
    .from(grades)
    .where(
      and(
        inArray(grades.alunoId, alunoIds),
        inArray(
          grades.avaliacaoId,
          columns.map((column) => column.id),
        ),
      ),
    );
  const valueOf = new Map(given.map((row) => [`${row.avaliacaoId}:${row.alunoId}`, row.valor]));
  const byClass = groupBy(columns, (column) => column.turmaId);
  const rows = memberships.flatMap((membership) =>
    (byClass.get(membership.turmaId) ?? []).map((column) => ({
      alunoId: membership.alunoId,
      turmaId: column.turmaId,
      disciplina: column.disciplina,
      periodoId: column.periodoId,
      tipo: column.tipo,
      peso: column.peso,
      valor: valueOf.get(`${column.id}:${membership.alunoId}`) ?? null,
    })),
  );
  return { rows, leftClasses };
}
