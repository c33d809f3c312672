import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  attendancePercent,
  isBelowMinimum,
  isPastTutelaryLine,
  FREQUENCIA_MINIMA,
  LIMITE_CONSELHO_TUTELAR,
  maxAbsencesForYear,
  type Absence,
  type AttendanceAlert,
  type AttendanceAlerts,
  type ClassMonth,
  type FrequencyFigures,
  type SituacaoFalta,
  type StudentAttendance,
} from '../../../shared/attendance.schemas.js';
import { addDays, eachDay, lessonsOnWeekday, weekdayOf } from '../../../shared/calendar.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { classifyRange, monthRange, resolveYear } from '../calendar/calendar.service.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { classesInScope, scopeOf, studentsInScope } from '../students/students.scope.js';
import { students, type StudentRow } from '../../db/schema/students.js';
import { classNotFound, diaryAccessOf, rollsVisibleTo, type Viewer } from '../classes/diary-access.js';
import {
  attendanceAbsences,
  attendanceRolls,
  classMemberships,
  tutelaryNotifications,
} from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';

/**
 * Attendance figures: % = (given − counted absences) / given, where 'given' is the rolls taken for the
 * class while the student belonged to it, and counted absences exclude the 'abonadas' (justified ones
 * count, as the law has it). Every query joins the membership history, so a student enrolled or moved
 * mid-year counts only the days they belonged.
 */

/** A roll `r` that falls inside membership `m` (and so counts for m's student). */
const rollInMembership = sql`${attendanceRolls.turmaId} = ${classMemberships.turmaId} and ${attendanceRolls.data} >= ${classMemberships.inicio} and (${classMemberships.fim} is null or ${attendanceRolls.data} <= ${classMemberships.fim})`;

export function figuresOf(
  given: number,
  counted: number,
  justified: number,
  excused: number,
): FrequencyFigures {
  return {
    aulas_dadas: given,
    faltas: counted,
    faltas_justificadas: justified,
    faltas_abonadas: excused,
    frequencia: attendancePercent(given, counted),
    abaixo_minimo: isBelowMinimum(given, counted),
    acima_limite_conselho: isPastTutelaryLine(given, counted),
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
  if (year) return { ano: year.ano, de: year.inicio, ate: year.fim };
  const fallback = ano ?? Number(clock.today().slice(0, 4));
  return { ano: fallback, de: `${String(fallback)}-01-01`, ate: `${String(fallback)}-12-31` };
}

/** GET /api/frequencia/alunos/:id — figures per subject and overall, and every absence with its id. */
export async function getStudentAttendance(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  query: { ano?: number | undefined },
): Promise<StudentAttendance> {
  const scope = await scopeOf(db, viewer);
  const [student] = await db
    .select({
      id: students.id,
      nome: students.nome,
      matricula: students.matricula,
      turmaId: classes.id,
      turmaNome: classes.nome,
      turmaAno: classes.anoLetivo,
    })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!student) throw notFound('Aluno não encontrado.');
  // Without a year asked for, the student's class's (a 2027 student's record showed 2026: issue 29).
  const range = await yearRange(db, query.ano ?? classYear(student.turmaAno));
  // A teacher reads only the lessons they teach (rollsVisibleTo): the figures, the absences and their
  // justifications of the student's other subjects and earlier classes stay out.
  const inRange = and(
    gte(attendanceRolls.data, range.de),
    lte(attendanceRolls.data, range.ate),
    rollsVisibleTo(scope),
  );
  const [given, absences] = await Promise.all([
    db
      .select({ disciplina: attendanceRolls.disciplina, total: sql<number>`count(*)`.mapWith(Number) })
      .from(classMemberships)
      .innerJoin(attendanceRolls, rollInMembership)
      .where(and(eq(classMemberships.alunoId, alunoId), inRange))
      .groupBy(attendanceRolls.disciplina),
    db
      .select({
        id: attendanceAbsences.id,
        data: attendanceRolls.data,
        disciplina: attendanceRolls.disciplina,
        aula: attendanceRolls.aula,
        turmaNome: classes.nome,
        justificativa: attendanceAbsences.justificativa,
        abonada: attendanceAbsences.abonada,
        abonoMotivo: attendanceAbsences.abonoMotivo,
        abonadaEm: attendanceAbsences.abonadaEm,
      })
      .from(attendanceAbsences)
      .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
      .innerJoin(classes, eq(classes.id, attendanceRolls.turmaId))
      // From the student's few absences outwards; the membership is a check, not a join to plan around.
      .where(
        and(
          eq(attendanceAbsences.alunoId, alunoId),
          inRange,
          sql`exists (select 1 from ${classMemberships} where ${classMemberships.alunoId} = ${attendanceAbsences.alunoId} and ${rollInMembership})`,
        ),
      )
      .orderBy(desc(attendanceRolls.data), asc(attendanceRolls.disciplina), asc(attendanceRolls.aula)),
  ]);
  const tally = (rows: typeof absences) => ({
    counted: rows.filter((row) => !row.abonada).length,
    justified: rows.filter((row) => !row.abonada && row.justificativa).length,
    excused: rows.filter((row) => row.abonada).length,
  });
  const totalGiven = given.reduce((sum, row) => sum + row.total, 0);
  const all = tally(absences);
  const subjects = given
    .filter((row): row is { disciplina: string; total: number } => row.disciplina !== null)
    .map((row) => {
      const own = tally(absences.filter((absence) => absence.disciplina === row.disciplina));
      return { disciplina: row.disciplina, ...figuresOf(row.total, own.counted, own.justified, own.excused) };
    })
    .sort((a, b) => a.disciplina.localeCompare(b.disciplina, 'pt-BR'));
  const faltas: Absence[] = absences.map((row) => ({
    id: row.id,
    data: row.data,
    turma_nome: row.turmaNome,
    disciplina: row.disciplina,
    aula: row.aula,
    justificativa: row.justificativa,
    situacao: situacaoOf(row),
    abono_motivo: row.abonoMotivo,
    abonada_em: row.abonadaEm ? row.abonadaEm.toISOString() : null,
  }));
  return {
    aluno: {
      id: student.id,
      nome: student.nome,
      matricula: student.matricula,
      turma: student.turmaId && student.turmaNome ? { id: student.turmaId, nome: student.turmaNome } : null,
    },
    ano: range.ano,
    de: range.de,
    ate: range.ate,
    geral: figuresOf(totalGiven, all.counted, all.justified, all.excused),
    por_disciplina: subjects,
    faltas,
    somente_aulas_do_professor: scope.kind === 'teacher',
  };
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
 * The year ahead of a student, for the 75 % line read in context (the guardian's home): whether the
 * figures are days (a daily roll) and the year's total — what was given so far plus what the calendar
 * (`daysAhead`, from schoolDaysAhead) and the class's grid still schedule to the year's end — with the
 * absences that total allows. The total is null when it cannot be known: no active class, no school
 * year, a per-lesson grid without the days of its lessons.
 */
export async function yearOutlook(
  db: DbOrTx,
  student: { turmaId: string | null; modo: ClassRow['frequenciaModo'] | null; status: StudentRow['status'] },
  daysAhead: readonly string[] | null,
  geral: FrequencyFigures,
  porDisciplina: number,
): Promise<{ por_dia: boolean; previstas_ano: number | null; limite_faltas_ano: number | null }> {
  const { turmaId, modo } = student;
  // Rolls of the day only (or none yet in a daily class): the figures are school days.
  const porDia = porDisciplina === 0 && (geral.aulas_dadas > 0 || modo === 'diaria');
  const unknown = { por_dia: porDia, previstas_ano: null, limite_faltas_ano: null };
  if (!turmaId || student.status !== 'ativo' || !daysAhead) return unknown;
  let ahead = 0;
  if (daysAhead.length > 0) {
    if (modo === 'diaria') ahead = daysAhead.length;
    else {
      const grid = await db
        .select({ aulasSemanais: classSubjects.aulasSemanais, diasSemana: classSubjects.diasSemana })
        .from(classSubjects)
        .where(eq(classSubjects.turmaId, turmaId));
      // A subject without the days of its lessons never shows on a day: the year's total is not known.
      if (grid.length === 0 || grid.some((item) => item.aulasSemanais > 0 && item.diasSemana.length === 0))
        return unknown;
      for (const day of daysAhead) {
        const weekday = weekdayOf(day);
        for (const item of grid) ahead += lessonsOnWeekday(item.aulasSemanais, item.diasSemana, weekday);
      }
    }
  }
  const total = geral.aulas_dadas + ahead;
  if (total === 0) return unknown;
  return { por_dia: porDia, previstas_ano: total, limite_faltas_ano: maxAbsencesForYear(total) };
}

export interface AttendanceTally {
  /** Lessons given while the student belonged to the class, per subject (null: daily roll). */
  given: Map<string | null, number>;
  /** Absences that count (not 'abonadas'), with their date and subject. */
  counted: { data: string; disciplina: string | null }[];
}

/**
 * What several students' boletins read of attendance, in two queries: lessons given per subject while
 * each belonged to the class, and the absences that count. The same figures as `getStudentAttendance`.
 */
export async function attendanceTallies(
  db: DbOrTx,
  alunoIds: readonly string[],
  range: { de: string; ate: string },
): Promise<Map<string, AttendanceTally>> {
  const result = new Map<string, AttendanceTally>(
    alunoIds.map((id) => [id, { given: new Map(), counted: [] }]),
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
  for (const row of absences)
    result.get(row.alunoId)!.counted.push({ data: row.data, disciplina: row.disciplina });
  return result;
}

/** GET /api/frequencia/turmas/:id/mes — students × days of a month, for the diary screen. */
export async function getClassMonth(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  query: { mes?: string | undefined },
): Promise<ClassMonth> {
  const access = await diaryAccessOf(db, viewer, turmaId);
  const mes = query.mes ?? clock.today().slice(0, 7);
  const { de, ate } = monthRange(mes);
  const subjectFilter: SQL | undefined =
    access.visible === null
      ? undefined
      : sql`(${attendanceRolls.disciplina} is null or ${attendanceRolls.disciplina} in (${
          access.visible.size === 0
            ? sql`null`
            : sql.join(
                [...access.visible].map((name) => sql`${name}`),
                sql`, `,
              )
        }))`;
  const rollsInMonth = and(
    eq(attendanceRolls.turmaId, turmaId),
    gte(attendanceRolls.data, de),
    lte(attendanceRolls.data, ate),
    subjectFilter,
  );
  const [days, rolls, members, absences] = await Promise.all([
    classifyRange(db, de, ate),
    db
      .select({ data: attendanceRolls.data, total: sql<number>`count(*)`.mapWith(Number) })
      .from(attendanceRolls)
      .where(rollsInMonth)
      .groupBy(attendanceRolls.data),
    // The class's ~40 members looked up by primary key (OFFSET 0 keeps the lateral from being flattened
    // into a scan of every student).
    db
      .execute(
        sql`select s.id, s.nome, s.matricula, ${classMemberships.inicio} as inicio, ${classMemberships.fim} as fim
          from ${classMemberships}
          cross join lateral (
            select ${students.id} as id, ${students.nome} as nome, ${students.matricula} as matricula
            from ${students} where ${students.id} = ${classMemberships.alunoId} offset 0
          ) s
          where ${classMemberships.turmaId} = ${turmaId} and ${classMemberships.inicio} <= ${ate}
            and (${classMemberships.fim} is null or ${classMemberships.fim} >= ${de})
          order by lower(s.nome), s.matricula`,
      )
      .then(
        (result) =>
          (
            result as {
              rows: { id: string; nome: string; matricula: string; inicio: string; fim: string | null }[];
            }
          ).rows,
      ),
    db
      .select({
        alunoId: attendanceAbsences.alunoId,
        data: attendanceRolls.data,
        total: sql<number>`count(*) filter (where not ${attendanceAbsences.abonada})`.mapWith(Number),
      })
      .from(attendanceAbsences)
      .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
      .where(rollsInMonth)
      .groupBy(attendanceAbsences.alunoId, attendanceRolls.data),
  ]);
  const rollsByDay = new Map(rolls.map((row) => [row.data, row.total]));
  const absent = new Map(absences.map((row) => [`${row.alunoId}|${row.data}`, row.total]));
  const dates = eachDay(de, ate);
  // A student who left and came back has two memberships in the month: one line, both spans.
  const lines = new Map<
    string,
    { id: string; nome: string; matricula: string; spans: [string, string | null][] }
  >();
  for (const member of members) {
    const line = lines.get(member.id) ?? {
      id: member.id,
      nome: member.nome,
      matricula: member.matricula,
      spans: [],
    };
    line.spans.push([member.inicio, member.fim]);
    lines.set(member.id, line);
  }
  return {
    turma: { id: access.turma.id, nome: access.turma.nome, frequencia_modo: access.turma.frequenciaModo },
    mes,
    dias: days.map((day) => ({
      data: day.data,
      tipo: day.tipo,
      letivo: day.letivo,
      chamadas: rollsByDay.get(day.data) ?? 0,
    })),
    alunos: [...lines.values()].map((line) => {
      let given = 0;
      let counted = 0;
      const faltas = dates.map((date) => {
        const rollsThatDay = rollsByDay.get(date) ?? 0;
        const belongs = line.spans.some(([inicio, fim]) => date >= inicio && (fim === null || date <= fim));
        if (rollsThatDay === 0 || !belongs) return null;
        const value = absent.get(`${line.id}|${date}`) ?? 0;
        given += rollsThatDay;
        counted += value;
        return value;
      });
      return {
        id: line.id,
        nome: line.nome,
        matricula: line.matricula,
        faltas,
        aulas_dadas: given,
        total_faltas: counted,
        frequencia: attendancePercent(given, counted),
      };
    }),
  };
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
    db
      .select({ alunoId: attendanceAbsences.alunoId, total: sql<number>`count(*)`.mapWith(Number) })
      .from(attendanceAbsences)
      .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
      .innerJoin(
        classMemberships,
        and(eq(classMemberships.alunoId, attendanceAbsences.alunoId), rollInMembership),
      )
      .innerJoin(students, eq(students.id, attendanceAbsences.alunoId))
      .where(
        and(
          eq(attendanceAbsences.abonada, false),
          eq(students.status, 'ativo'),
          inRange,
          inClasses,
          rolls,
          where,
        ),
      )
      .groupBy(attendanceAbsences.alunoId);
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
    const classIds = [...new Set(memberships.map((member) => member.turmaId))];
    if (classIds.length === 0) return [];
    const inClasses = inArray(attendanceRolls.turmaId, classIds);
    [rollDays, countedRows] = await Promise.all([readRollDays(inClasses), readCounted(inClasses)]);
  }
  const byClass = new Map<string, { dates: string[]; running: number[] }>();
  for (const row of rollDays) {
    const entry = byClass.get(row.turmaId) ?? { dates: [], running: [0] };
    entry.dates.push(row.data);
    entry.running.push(entry.running.at(-1)! + row.total);
    byClass.set(row.turmaId, entry);
  }
  const rollsBetween = (turmaId: string, from: string, to: string) => {
    const entry = byClass.get(turmaId);
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
    current.total += rollsBetween(member.turmaId, from, to);
    given.set(member.alunoId, current);
  }
  const counted = new Map(countedRows.map((row) => [row.alunoId, row.total]));
  return [...given].map(([alunoId, row]) => ({
    alunoId,
    turmaId: row.turmaId,
    given: row.total,
    counted: counted.get(alunoId) ?? 0,
  }));
}

/**
 * Per class: the attendance of its active students over the current year, and the whole's (the homes).
 * The same figures as summing `studentTotals` by each student's current class, aggregated in the
 * database instead: students who share a membership span (a class and the same dates: nearly all of
 * a class) count their lessons given once, by the index of that class's rolls, and the absences that
 * count come back per class. A few rows whatever the number of students or school days — a teacher's
 * home read every roll of the year per student before.
 */
export async function classFrequencies(
  db: DbOrTx,
  where?: SQL,
): Promise<{ geral: number | null; turmas: Map<string, number | null> }> {
  const range = await yearRange(db, undefined);
  const spanRows = await db.execute(sql`
    select spans.atual, spans.turma_id, spans.alunos,
      (select count(*)::int from ${attendanceRolls}
        where ${attendanceRolls.turmaId} = spans.turma_id and ${attendanceRolls.data} between spans.de and spans.ate) as aulas
    from (
      select ${students.turmaId} as atual, ${classMemberships.turmaId} as turma_id,
        greatest(${classMemberships.inicio}, ${range.de}::date) as de,
        least(coalesce(${classMemberships.fim}, ${range.ate}::date), ${range.ate}::date) as ate,
        count(*)::int as alunos
      from ${classMemberships}
      inner join ${students} on ${students.id} = ${classMemberships.alunoId}
      where ${and(
        eq(students.status, 'ativo'),
        lte(classMemberships.inicio, range.ate),
        sql`(${classMemberships.fim} is null or ${classMemberships.fim} >= ${range.de})`,
        where,
      )}
      group by 1, 2, 3, 4
    ) spans`);
  const spans = (
    spanRows as { rows: { atual: string | null; turma_id: string; alunos: number; aulas: number }[] }
  ).rows;
  const classIds = [...new Set(spans.map((span) => span.turma_id))];
  const counted =
    classIds.length === 0
      ? []
      : await db
          .select({ atual: students.turmaId, total: sql<number>`count(*)`.mapWith(Number) })
          .from(attendanceAbsences)
          .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
          .innerJoin(
            classMemberships,
            and(eq(classMemberships.alunoId, attendanceAbsences.alunoId), rollInMembership),
          )
          .innerJoin(students, eq(students.id, attendanceAbsences.alunoId))
          .where(
            and(
              eq(attendanceAbsences.abonada, false),
              eq(students.status, 'ativo'),
              gte(attendanceRolls.data, range.de),
              lte(attendanceRolls.data, range.ate),
              // Some students only: their classes' rolls by id (the index), not the school's year.
              where === undefined ? undefined : inArray(attendanceRolls.turmaId, classIds),
              where,
            ),
          )
          .groupBy(students.turmaId);
  const byClass = new Map<string, { given: number; counted: number }>();
  const sumsOf = (turmaId: string) => {
    const sums = byClass.get(turmaId) ?? { given: 0, counted: 0 };
    byClass.set(turmaId, sums);
    return sums;
  };
  let given = 0;
  let countedAll = 0;
  for (const span of spans) {
    const lessons = span.alunos * span.aulas;
    given += lessons;
    if (span.atual !== null) sumsOf(span.atual).given += lessons;
  }
  for (const row of counted) {
    countedAll += row.total;
    if (row.atual !== null) sumsOf(row.atual).counted += row.total;
  }
  return {
    geral: attendancePercent(given, countedAll),
    turmas: new Map([...byClass].map(([id, sums]) => [id, attendancePercent(sums.given, sums.counted)])),
  };
}

/** GET /api/frequencia/alertas — below 75 % and past the Conselho Tutelar line, in the user's scope. */
export async function listAlerts(
  db: DbOrTx,
  viewer: Viewer,
  query: { ano?: number | undefined; turma_id?: string | undefined },
): Promise<AttendanceAlerts> {
  const scope = await scopeOf(db, viewer);
  if (query.turma_id) {
    // A class outside the user's scope (or none at all) is 404, as on every other class route.
    const [turma] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.id, query.turma_id), classesInScope(scope)));
    if (!turma) throw classNotFound();
  }
  const range = await yearRange(db, query.ano);
  const where = and(
    studentsInScope(scope),
    query.turma_id ? eq(students.turmaId, query.turma_id) : undefined,
  );
  // A teacher's lists count the lessons they teach, as the student's figures do for them.
  const totals = (await studentTotals(db, range, where, rollsVisibleTo(scope))).filter((row) =>
    isPastTutelaryLine(row.given, row.counted),
  );
  const ids = totals.map((row) => row.alunoId);
  const [people, notices] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              id: students.id,
              nome: students.nome,
              matricula: students.matricula,
              turmaId: classes.id,
              turmaNome: classes.nome,
            })
            .from(students)
            .leftJoin(classes, eq(classes.id, students.turmaId))
            .where(inArray(students.id, ids)),
          db
            .select()
            .from(tutelaryNotifications)
            .where(and(inArray(tutelaryNotifications.alunoId, ids), eq(tutelaryNotifications.ano, range.ano)))
            .orderBy(desc(tutelaryNotifications.emitidaEm)),
        ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const alerts = totals.map((row) => {
    const person = byId.get(row.alunoId)!;
    const notice = notices.find((item) => item.alunoId === row.alunoId);
    const alert: AttendanceAlert = {
      aluno: { id: person.id, nome: person.nome, matricula: person.matricula },
      turma: person.turmaId && person.turmaNome ? { id: person.turmaId, nome: person.turmaNome } : null,
      aulas_dadas: row.given,
      faltas: row.counted,
      frequencia: attendancePercent(row.given, row.counted) ?? 0,
      ultima_notificacao: notice
        ? { id: notice.id, emitida_em: notice.emitidaEm.toISOString(), emitida_por: notice.emitidaPorNome }
        : null,
    };
    return { alert, below: isBelowMinimum(row.given, row.counted) };
  });
  alerts.sort(
    (a, b) =>
      a.alert.frequencia - b.alert.frequencia ||
      a.alert.aluno.nome.localeCompare(b.alert.aluno.nome, 'pt-BR'),
  );
  return {
    ano: range.ano,
    frequencia_minima: FREQUENCIA_MINIMA,
    limite_conselho: LIMITE_CONSELHO_TUTELAR,
    abaixo_minimo: alerts.filter((item) => item.below).map((item) => item.alert),
    conselho_tutelar: alerts.map((item) => item.alert),
  };
}
