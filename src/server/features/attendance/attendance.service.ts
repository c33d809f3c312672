/**
 * What the roll call's use cases share: the day's context, the lessons of a class on a date, why a roll is
 * blocked, the members on a day. Reading, saving and removing a roll are in roll-read.service.ts,
 * roll-save.service.ts and roll-delete.service.ts; the abono in absence-excuse.service.ts.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { notSchoolDayMessage, type Lesson } from '../../../shared/attendance.schemas.js';
import { onWeekday, type CurriculumPendencia } from '../../../shared/curriculum.schemas.js';
import { lessonsOnWeekday, weekdayOf, type CalendarDay } from '../../../shared/calendar.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import { formatCount, formatDate } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import type { SchoolPeriodRow } from '../../db/schema/calendar.js';
import { itinerarioStudentsOf } from '../curriculum/index.js';
import { clock } from '../../lib/clock.js';
import { describeDay } from '../calendar/index.js';
import { students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { closedMessage, periodStatesForClasses } from '../calendar/index.js';
import { yearClosures } from '../../db/schema/grades.js';
import { seesSubject, type ClassDiaryAccess } from '../classes/index.js';
import { attendanceRolls, classMemberships } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { coversDate } from '../students/index.js';
import { rollsDueOver } from './roll-due.js';

/**
 * The roll call and the attendance figures (LDB art. 24, VI). Only absences are stored, plus one row
 * per roll taken: a student was present at a roll when they belonged to the class that day and have
 * no absence on it. 'Given' counts the rolls taken while the student belonged to the class.
 */

export interface GridRow {
  disciplina: string;
  aulasSemanais: number;
  diasSemana: number[];
  professorNome: string | null;
}

export async function loadGrid(db: DbOrTx, turmaId: string): Promise<GridRow[]> {
  return db
    .select({
      disciplina: classSubjects.disciplina,
      aulasSemanais: classSubjects.aulasSemanais,
      diasSemana: classSubjects.diasSemana,
      professorNome: teachers.nome,
    })
    .from(classSubjects)
    .leftJoin(teachers, eq(teachers.id, classSubjects.professorId))
    .where(eq(classSubjects.turmaId, turmaId));
}

/**
 * What a per-lesson class's grid lacks for any lesson to be scheduled: subjects, or the weekdays of
 * their lessons. A daily class needs no grid (null).
 */
export function gradePendenciaOf(
  modo: 'diaria' | 'por_aula',
  grid: readonly { aulasSemanais: number; diasSemana: readonly number[] }[],
): CurriculumPendencia | null {
  if (modo !== 'por_aula') return null;
  if (grid.length === 0) return 'sem_disciplinas';
  return grid.some((item) => item.aulasSemanais > 0 && item.diasSemana.length > 0) ? null : 'sem_dias';
}

/** Why a per-lesson roll has no lesson to take on a date (the roll names no subject). */
export function noLessonMessage(pendencia: CurriculumPendencia | null, date: string): string {
  if (pendencia === 'sem_disciplinas')
    return 'Esta turma faz a chamada por aula e ainda não tem disciplinas na grade curricular: não há aula para registrar.';
  if (pendencia === 'sem_dias')
    return 'A grade curricular desta turma ainda não tem os dias das aulas: não há aula para registrar.';
  return `Não há aula nesta turma em ${formatDate(date)} pela grade curricular.`;
}

/**
 * The lessons of a date the user sees: the daily roll, or each scheduled lesson of their subjects — on a
 * school day only (`schoolDay`: a weekend, holiday or recess has none; a sábado letivo has the grid's
 * Saturday lessons) — and any roll already taken that day. `pendente` is filled by `rollsOfDate`.
 */
function lessonsOf(
  access: ClassDiaryAccess,
  grid: GridRow[],
  date: string,
  taken: { disciplina: string | null; aula: number }[],
  schoolDay: boolean,
): Lesson[] {
  const isTaken = (disciplina: string | null, aula: number) =>
    taken.some((roll) => roll.disciplina === disciplina && roll.aula === aula);
  if (access.turma.frequenciaModo === 'diaria') {
    if (!schoolDay && !isTaken(null, 0)) return [];
    return [
      {
        disciplina: null,
        aula: 0,
        professor_nome: access.responsavelNome,
        registrada: isTaken(null, 0),
        pode_registrar: access.takesDailyRoll,
        pendente: false,
      },
    ];
  }
  const weekday = weekdayOf(date);
  const lessons: Lesson[] = [];
  for (const item of schoolDay ? grid : []) {
    if (!seesSubject(access, item.disciplina)) continue;
    const count = lessonsOnWeekday(item.aulasSemanais, item.diasSemana, weekday);
    for (let aula = 1; aula <= count; aula++) {
      lessons.push({
        disciplina: item.disciplina,
        aula,
        professor_nome: item.professorNome,
        registrada: isTaken(item.disciplina, aula),
        pode_registrar: access.teaches === null || access.teaches.has(item.disciplina),
        pendente: false,
      });
    }
  }
  // A roll on record outside the timetable (the grid changed since) still shows, and counts until
  // removed; only an administrator corrects it (timetableBlockOf).
  for (const roll of taken) {
    if (roll.disciplina === null || !seesSubject(access, roll.disciplina)) continue;
    if (lessons.some((lesson) => lesson.disciplina === roll.disciplina && lesson.aula === roll.aula))
      continue;
    lessons.push({
      disciplina: roll.disciplina,
      aula: roll.aula,
      professor_nome: grid.find((item) => item.disciplina === roll.disciplina)?.professorNome ?? null,
      registrada: true,
      pode_registrar: access.isAdmin,
      fora_da_grade: true,
      pendente: false,
    });
  }
  return lessons;
}

export interface DayContext {
  day: CalendarDay;
  period: { id: string; nome: string; data_fechamento: string; encerrado: boolean } | null;
  hasYear: boolean;
  /**
   * The year was closed (encerrado): its frequência is the record its results were computed from, read
   * only for everyone — an administrator included (docs/grades.md: free only until the year is closed).
   */
  yearClosed: boolean;
  /** Why a teacher may not change this roll any more (a closed period or year). */
  closedMessage: string | null;
  /**
   * A roll can be owed this day (`rollsDueOver`): the class existed and had students. False, none of its
   * lessons is `pendente` (a class created today, or with no one enrolled yet, owes nothing).
   */
  rollDue: boolean;
}

/** The day of a date for several classes, in the same few reads whatever their number. */
export async function dayContextsOf(
  db: DbOrTx,
  date: string,
  turmaIds: readonly string[],
): Promise<Map<string, DayContext>> {
  return (await dayContextsOver(db, [date], turmaIds)).get(date)!;
}

/**
 * `dayContextsOf` for many dates at once (date → class → context): each day as `describeDay` tells it
 * (the calendar's snapshot, no read per day), then the states of every period met and the closures of
 * every year met in one read each — the same few reads for a whole period as for one day.
 */
export async function dayContextsOver(
  db: DbOrTx,
  dates: readonly string[],
  turmaIds: readonly string[],
): Promise<Map<string, Map<string, DayContext>>> {
  const described = await Promise.all(dates.map((date) => describeDay(db, date)));
  const periods = new Map<string, SchoolPeriodRow>();
  const yearIds = new Set<string>();
  for (const { year, period } of described) {
    if (!year || !period) continue;
    periods.set(period.id, period);
    yearIds.add(year.id);
  }
  // The same answer the grade book gets: a class's or the school's explicit close, else the date.
  const [states, closures, due] = await Promise.all([
    periodStatesForClasses(db, [...periods.values()], turmaIds),
    yearIds.size === 0
      ? []
      : db
          .select({ id: yearClosures.anoLetivoId })
          .from(yearClosures)
          .where(inArray(yearClosures.anoLetivoId, [...yearIds])),
    rollsDueOver(db, dates, turmaIds),
  ]);
  const closed = new Set(closures.map((row) => row.id));
  const result = new Map<string, Map<string, DayContext>>();
  dates.forEach((date, index) => {
    const { day, year, period } = described[index]!;
    if (!year || !period) {
      const context = {
        day,
        hasYear: year !== null,
        period: null,
        yearClosed: false,
        closedMessage: null,
      };
      result.set(
        date,
        new Map(turmaIds.map((turmaId) => [turmaId, { ...context, rollDue: due(date, turmaId) }])),
      );
      return;
    }
    const nome = periodName(year.tipoPeriodo, period.numero);
    const yearClosed = closed.has(year.id);
    const byClass = new Map<string, DayContext>();
    for (const turmaId of turmaIds) {
      const state = states.get(turmaId)!.get(period.id)!;
      byClass.set(turmaId, {
        day,
        hasYear: true,
        period: {
          id: period.id,
          nome,
          data_fechamento: period.dataFechamento,
          encerrado: state.fechado || yearClosed,
        },
        yearClosed,
        closedMessage: closedMessage({ nome, year, yearClosed }, state, 'frequência'),
        rollDue: due(date, turmaId),
      });
    }
    result.set(date, byClass);
  });
  return result;
}

export async function dayContextOf(db: DbOrTx, date: string, turmaId: string): Promise<DayContext> {
  return (await dayContextsOf(db, date, [turmaId])).get(turmaId)!;
}

/**
 * Why an absence of that day may no longer be abonada (nor its abono undone), or null. A closed period
 * does not stop it: abonos are the coordenação's and the direção's (`academics.manage`), who may change
 * a closed period's frequência (the audit names the period). A closed year does: its results were
 * computed from this frequência, and a closed year is never reopened.
 */
export function excuseBlockOf(context: DayContext): string | null {
  if (!context.yearClosed) return null;
  return `${context.closedMessage!} Um ano letivo encerrado não é reaberto: o abono de faltas dele não é mais possível.`;
}

/** `path`: the field a refusal is about (the date unless said). */
type Block = { message: string; code: 'VALIDATION' | 'FORBIDDEN' | 'CONFLICT'; path?: 'aula' } | null;

/** The lesson a roll is for: the daily roll (no subject, 0) or a subject's lesson of the day. */
interface LessonAsked {
  disciplina: string | null;
  aula: number;
  /** A roll of that lesson is already on record. */
  taken: boolean;
}

/** Why this user cannot save the roll of that lesson, with the status to answer (null: they can). */
export function blockOf(
  access: ClassDiaryAccess,
  date: string,
  context: DayContext,
  grid: readonly GridRow[],
  lesson: LessonAsked,
  noLesson?: string,
): Block {
  if (date > clock.today())
    return { message: 'Não é possível registrar frequência de uma data futura.', code: 'VALIDATION' };
  if (!context.hasYear)
    return { message: `Não há ano letivo cadastrado que inclua ${formatDate(date)}.`, code: 'VALIDATION' };
  if (!context.day.letivo) return { message: notSchoolDayMessage(context.day), code: 'VALIDATION' };
  return (
    changeBlockOf(access, context, lesson.disciplina, noLesson) ??
    timetableBlockOf(access, grid, date, lesson)
  );
}

/**
 * A per-lesson roll is for a lesson the class's grade curricular has on that weekday (issue 29): a roll
 * for any other (`aula: 12` of a subject with one lesson that day) would count as a lesson given, its
 * absences pushing the students toward the 75 % line and the Conselho Tutelar list. Refused for everyone
 * when new. A roll already on record outside the grid (taken before the grid changed) counts until it is
 * removed — whoever may change it may remove it — and only an administrator may still correct it.
 */
function timetableBlockOf(
  access: ClassDiaryAccess,
  grid: readonly GridRow[],
  date: string,
  { disciplina, aula, taken }: LessonAsked,
): Block {
  if (access.turma.frequenciaModo !== 'por_aula' || disciplina === null) return null;
  const weekday = weekdayOf(date);
  const item = grid.find((row) => row.disciplina === disciplina);
  const count = item ? lessonsOnWeekday(item.aulasSemanais, item.diasSemana, weekday) : 0;
  if (aula >= 1 && aula <= count) return null;
  if (taken && access.isAdmin) return null;
  const day = `${onWeekday(weekday)} (${formatDate(date)})`;
  const missing =
    count === 0
      ? `A turma ${access.turma.nome} não tem aula de ${disciplina} ${day} pela grade curricular.`
      : `A turma ${access.turma.nome} não tem a ${String(aula)}ª aula de ${disciplina} ${day}: a grade curricular tem ${formatCount(count, 'aula', 'aulas')} de ${disciplina} nesse dia.`;
  if (!taken) return { message: missing, code: 'VALIDATION', path: 'aula' };
  return {
    message: `${missing} Esta chamada foi registrada antes; só a secretaria pode alterá-la. Se foi feita por engano, remova-a.`,
    code: 'CONFLICT',
  };
}

/**
 * The rolls of a date in one class for this user — the one answer the roll list, the class's roll and
 * the teacher's home share: the lessons the calendar and the class schedule (`lessonsOf`: a school day
 * only; the daily roll or the grid's lessons of that weekday) and any already taken, each `pendente`
 * when not taken yet and this user could save it now — no `blockOf`, the very check the class's roll
 * answers with (a future date, a closed period for a teacher, another teacher's subject).
 */
export function rollsOfDate(
  access: ClassDiaryAccess,
  grid: GridRow[],
  date: string,
  context: DayContext,
  taken: { disciplina: string | null; aula: number }[],
): Lesson[] {
  return lessonsOf(access, grid, date, taken, context.day.letivo).map((lesson) => ({
    ...lesson,
    pendente:
      !lesson.registrada &&
      context.rollDue &&
      blockOf(access, date, context, grid, {
        disciplina: lesson.disciplina,
        aula: lesson.aula,
        taken: false,
      }) === null,
  }));
}

/**
 * Why this user may not change (or remove) a roll of that lesson whatever its date: a closed period for
 * a teacher (a closed year for everyone), another teacher's subject, a daily roll they do not take. Null: they may.
 */
export function changeBlockOf(
  access: ClassDiaryAccess,
  context: DayContext,
  disciplina: string | null,
  noLesson = 'Escolha a disciplina da aula.',
): Block {
  if (context.closedMessage && (!access.isAdmin || context.yearClosed))
    return { message: context.closedMessage, code: 'CONFLICT' };
  if (access.turma.frequenciaModo === 'por_aula') {
    if (disciplina === null) return { message: noLesson, code: 'VALIDATION' };
    if (access.teaches !== null && !access.teaches.has(disciplina))
      return { message: `Você não leciona ${disciplina} nesta turma.`, code: 'FORBIDDEN' };
  } else if (!access.takesDailyRoll) {
    return { message: 'Você não faz a chamada desta turma.', code: 'FORBIDDEN' };
  }
  return null;
}

/**
 * The students on a class's roll that day. The lateral lookup with OFFSET 0 keeps the planner on the
 * students' primary key for the ~40 members instead of scanning every student to hash-join them.
 */
export interface Member {
  id: string;
  nome: string;
  matricula: string;
}

export async function membersOn(
  db: DbOrTx,
  turmaId: string,
  date: string,
  /** A lesson of an itinerário formativo (Ensino Médio) is for the students whose itinerário it was that day. */
  disciplina: string | null = null,
): Promise<Member[]> {
  const [members, only] = await Promise.all([
    allMembersOn(db, turmaId, date),
    itinerarioStudentsOf(db, turmaId, disciplina, date),
  ]);
  return only === null ? members : members.filter((member) => only.has(member.id));
}

async function allMembersOn(db: DbOrTx, turmaId: string, date: string): Promise<Member[]> {
  const result = await db.execute(sql`
    select s.id, s.nome, s.matricula
    from ${classMemberships}
    cross join lateral (
      select ${students.id} as id, ${students.nome} as nome, ${students.matricula} as matricula
      from ${students} where ${students.id} = ${classMemberships.alunoId} offset 0
    ) s
    where ${coversDate(turmaId, date)}
    order by fold_text(s.nome), s.matricula`);
  return (result as { rows: Member[] }).rows;
}

export function rollKey(turmaId: string, date: string, disciplina: string | null, aula: number): SQL {
  return and(
    eq(attendanceRolls.turmaId, turmaId),
    eq(attendanceRolls.data, date),
    eq(attendanceRolls.aula, aula),
    disciplina === null ? isNull(attendanceRolls.disciplina) : eq(attendanceRolls.disciplina, disciplina),
  )!;
}
