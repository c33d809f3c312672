/**
 * The attendance of a family's children for the guardian's home (issue 38): the figures
 * `getStudentAttendance` gives each child (`geral`, the stage's minimum, how many subjects) and the year
 * ahead (`yearOutlook`), for all the children at once — the lessons given and the absences in one read
 * each, whatever the number of children, and the school-wide rows (the year, its rules, the calendar
 * ahead) from the school's cache (lib/school-cache.ts). The same numbers as the child's own screen.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { tutelaryLimit, type FrequencyFigures } from '../../../shared/attendance.schemas.js';
import { stageRulesOf } from '../../../shared/stage-rules.js';
import type { DbOrTx } from '../../db/client.js';
import type { ClassRow } from '../../db/schema/classes.js';
import type { StudentRow } from '../../db/schema/students.js';
import { attendanceAbsences, attendanceRolls, classMemberships } from '../../db/schema/attendance.js';
import { clock } from '../../lib/clock.js';
import type { SchoolReads } from '../../lib/school-cache.js';
import { rulesForYear } from '../calendar/index.js';
import { itinerariosOfClasses, tookSubjectOn } from '../curriculum/index.js';
import { plannedFromDays, plannedGridsOf, plannedLessonsOf } from './planned-lessons.figures.js';
import {
  classYear,
  figuresOf,
  rollInMembership,
  schoolYearDays,
  yearOutlook,
  yearRange,
} from './attendance.figures.js';

/** What the home knows of a child (its class, from the same read as the child). */
export interface FamilyChild {
  id: string;
  turmaId: string | null;
  turmaAno: string | null;
  nivel: string | null;
  serie: string | null;
  modo: ClassRow['frequenciaModo'] | null;
  status: StudentRow['status'];
  /** The child's first day in a class of their class's school year (null: none). */
  desde?: string | null;
}

export type FamilyChildAttendance = FrequencyFigures & {
  frequencia_minima: number | null;
  por_dia: boolean;
  previstas_ano: number | null;
  limite_faltas_ano: number | null;
  /** The most absences the Conselho Tutelar line allows in the year (`tutelaryLimit`); null: no line. */
  limite_faltas_conselho: number | null;
};

/** Each child's figures, by id (see the file's comment). */
export async function familyAttendance(
  db: DbOrTx,
  school: SchoolReads,
  children: readonly FamilyChild[],
): Promise<Map<string, FamilyChildAttendance>> {
  const result = new Map<string, FamilyChildAttendance>();
  if (children.length === 0) return result;
  const today = clock.today();
  // The year's school days are the same for every child: read once, and only when a child is in a class.
  // They are the base of the planned lessons and of the Conselho Tutelar line (ADR 0117).
  const yearDays = children.some((child) => child.turmaId && child.status === 'ativo')
    ? await school.get(`year-days:${today}`, () => schoolYearDays(db))
    : null;
  // The year's outlook is known while the current year is on (none, or ended: not known).
  const yearOn = yearDays !== null && !yearDays.ended;
  // Each child's year (its class's, as the child's screen shows), and the year's rules.
  const years = await Promise.all(
    children.map((child) => {
      const ano = classYear(child.turmaAno);
      return school.get(`year-range:${ano ?? 'atual'}:${today}`, () => yearRange(db, ano));
    }),
  );
  const rulesOf = await Promise.all(
    years.map((range) =>
      school.get(`rules:${range.anoLetivoId ?? 'atuais'}`, () => rulesForYear(db, range.anoLetivoId)),
    ),
  );
  // The children of one range (all of them, almost always) in one read of the lessons and one of absences.
  const groups = new Map<string, { de: string; ate: string; ids: string[] }>();
  children.forEach((child, index) => {
    const { de, ate } = years[index]!;
    const group = groups.get(`${de}:${ate}`) ?? { de, ate, ids: [] };
    group.ids.push(child.id);
    groups.set(`${de}:${ate}`, group);
  });
  const reads = await Promise.all(
    [...groups.values()].map(async ({ de, ate, ids }) => {
      const inRange = and(gte(attendanceRolls.data, de), lte(attendanceRolls.data, ate));
      return Promise.all([
        db
          .select({
            alunoId: classMemberships.alunoId,
            turmaId: attendanceRolls.turmaId,
            disciplina: attendanceRolls.disciplina,
            data: attendanceRolls.data,
            total: sql<number>`count(*)`.mapWith(Number),
          })
          .from(classMemberships)
          .innerJoin(attendanceRolls, rollInMembership)
          .where(and(inArray(classMemberships.alunoId, ids), inRange))
          .groupBy(
            classMemberships.alunoId,
            attendanceRolls.turmaId,
            attendanceRolls.disciplina,
            attendanceRolls.data,
          ),
        // The tallies of `getStudentAttendance`: every absence of the range in a membership, counted
        // (not abonada), justified (counted, with a justificativa) and excused (abonada).
        db
          .select({
            alunoId: attendanceAbsences.alunoId,
            counted: sql<number>`count(*) filter (where not ${attendanceAbsences.abonada})`.mapWith(Number),
            justified:
              sql<number>`count(*) filter (where not ${attendanceAbsences.abonada} and coalesce(${attendanceAbsences.justificativa}, '') <> '')`.mapWith(
                Number,
              ),
            excused: sql<number>`count(*) filter (where ${attendanceAbsences.abonada})`.mapWith(Number),
          })
          .from(attendanceAbsences)
          .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
          .where(
            and(
              inArray(attendanceAbsences.alunoId, ids),
              inRange,
              sql`exists (select 1 from ${classMemberships} where ${classMemberships.alunoId} = ${attendanceAbsences.alunoId} and ${rollInMembership})`,
            ),
          )
          .groupBy(attendanceAbsences.alunoId),
      ]);
    }),
  );
  const given = reads.flatMap(([rows]) => rows);
  const tallies = new Map(reads.flatMap(([, rows]) => rows.map((row) => [row.alunoId, row] as const)));
  // The grids of the per-lesson classes whose year ahead is counted (yearOutlook reads them).
  const gridClasses = [
    ...new Set(
      children
        .filter((child) => child.turmaId && child.status === 'ativo' && child.modo !== 'diaria')
        .map((child) => child.turmaId!),
    ),
  ];
  // Ensino Médio: an itinerário's lesson is the child's on the days it was their itinerário (tookSubjectOn),
  // and the child's current choice picks its subjects of the year's plan: one read of both.
  const itinerarios = await itinerariosOfClasses(db, [
    ...new Set([...given.filter((row) => row.disciplina !== null).map((row) => row.turmaId), ...gridClasses]),
  ]);
  // Also the year's plan of those classes (the Conselho Tutelar line): read whenever there is one.
  const grids = await plannedGridsOf(db, gridClasses);
  /**
   * The lessons the child's year plans (ADR 0117): the current year's days read above, else read here;
   * from `desde` on when given (the days since the child joined).
   */
  const plannedOf = async (
    child: FamilyChild,
    range: { de: string; ate: string },
    given: number,
    desde = range.de,
  ) => {
    if (yearDays && child.turmaId && yearDays.de === range.de && yearDays.ate === range.ate)
      return plannedFromDays(
        yearDays.letivos.filter((day) => day >= desde),
        child.modo === 'diaria',
        grids.get(child.turmaId) ?? [],
        itinerarios.get(child.turmaId)?.choiceOf.get(child.id)?.id ?? null,
        given,
      );
    return (await plannedLessonsOf(db, { de: desde, ate: range.ate }, child.turmaId, child.id)).total(given);
  };
  for (const [index, child] of children.entries()) {
    const perSubject = new Map<string | null, number>();
    for (const row of given)
      if (
        row.alunoId === child.id &&
        (row.disciplina === null ||
          tookSubjectOn(itinerarios.get(row.turmaId)!, child.id, row.disciplina, row.data))
      )
        perSubject.set(row.disciplina, (perSubject.get(row.disciplina) ?? 0) + row.total);
    const rules = stageRulesOf(
      child.nivel && child.serie ? { nivel: child.nivel, serie: child.serie } : null,
      rulesOf[index]!,
    );
    const totalGiven = [...perSubject.values()].reduce((sum, total) => sum + total, 0);
    const tally = tallies.get(child.id);
    const planned = await plannedOf(child, years[index]!, totalGiven);
    // The 75 % is over the lessons given while the child belonged to a class (the boletim's, the year's
    // closing): the year ahead of one who joined mid-year counts from that day, not from the year's first
    // (before, 'até 53 faltas mantêm os 75 %' for a child who may miss 7). The Conselho Tutelar line stays
    // a count for the whole year (ADR 0117).
    const desde = child.desde ?? null;
    const plannedHere =
      desde !== null && desde > years[index]!.de
        ? await plannedOf(child, years[index]!, totalGiven, desde)
        : planned;
    const geral = figuresOf(
      totalGiven,
      tally?.counted ?? 0,
      tally?.justified ?? 0,
      tally?.excused ?? 0,
      rules,
      planned,
    );
    const subjects = [...perSubject.keys()].filter((disciplina) => disciplina !== null).length;
    const outlook = await yearOutlook(
      db,
      child,
      yearOn,
      geral,
      subjects,
      plannedHere,
      rules.minima,
      child.turmaId ? grids.get(child.turmaId) : undefined,
    );
    result.set(child.id, {
      ...geral,
      ...outlook,
      frequencia_minima: rules.minima,
      limite_faltas_conselho: planned > 0 ? tutelaryLimit(planned, rules.limiteConselho) : null,
    });
  }
  return result;
}
