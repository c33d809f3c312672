/**
 * The attendance figures the other views share: frequency figures, the year's outlook, tallies and a
 * student's totals. One student's view is in student-attendance.figures.ts, a class's month in
 * class-month.figures.ts, the class frequencies and alerts in class-frequencies.figures.ts.
 */
import { and, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  attendancePercent,
  isBelowMinimum,
  isPastTutelaryLine,
  maxAbsencesForYear,
  FREQUENCIA_MINIMA,
  type FrequencyFigures,
  type SituacaoFalta,
} from '../../../shared/attendance.schemas.js';
import { addDays } from '../../../shared/calendar.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { classifyRange } from '../calendar/index.js';
import { resolveYear, rulesForYear } from '../calendar/index.js';
import { stageRulesOf, type ClassRules } from '../../../shared/stage-rules.js';
import { type ClassRow } from '../../db/schema/classes.js';
import { students, type StudentRow } from '../../db/schema/students.js';
import { attendanceAbsences, attendanceRolls, classMemberships } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { itinerariosOfClasses, subjectSpans } from '../curriculum/index.js';

/**
 * Attendance figures: % = (given − counted absences) / given, where 'given' is the rolls taken for the
 * class while the student belonged to it, and counted absences exclude the 'abonadas' (justified ones
 * count, as the law has it). Every query joins the membership history, so a student enrolled or moved
 * mid-year counts only the days they belonged.
 */

/** A roll `r` that falls inside membership `m` (and so counts for m's student). */
export const rollInMembership = sql`${attendanceRolls.turmaId} = ${classMemberships.turmaId} and ${attendanceRolls.data} >= ${classMemberships.inicio} and (${classMemberships.fim} is null or ${attendanceRolls.data} <= ${classMemberships.fim})`;

/**
 * The absences that count (not abonadas) of active students, each in the class the student belonged
 * to on the roll's day, summed per `key`: a student (`alunoId`) or the student's current class.
 */
export function countAbsencesBy<Key extends typeof attendanceAbsences.alunoId | typeof students.turmaId>(
  db: DbOrTx,
  key: Key,
  ...conditions: (SQL | undefined)[]
) {
  return db
    .select({ key, total: sql<number>`count(*)`.mapWith(Number) })
    .from(attendanceAbsences)
    .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
    .innerJoin(
      classMemberships,
      and(eq(classMemberships.alunoId, attendanceAbsences.alunoId), rollInMembership),
    )
    .innerJoin(students, eq(students.id, attendanceAbsences.alunoId))
    .where(and(eq(attendanceAbsences.abonada, false), eq(students.status, 'ativo'), ...conditions))
    .groupBy(key);
}

/**
 * A student's (or a subject's) figures. `planned`: the lessons the year plans (`plannedLessons`), the
 * base of the Conselho Tutelar line (a count for the year, ADR 0117); the 75 % is over `given`.
 */
export function figuresOf(
  given: number,
  counted: number,
  justified: number,
  excused: number,
  rules: { minima: number | null; limiteConselho: number | null },
  planned: number,
): FrequencyFigures {
  return {
    aulas_dadas: given,
    faltas: counted,
    faltas_justificadas: justified,
    faltas_abonadas: excused,
    frequencia: attendancePercent(given, counted),
    abaixo_minimo: isBelowMinimum(given, counted, rules.minima),
    acima_limite_conselho: isPastTutelaryLine(planned, counted, rules.limiteConselho),
  };
}

export function situacaoOf(row: { abonada: boolean; justificativa: string | null }): SituacaoFalta {
  if (row.abonada) return 'abonada';
  return row.justificativa ? 'justificada' : 'injustificada';
}

/** A class's `ano_letivo` as a year number, when it is one. */
export function classYear(anoLetivo: string | null): number | undefined {
  return anoLetivo !== null && /^\d{4}$/.test(anoLetivo) ? Number(anoLetivo) : undefined;
}

export async function yearRange(db: DbOrTx, ano: number | undefined) {
  const year = await resolveYear(db, ano);
  if (year) return { ano: year.ano, de: year.inicio, ate: year.fim, anoLetivoId: year.id };
  const fallback = ano ?? Number(clock.today().slice(0, 4));
  return {
    ano: fallback,
    de: `${String(fallback)}-01-01`,
    ate: `${String(fallback)}-12-31`,
    anoLetivoId: null as string | null,
  };
}

/**
 * The rules of a class in a year (its stage's minimum and Conselho Tutelar line, from Configurações →
 * Acadêmico, or those a closed year kept): returns the function giving them for any class, so a list of
 * students of several stages reads the settings once.
 */
export async function classRulesIn(
  db: DbOrTx,
  anoLetivoId: string | null,
): Promise<(turma: { nivel: string | null; serie: string | null } | null) => ClassRules> {
  const rules = await rulesForYear(db, anoLetivoId);
  return (turma) =>
    stageRulesOf(turma?.nivel && turma.serie ? { nivel: turma.nivel, serie: turma.serie } : null, rules);
}

/**
 * The school days left in the current year, from tomorrow (or the year's start) to its end: the same for
 * every student, so read once for all of a family's children. Null without a current year or once it
 * has ended.
 */
export async function schoolDaysAhead(db: DbOrTx): Promise<string[] | null> {
  const year = await resolveYear(db);
  const today = clock.today();
  if (!year || today > year.fim) return null;
  const from = today < year.inicio ? year.inicio : addDays(today, 1);
  if (from > year.fim) return [];
  return (await classifyRange(db, from, year.fim)).filter((day) => day.letivo).map((day) => day.data);
}

/**
 * The current year's school days, read once for the family's home: the whole year's (`letivos`, the
 * base of the year's planned lessons and of the Conselho Tutelar line, ADR 0117) and whether the year is
 * still on (`ended`: today is past its last day). Null without a current year.
 */
export async function schoolYearDays(
  db: DbOrTx,
): Promise<{ de: string; ate: string; letivos: string[]; ended: boolean } | null> {
  const year = await resolveYear(db);
  if (!year) return null;
  const letivos = (await classifyRange(db, year.inicio, year.fim))
    .filter((day) => day.letivo)
    .map((day) => day.data);
  return { de: year.inicio, ate: year.fim, letivos, ended: clock.today() > year.fim };
}

/** A class's grid as the year ahead counts it: each subject's lessons a week and their weekdays. */
export type Grid = { aulasSemanais: number; diasSemana: number[] }[];

/**
 * The year of a student, for the 75 % line read in context (the guardian's home): whether the figures
 * are days (a daily roll) and the year's total — `planned`, the year's planned lessons as the calendar
 * counts them (`plannedLessons`: its dias letivos for a daily roll, the grid's lessons on them for a
 * per-lesson one; the same count as the Calendário's year and the Conselho Tutelar line) — with the
 * absences that total allows. The total is null when it cannot be known: no active class, no current
 * school year (`yearOn` false: none, or it has ended), a per-lesson grid without the days of its lessons.
 */
export async function yearOutlook(
  db: DbOrTx,
  student: { turmaId: string | null; modo: ClassRow['frequenciaModo'] | null; status: StudentRow['status'] },
  yearOn: boolean,
  geral: FrequencyFigures,
  porDisciplina: number,
  /** The year's planned lessons of the student (`plannedFromDays` / `plannedLessons`). */
  planned: number,
  /** The class's stage's minimum (%); null: none (the creche), no limit to count down to. */
  minima: number | null = FREQUENCIA_MINIMA,
  /** The class's grid when the caller read it already (several children at once); else read here. */
  knownGrid?: Grid,
): Promise<{ por_dia: boolean; previstas_ano: number | null; limite_faltas_ano: number | null }> {
  const { turmaId, modo } = student;
  // Rolls of the day only (or none yet in a daily class): the figures are school days.
  const porDia = porDisciplina === 0 && (geral.aulas_dadas > 0 || modo === 'diaria');
  const unknown = { por_dia: porDia, previstas_ano: null, limite_faltas_ano: null };
  if (!turmaId || student.status !== 'ativo' || !yearOn || minima === null) return unknown;
  if (modo !== 'diaria') {
    const grid =
      knownGrid ??
      (await db
        .select({ aulasSemanais: classSubjects.aulasSemanais, diasSemana: classSubjects.diasSemana })
        .from(classSubjects)
        .where(eq(classSubjects.turmaId, turmaId)));
    // A subject without the days of its lessons never shows on a day: the year's total is not known.
    if (grid.length === 0 || grid.some((item) => item.aulasSemanais > 0 && item.diasSemana.length === 0))
      return unknown;
  }
  const total = Math.max(planned, geral.aulas_dadas);
  if (total === 0) return unknown;
  return { por_dia: porDia, previstas_ano: total, limite_faltas_ano: maxAbsencesForYear(total, minima) };
}

export interface AttendanceTally {
  /** Lessons given while the student belonged to the class, per subject (null: daily roll). */
  given: Map<string | null, number>;
  /** Absences that count (not 'abonadas'), with their date and subject. */
  counted: { data: string; disciplina: string | null }[];
  /**
   * The days of each lesson given of some subjects (a day once per lesson), asked for with `dated`: a
   * student who changed itinerário had a subject's lessons only while in its itinerário.
   */
  givenOn: Map<string, string[]>;
}

/**
 * What several students' boletins read of attendance, in two queries: lessons given per subject while
 * each belonged to the class, and the absences that count. The same figures as `getStudentAttendance`.
 */
export async function attendanceTallies(
  db: DbOrTx,
  alunoIds: readonly string[],
  range: { de: string; ate: string },
  /** These students' lessons of these subjects, day by day (`givenOn`). */
  dated: { alunoIds: readonly string[]; disciplinas: readonly string[] } = { alunoIds: [], disciplinas: [] },
): Promise<Map<string, AttendanceTally>> {
  const result = new Map<string, AttendanceTally>(
    alunoIds.map((id) => [id, { given: new Map(), counted: [], givenOn: new Map() }]),
  );
  if (alunoIds.length === 0) return result;
  const inRange = and(gte(attendanceRolls.data, range.de), lte(attendanceRolls.data, range.ate));
  const [given, absences] = await Promise.all([
    db
      .select({
        alunoId: classMemberships.alunoId,
        disciplina: attendanceRolls.disciplina,
        total: sql<number>`count(*)`.mapWith(Number),
      })
      .from(classMemberships)
      .innerJoin(attendanceRolls, rollInMembership)
      .where(and(inArray(classMemberships.alunoId, [...alunoIds]), inRange))
      .groupBy(classMemberships.alunoId, attendanceRolls.disciplina),
    db
      .select({
        alunoId: attendanceAbsences.alunoId,
        data: attendanceRolls.data,
        disciplina: attendanceRolls.disciplina,
      })
      .from(attendanceAbsences)
      .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
      .where(
        and(
          inArray(attendanceAbsences.alunoId, [...alunoIds]),
          eq(attendanceAbsences.abonada, false),
          inRange,
          sql`exists (select 1 from ${classMemberships} where ${classMemberships.alunoId} = ${attendanceAbsences.alunoId} and ${rollInMembership})`,
        ),
      ),
  ]);
  for (const row of given) result.get(row.alunoId)!.given.set(row.disciplina, row.total);
  if (dated.alunoIds.length > 0 && dated.disciplinas.length > 0) {
    const days = await db
      .select({
        alunoId: classMemberships.alunoId,
        disciplina: attendanceRolls.disciplina,
        data: attendanceRolls.data,
      })
      .from(classMemberships)
      .innerJoin(attendanceRolls, rollInMembership)
      .where(
        and(
          inArray(classMemberships.alunoId, [...dated.alunoIds]),
          inArray(attendanceRolls.disciplina, [...dated.disciplinas]),
          inRange,
        ),
      );
    for (const row of days) {
      const { givenOn } = result.get(row.alunoId)!;
      givenOn.set(row.disciplina!, [...(givenOn.get(row.disciplina!) ?? []), row.data]);
    }
  }
  for (const row of absences)
    result.get(row.alunoId)!.counted.push({ data: row.data, disciplina: row.disciplina });
  return result;
}

export interface StudentTotals {
  alunoId: string;
  turmaId: string | null;
  given: number;
  counted: number;
}

/** The first index whose value is greater than `date` in a sorted list of dates. */
function upperBound(dates: string[], date: string): number {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (dates[middle]! <= date) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Given and counted absences of every active student over a range, optionally only some. Rolls are
 * read once per class and day and summed with prefix sums, so a membership costs a binary search, not
 * a join over every roll of the year; absences that count are grouped in the database.
 */
export async function studentTotals(
  db: DbOrTx,
  range: { de: string; ate: string },
  where?: SQL,
  /** Only these rolls count (a teacher's: `rollsVisibleTo`); undefined: every one. */
  rolls?: SQL,
): Promise<StudentTotals[]> {
  const readMemberships = () =>
    db
      .select({
        alunoId: classMemberships.alunoId,
        turmaId: classMemberships.turmaId,
        atual: students.turmaId,
        inicio: classMemberships.inicio,
        fim: classMemberships.fim,
      })
      .from(classMemberships)
      .innerJoin(students, eq(students.id, classMemberships.alunoId))
      .where(
        and(
          eq(students.status, 'ativo'),
          lte(classMemberships.inicio, range.ate),
          sql`(${classMemberships.fim} is null or ${classMemberships.fim} >= ${range.de})`,
          where,
        ),
      );
  const inRange = and(gte(attendanceRolls.data, range.de), lte(attendanceRolls.data, range.ate));
  const readRollDays = (inClasses: SQL | undefined) =>
    db
      .select({
        turmaId: attendanceRolls.turmaId,
        data: attendanceRolls.data,
        total: sql<number>`count(*)`.mapWith(Number),
      })
      .from(attendanceRolls)
      .where(and(inRange, inClasses, rolls))
      .groupBy(attendanceRolls.turmaId, attendanceRolls.data)
      .orderBy(attendanceRolls.turmaId, attendanceRolls.data);
  const readCounted = (inClasses: SQL | undefined) =>
    countAbsencesBy(db, attendanceAbsences.alunoId, inRange, inClasses, rolls, where);
  let memberships: Awaited<ReturnType<typeof readMemberships>>;
  let rollDays: Awaited<ReturnType<typeof readRollDays>>;
  let countedRows: Awaited<ReturnType<typeof readCounted>>;
  if (where === undefined) {
    [memberships, rollDays, countedRows] = await Promise.all([
      readMemberships(),
      readRollDays(undefined),
      readCounted(undefined),
    ]);
  } else {
    // Some students only (a teacher's classes, one student): the rolls of the classes they belonged
    // to, by their ids, so both reads go by the index of those classes' rolls instead of over the
    // school's whole year (which a teacher's home did on every visit).
    memberships = await readMemberships();
    const theirClasses = [...new Set(memberships.map((member) => member.turmaId))];
    if (theirClasses.length === 0) return [];
    const inClasses = inArray(attendanceRolls.turmaId, theirClasses);
    [rollDays, countedRows] = await Promise.all([readRollDays(inClasses), readCounted(inClasses)]);
  }
  const classIds = [...new Set(memberships.map((member) => member.turmaId))];
  // Ensino Médio: the lessons of the itinerários' subjects, per class and subject, taken off for each
  // student but on the days it was their itinerário (subjectSpans, the boletim's rule).
  const itinerarioDays =
    classIds.length === 0
      ? []
      : await db
          .select({
            turmaId: attendanceRolls.turmaId,
            disciplina: attendanceRolls.disciplina,
            data: attendanceRolls.data,
            total: sql<number>`count(*)`.mapWith(Number),
          })
          .from(attendanceRolls)
          .innerJoin(
            classSubjects,
            and(
              eq(classSubjects.turmaId, attendanceRolls.turmaId),
              eq(classSubjects.disciplina, attendanceRolls.disciplina),
            ),
          )
          .where(
            and(
              inRange,
              inArray(attendanceRolls.turmaId, classIds),
              rolls,
              isNotNull(classSubjects.itinerarioId),
            ),
          )
          .groupBy(attendanceRolls.turmaId, attendanceRolls.disciplina, attendanceRolls.data)
          .orderBy(attendanceRolls.turmaId, attendanceRolls.disciplina, attendanceRolls.data);
  const itinerarios = await itinerariosOfClasses(
    db,
    itinerarioDays.map((row) => row.turmaId),
  );
  const subjectsOf = new Map<string, Set<string>>();
  for (const row of itinerarioDays) {
    const subjects = subjectsOf.get(row.turmaId) ?? new Set<string>();
    subjects.add(row.disciplina!);
    subjectsOf.set(row.turmaId, subjects);
  }
  const byClass = new Map<string, { dates: string[]; running: number[] }>();
  const keyOf = (turmaId: string, disciplina: string | null) =>
    disciplina === null ? turmaId : `${turmaId}\u0000${disciplina}`;
  const rows = [...rollDays.map((row) => ({ ...row, disciplina: null })), ...itinerarioDays];
  for (const row of rows) {
    const key = keyOf(row.turmaId, row.disciplina);
    const entry = byClass.get(key) ?? { dates: [], running: [0] };
    entry.dates.push(row.data);
    entry.running.push(entry.running.at(-1)! + row.total);
    byClass.set(key, entry);
  }
  const rollsBetween = (key: string, from: string, to: string) => {
    const entry = byClass.get(key);
    if (!entry || to < from) return 0;
    const end = upperBound(entry.dates, to);
    const start = upperBound(entry.dates, addDays(from, -1));
    return entry.running[end]! - entry.running[start]!;
  };
  const given = new Map<string, { turmaId: string | null; total: number }>();
  for (const member of memberships) {
    const from = member.inicio > range.de ? member.inicio : range.de;
    const to = member.fim !== null && member.fim < range.ate ? member.fim : range.ate;
    const current = given.get(member.alunoId) ?? { turmaId: member.atual, total: 0 };
    current.total += rollsBetween(keyOf(member.turmaId, null), from, to);
    for (const disciplina of subjectsOf.get(member.turmaId) ?? []) {
      const key = keyOf(member.turmaId, disciplina);
      current.total -= rollsBetween(key, from, to);
      for (const span of subjectSpans(itinerarios.get(member.turmaId)!, member.alunoId, disciplina))
        current.total += rollsBetween(
          key,
          span.desde !== null && span.desde > from ? span.desde : from,
          span.ate !== null && addDays(span.ate, -1) < to ? addDays(span.ate, -1) : to,
        );
    }
    given.set(member.alunoId, current);
  }
  const counted = new Map(countedRows.map((row) => [row.key, row.total]));
  return [...given].map(([alunoId, row]) => ({
    alunoId,
    turmaId: row.turmaId,
    given: row.total,
    counted: counted.get(alunoId) ?? 0,
  }));
}
