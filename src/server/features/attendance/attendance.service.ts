import { and, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  notSchoolDayMessage,
  type Lesson,
  type Roll,
  type RollClass,
  type RollData,
  type RollStudent,
} from '../../../shared/attendance.schemas.js';
import { onWeekday, type CurriculumPendencia } from '../../../shared/curriculum.schemas.js';
import { lessonsOnWeekday, weekdayOf, type CalendarDay } from '../../../shared/calendar.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import { formatCount, formatDate } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { notifyAbsences, withdrawAbsenceNotices } from '../notificacoes/avisos.service.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { describeDay } from '../calendar/calendar.service.js';
import { classes } from '../../db/schema/classes.js';
import { classesInScope, scopeOf } from '../students/students.scope.js';
import { students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { closedMessage, periodStatesForClasses } from '../calendar/period-state.js';
import { yearClosures } from '../../db/schema/grades.js';
import { diaryAccessOf, seesSubject, type ClassDiaryAccess, type Viewer } from '../classes/diary-access.js';
import { situacaoOf } from './attendance.figures.js';
import { attendanceAbsences, attendanceRolls, classMemberships } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { coversDate } from '../students/memberships.js';

/**
 * The roll call and the attendance figures (LDB art. 24, VI). Only absences are stored, plus one row
 * per roll taken: a student was present at a roll when they belonged to the class that day and have
 * no absence on it. 'Given' counts the rolls taken while the student belonged to the class.
 */

interface GridRow {
  disciplina: string;
  aulasSemanais: number;
  diasSemana: number[];
  professorNome: string | null;
}

async function loadGrid(db: DbOrTx, turmaId: string): Promise<GridRow[]> {
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
function gradePendenciaOf(
  modo: 'diaria' | 'por_aula',
  grid: readonly { aulasSemanais: number; diasSemana: readonly number[] }[],
): CurriculumPendencia | null {
  if (modo !== 'por_aula') return null;
  if (grid.length === 0) return 'sem_disciplinas';
  return grid.some((item) => item.aulasSemanais > 0 && item.diasSemana.length > 0) ? null : 'sem_dias';
}

/** Why a per-lesson roll has no lesson to take on a date (the roll names no subject). */
function noLessonMessage(pendencia: CurriculumPendencia | null, date: string): string {
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

interface DayContext {
  day: CalendarDay;
  period: { id: string; nome: string; data_fechamento: string; encerrado: boolean } | null;
  hasYear: boolean;
  /** Why a teacher may not change this roll any more (a closed period or year). */
  closedMessage: string | null;
}

/** The day of a date for several classes, in the same few reads whatever their number. */
async function dayContextsOf(
  db: DbOrTx,
  date: string,
  turmaIds: readonly string[],
): Promise<Map<string, DayContext>> {
  const { day, year, period } = await describeDay(db, date);
  if (!year || !period) {
    const context: DayContext = { day, hasYear: year !== null, period: null, closedMessage: null };
    return new Map(turmaIds.map((turmaId) => [turmaId, context]));
  }
  // The same answer the grade book gets: a class's or the school's explicit close, else the date.
  const [states, closure] = await Promise.all([
    periodStatesForClasses(db, [period], turmaIds),
    db
      .select({ id: yearClosures.anoLetivoId })
      .from(yearClosures)
      .where(eq(yearClosures.anoLetivoId, year.id)),
  ]);
  const nome = periodName(year.tipoPeriodo, period.numero);
  const yearClosed = closure.length > 0;
  return new Map(
    turmaIds.map((turmaId) => {
      const state = states.get(turmaId)!.get(period.id)!;
      const context: DayContext = {
        day,
        hasYear: true,
        period: {
          id: period.id,
          nome,
          data_fechamento: period.dataFechamento,
          encerrado: state.fechado || yearClosed,
        },
        closedMessage: closedMessage({ nome, year, yearClosed }, state, 'frequência'),
      };
      return [turmaId, context];
    }),
  );
}

async function dayContextOf(db: DbOrTx, date: string, turmaId: string): Promise<DayContext> {
  return (await dayContextsOf(db, date, [turmaId])).get(turmaId)!;
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
function blockOf(
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
function rollsOfDate(
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
      blockOf(access, date, context, grid, {
        disciplina: lesson.disciplina,
        aula: lesson.aula,
        taken: false,
      }) === null,
  }));
}

/**
 * Why this user may not change (or remove) a roll of that lesson whatever its date: a closed period for
 * a teacher, another teacher's subject, a daily roll they do not take. Null: they may.
 */
function changeBlockOf(
  access: ClassDiaryAccess,
  context: DayContext,
  disciplina: string | null,
  noLesson = 'Escolha a disciplina da aula.',
): Block {
  if (context.closedMessage && !access.isAdmin) return { message: context.closedMessage, code: 'CONFLICT' };
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
interface Member {
  id: string;
  nome: string;
  matricula: string;
}

async function membersOn(db: DbOrTx, turmaId: string, date: string): Promise<Member[]> {
  const result = await db.execute(sql`
    select s.id, s.nome, s.matricula
    from ${classMemberships}
    cross join lateral (
      select ${students.id} as id, ${students.nome} as nome, ${students.matricula} as matricula
      from ${students} where ${students.id} = ${classMemberships.alunoId} offset 0
    ) s
    where ${coversDate(turmaId, date)}
    order by lower(s.nome), s.matricula`);
  return (result as { rows: Member[] }).rows;
}

function rollKey(turmaId: string, date: string, disciplina: string | null, aula: number): SQL {
  return and(
    eq(attendanceRolls.turmaId, turmaId),
    eq(attendanceRolls.data, date),
    eq(attendanceRolls.aula, aula),
    disciplina === null ? isNull(attendanceRolls.disciplina) : eq(attendanceRolls.disciplina, disciplina),
  )!;
}

/** GET /api/frequencia/turmas/:id — the roll of a date (everyone present until marked absent). */
export async function getRoll(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  query: { data?: string | undefined; disciplina?: string | undefined; aula?: number | undefined },
): Promise<Roll> {
  const access = await diaryAccessOf(db, viewer, turmaId);
  return buildRoll(db, access, query.data ?? clock.today(), query.disciplina, query.aula);
}

async function buildRoll(
  db: DbOrTx,
  access: ClassDiaryAccess,
  date: string,
  askedSubject: string | undefined,
  askedLesson: number | undefined,
  known: { grid?: GridRow[] | undefined; context?: DayContext; members?: Member[] } = {},
): Promise<Roll> {
  const turma = access.turma;
  const [grid, context, rollsOfDay, members] = await Promise.all([
    // A daily roll has one lesson, whatever the grid.
    known.grid ?? (turma.frequenciaModo === 'diaria' ? [] : loadGrid(db, turma.id)),
    known.context ?? dayContextOf(db, date, turma.id),
    db
      .select()
      .from(attendanceRolls)
      .where(and(eq(attendanceRolls.turmaId, turma.id), eq(attendanceRolls.data, date))),
    known.members ?? membersOn(db, turma.id, date),
  ]);
  const taken = rollsOfDay.map((row) => ({ disciplina: row.disciplina, aula: row.aula }));
  const aulas = rollsOfDate(access, grid, date, context, taken);
  const pendencia = gradePendenciaOf(turma.frequenciaModo, grid);
  let disciplina: string | null = null;
  let aula = 0;
  if (turma.frequenciaModo === 'por_aula') {
    if (askedSubject !== undefined) {
      if (!seesSubject(access, askedSubject)) throw notFound('Aula não encontrada.');
      disciplina = askedSubject;
      aula = askedLesson && askedLesson > 0 ? askedLesson : 1;
    } else {
      const first =
        aulas.find((lesson) => lesson.pendente) ??
        aulas.find((lesson) => lesson.pode_registrar && !lesson.registrada) ??
        aulas[0];
      disciplina = first?.disciplina ?? null;
      aula = first?.aula ?? 0;
    }
  }
  const roll = rollsOfDay.find((row) => row.disciplina === disciplina && row.aula === aula);
  const absences = roll
    ? await db.select().from(attendanceAbsences).where(eq(attendanceAbsences.chamadaId, roll.id))
    : [];
  const byStudent = new Map(absences.map((row) => [row.alunoId, row]));
  const alunos: RollStudent[] = members.map((member) => {
    const falta = byStudent.get(member.id);
    return {
      id: member.id,
      nome: member.nome,
      matricula: member.matricula,
      presente: !falta,
      falta: falta
        ? {
            id: falta.id,
            justificativa: falta.justificativa,
            situacao: situacaoOf(falta),
            abono_motivo: falta.abonoMotivo,
          }
        : null,
    };
  });
  return {
    turma: {
      id: turma.id,
      nome: turma.nome,
      serie: turma.serie,
      turno: turma.turno,
      frequencia_modo: turma.frequenciaModo,
    },
    data: date,
    dia: context.day,
    periodo: context.period,
    bloqueio:
      blockOf(
        access,
        date,
        context,
        grid,
        { disciplina, aula, taken: roll !== undefined },
        noLessonMessage(pendencia, date),
      )?.message ?? null,
    grade_pendente: pendencia,
    aulas,
    disciplina,
    aula,
    chamada: roll
      ? {
          id: roll.id,
          registrada_em: roll.createdAt.toISOString(),
          atualizada_em: roll.updatedAt.toISOString(),
          registrada_por: roll.registradoPorNome,
          version: roll.version,
          // A roll on a day that stopped being letivo can still go: removing it is how that is fixed.
          pode_remover: changeBlockOf(access, context, disciplina) === null,
        }
      : null,
    alunos,
  };
}

/** An absence as the audit of a correction shows it: the student's name beside the id, to be read. */
interface StoredAbsence {
  aluno_id: string;
  nome: string | null;
  justificativa: string | null;
  abonada: boolean;
}

/** The names of students by id: those on the roll, and any other (a membership corrected since) read. */
async function studentNames(tx: DbOrTx, ids: readonly string[], roster: readonly Member[]) {
  const names = new Map(roster.map((member) => [member.id, member.nome]));
  const missing = [...new Set(ids)].filter((id) => !names.has(id));
  if (missing.length > 0) {
    const rows = await tx
      .select({ id: students.id, nome: students.nome })
      .from(students)
      .where(inArray(students.id, missing));
    for (const row of rows) names.set(row.id, row.nome);
  }
  return names;
}

/**
 * PUT /api/frequencia/turmas/:id — saves a roll as the whole list of absences (idempotent: the same
 * body twice leaves the same rows, ids included). Absences kept keep their id and any abono; a change
 * to a roll already saved is audited with the absences before and after.
 */
export async function saveRoll(
  ctx: AppContext,
  viewer: Viewer,
  actor: Actor,
  turmaId: string,
  input: RollData,
): Promise<Roll> {
  const access = await diaryAccessOf(ctx.db, viewer, turmaId);
  const turma = access.turma;
  let disciplina: string | null = null;
  let aula = 0;
  let grid: GridRow[] | undefined;
  if (turma.frequenciaModo === 'por_aula') {
    if (!input.disciplina)
      throw badRequest('Informe a disciplina: esta turma faz uma chamada por aula.', [
        { path: 'disciplina', message: 'Informe a disciplina' },
      ]);
    disciplina = input.disciplina;
    aula = input.aula && input.aula > 0 ? input.aula : 1;
    grid = await loadGrid(ctx.db, turmaId);
    if (!grid.some((item) => item.disciplina === disciplina))
      throw badRequest(`${disciplina} não faz parte da grade desta turma.`, [
        { path: 'disciplina', message: 'Disciplina fora da grade da turma' },
      ]);
  } else if (input.disciplina || (input.aula !== undefined && input.aula !== 0)) {
    throw badRequest('Esta turma faz uma chamada por dia: não informe disciplina nem aula.', [
      { path: 'disciplina', message: 'Chamada diária não tem disciplina' },
    ]);
  }
  const [context, onRecord] = await Promise.all([
    dayContextOf(ctx.db, input.data, turmaId),
    disciplina === null
      ? Promise.resolve([])
      : ctx.db
          .select({ id: attendanceRolls.id })
          .from(attendanceRolls)
          .where(rollKey(turmaId, input.data, disciplina, aula)),
  ]);
  const block = blockOf(access, input.data, context, grid ?? [], {
    disciplina,
    aula,
    taken: onRecord.length > 0,
  });
  if (block)
    throw new AppError(
      block.code,
      block.message,
      block.code === 'VALIDATION' ? [{ path: block.path ?? 'data', message: block.message }] : undefined,
    );

  // The students on the roll, read in the transaction: the answer below lists them without asking again.
  let roster: Member[] = [];
  await ctx.db.transaction(async (tx) => {
    roster = await membersOn(tx, turmaId, input.data);
    const members = new Set(roster.map((member) => member.id));
    const outsider = input.faltas.findIndex((falta) => !members.has(falta.aluno_id));
    if (outsider >= 0)
      throw badRequest('Aluno não pertence à turma nesta data.', [
        { path: `faltas.${String(outsider)}.aluno_id`, message: 'Aluno não pertence à turma nesta data' },
      ]);
    const key = rollKey(turmaId, input.data, disciplina, aula);
    const inserted = await tx
      .insert(attendanceRolls)
      .values({
        turmaId,
        data: input.data,
        aula,
        disciplina,
        registradoPor: actor.id,
        registradoPorNome: actor.nome,
      })
      .onConflictDoNothing()
      .returning({ id: attendanceRolls.id });
    const isFirstSave = inserted.length > 0;
    const [roll] = await tx.select().from(attendanceRolls).where(key).for('update');
    // Removed by someone else between the insert and the lock: nothing to replace, ask to save again.
    if (!roll) throw conflict('Esta chamada acabou de ser removida por outra pessoa. Salve de novo.');
    const existing = await tx
      .select()
      .from(attendanceAbsences)
      .where(eq(attendanceAbsences.chamadaId, roll.id));
    const wanted = new Map(input.faltas.map((falta) => [falta.aluno_id, falta.justificativa ?? null]));
    const current = new Map(existing.map((row) => [row.alunoId, row]));
    const removed = existing.filter((row) => !wanted.has(row.alunoId));
    const added = input.faltas.filter((falta) => !current.has(falta.aluno_id));
    const changed = existing.filter(
      (row) => wanted.has(row.alunoId) && wanted.get(row.alunoId) !== row.justificativa,
    );
    if (removed.length > 0)
      await tx.delete(attendanceAbsences).where(
        inArray(
          attendanceAbsences.id,
          removed.map((row) => row.id),
        ),
      );
    if (added.length > 0)
      await tx.insert(attendanceAbsences).values(
        added.map((falta) => ({
          chamadaId: roll.id,
          alunoId: falta.aluno_id,
          justificativa: falta.justificativa ?? null,
        })),
      );
    await notifyAbsences(ctx, tx, {
      alunoIds: added.map((falta) => falta.aluno_id),
      data: input.data,
      disciplina,
    });
    // An absence taken back: its family notice goes too while unread (and its e-mail, if still queued).
    await withdrawAbsenceNotices(tx, { alunoIds: removed.map((row) => row.alunoId), data: input.data });
    for (const row of changed) {
      await tx
        .update(attendanceAbsences)
        .set({ justificativa: wanted.get(row.alunoId) ?? null })
        .where(eq(attendanceAbsences.id, row.id));
    }
    // The first save is the roll itself (who and when are on its row); only later changes are audited.
    if (isFirstSave) return;
    if (removed.length + added.length + changed.length === 0) return;
    await tx
      .update(attendanceRolls)
      .set({ version: roll.version + 1, updatedAt: clock.now() })
      .where(eq(attendanceRolls.id, roll.id));
    const names = await studentNames(tx, [...current.keys()], roster);
    const before: StoredAbsence[] = existing.map((row) => ({
      aluno_id: row.alunoId,
      nome: names.get(row.alunoId) ?? null,
      justificativa: row.justificativa,
      abonada: row.abonada,
    }));
    const after: StoredAbsence[] = input.faltas.map((falta) => ({
      aluno_id: falta.aluno_id,
      nome: names.get(falta.aluno_id) ?? null,
      justificativa: falta.justificativa ?? null,
      abonada: current.get(falta.aluno_id)?.abonada ?? false,
    }));
    await recordAudit(tx, actor, {
      action: 'corrigir_frequencia',
      entity: 'chamada',
      entityId: roll.id,
      details: { turma_id: turmaId, data: input.data, disciplina, aula, antes: before, depois: after },
    });
  });
  return buildRoll(ctx.db, access, input.data, disciplina ?? undefined, aula, {
    grid,
    context,
    members: roster,
  });
}

const rollNotFound = () => notFound('Chamada não encontrada.');

/**
 * DELETE /api/frequencia/chamadas/:id — a roll taken by mistake (wrong class, lesson or day) stops
 * counting as a lesson given. Whoever may change the roll may remove it: an administrator always; a
 * teacher while its period is open, and only a roll of their subject (or the daily roll) — a roll of a
 * class or subject outside their reach is a 404, as its class would be. A day that stopped being letivo
 * does not stop it: removing the roll is how such a day is fixed. The roll and its absences go in one
 * transaction, with an audit entry naming the class, the date, the lesson, each absence with the
 * student's name, who had taken it and the reason; the families' unread 'falta' notices of that day go
 * too (nothing new is sent about it).
 */
export async function deleteRoll(
  ctx: AppContext,
  viewer: Viewer,
  actor: Actor,
  rollId: string,
  motivo: string,
): Promise<void> {
  const [found] = await ctx.db.select().from(attendanceRolls).where(eq(attendanceRolls.id, rollId));
  if (!found) throw rollNotFound();
  let access: ClassDiaryAccess;
  try {
    access = await diaryAccessOf(ctx.db, viewer, found.turmaId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw rollNotFound();
    throw error;
  }
  if (!seesSubject(access, found.disciplina)) throw rollNotFound();
  const block = changeBlockOf(
    access,
    await dayContextOf(ctx.db, found.data, found.turmaId),
    found.disciplina,
  );
  if (block) throw new AppError(block.code, block.message);

  await ctx.db.transaction(async (tx) => {
    const [roll] = await tx
      .select()
      .from(attendanceRolls)
      .where(eq(attendanceRolls.id, rollId))
      .for('update');
    if (!roll) throw rollNotFound();
    const absences = await tx
      .select({
        alunoId: attendanceAbsences.alunoId,
        nome: students.nome,
        justificativa: attendanceAbsences.justificativa,
        abonada: attendanceAbsences.abonada,
        abonoMotivo: attendanceAbsences.abonoMotivo,
      })
      .from(attendanceAbsences)
      .innerJoin(students, eq(students.id, attendanceAbsences.alunoId))
      .where(eq(attendanceAbsences.chamadaId, roll.id))
      .orderBy(sql`lower(${students.nome})`);
    await tx.delete(attendanceAbsences).where(eq(attendanceAbsences.chamadaId, roll.id));
    await tx.delete(attendanceRolls).where(eq(attendanceRolls.id, roll.id));
    await withdrawAbsenceNotices(tx, { alunoIds: absences.map((row) => row.alunoId), data: roll.data });
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'chamada',
      entityId: roll.id,
      details: {
        motivo,
        turma_id: roll.turmaId,
        turma_nome: access.turma.nome,
        data: roll.data,
        disciplina: roll.disciplina,
        aula: roll.aula,
        registrada_por: roll.registradoPorNome,
        registrada_em: roll.createdAt.toISOString(),
        faltas: absences.map((row) => ({
          aluno_id: row.alunoId,
          nome: row.nome,
          justificativa: row.justificativa,
          abonada: row.abonada,
          ...(row.abonada ? { abono_motivo: row.abonoMotivo } : {}),
        })),
      },
    });
  });
}

/** GET /api/frequencia/turmas — the user's classes for the roll call, those with lessons of the day first. */
export async function listRollClasses(
  db: DbOrTx,
  viewer: Viewer,
  query: { data?: string | undefined; ano?: number | undefined },
): Promise<RollClass[]> {
  const date = query.data ?? clock.today();
  const scope = await scopeOf(db, viewer);
  if (scope.kind === 'guardian') return [];
  const rows = await db
    .select({ turma: classes, responsavel: teachers.nome })
    .from(classes)
    .leftJoin(teachers, eq(teachers.id, classes.professorResponsavelId))
    .where(
      and(
        query.ano === undefined
          ? eq(classes.status, 'ativo')
          : and(eq(classes.anoLetivo, String(query.ano)), inArray(classes.status, ['ativo', 'concluido'])),
        classesInScope(scope),
      ),
    );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.turma.id);
  const [contexts, grids, taken, counts] = await Promise.all([
    dayContextsOf(db, date, ids),
    db
      .select({
        turmaId: classSubjects.turmaId,
        disciplina: classSubjects.disciplina,
        aulasSemanais: classSubjects.aulasSemanais,
        diasSemana: classSubjects.diasSemana,
        professorId: classSubjects.professorId,
        professorNome: teachers.nome,
      })
      .from(classSubjects)
      .leftJoin(teachers, eq(teachers.id, classSubjects.professorId))
      .where(inArray(classSubjects.turmaId, ids)),
    db
      .select({
        turmaId: attendanceRolls.turmaId,
        disciplina: attendanceRolls.disciplina,
        aula: attendanceRolls.aula,
      })
      .from(attendanceRolls)
      .where(and(inArray(attendanceRolls.turmaId, ids), eq(attendanceRolls.data, date))),
    db
      .select({ turmaId: classMemberships.turmaId, total: sql<number>`count(*)`.mapWith(Number) })
      .from(classMemberships)
      .where(
        and(
          inArray(classMemberships.turmaId, ids),
          lte(classMemberships.inicio, date),
          or(isNull(classMemberships.fim), gte(classMemberships.fim, date)),
        ),
      )
      .groupBy(classMemberships.turmaId),
  ]);
  const teacherId = scope.kind === 'teacher' ? scope.teacherId : null;
  const result = rows.map(({ turma, responsavel }): RollClass => {
    const grid = grids.filter((item) => item.turmaId === turma.id);
    const teaches =
      scope.kind === 'all'
        ? null
        : new Set(grid.filter((item) => item.professorId === teacherId).map((item) => item.disciplina));
    const access: ClassDiaryAccess = {
      turma,
      responsavelNome: responsavel,
      scope,
      isAdmin: scope.kind === 'all',
      isTeacher: scope.kind === 'teacher',
      visible: scope.kind === 'all' || turma.professorResponsavelId === teacherId ? null : teaches,
      teaches,
      takesDailyRoll: true,
    };
    const context = contexts.get(turma.id)!;
    const aulas = rollsOfDate(
      access,
      grid,
      date,
      context,
      taken.filter((roll) => roll.turmaId === turma.id),
    );
    return {
      id: turma.id,
      nome: turma.nome,
      serie: turma.serie,
      turno: turma.turno,
      frequencia_modo: turma.frequenciaModo,
      alunos: counts.find((count) => count.turmaId === turma.id)?.total ?? 0,
      grade_pendente: gradePendenciaOf(turma.frequenciaModo, grid),
      dia: context.day,
      aulas,
      pendentes: aulas.filter((lesson) => lesson.pendente).length,
    };
  });
  return result.sort(
    (a, b) =>
      Number(b.aulas.some((lesson) => lesson.pode_registrar)) -
        Number(a.aulas.some((lesson) => lesson.pode_registrar)) ||
      b.pendentes - a.pendentes ||
      a.nome.localeCompare(b.nome, 'pt-BR'),
  );
}

/**
 * POST /api/frequencia/faltas/:id/abonar — an administrator exempts an absence; it stops counting.
 * POST …/desabonar undoes an abono given by mistake; it counts again. Both audited with the reason.
 */
export async function setAbsenceExcused(
  ctx: AppContext,
  id: string,
  excused: boolean,
  motivo: string,
  actor: Actor,
): Promise<{ aluno_id: string }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(attendanceAbsences)
      .where(eq(attendanceAbsences.id, id))
      .for('update');
    if (!row) throw notFound('Falta não encontrada.');
    if (row.abonada === excused)
      throw conflict(excused ? 'Esta falta já está abonada.' : 'Esta falta não está abonada.');
    await tx
      .update(attendanceAbsences)
      .set(
        excused
          ? { abonada: true, abonoMotivo: motivo, abonadaPorNome: actor.nome, abonadaEm: clock.now() }
          : { abonada: false, abonoMotivo: null, abonadaPorNome: null, abonadaEm: null },
      )
      .where(eq(attendanceAbsences.id, id));
    await recordAudit(tx, actor, {
      action: excused ? 'abonar_falta' : 'desfazer_abono',
      entity: 'falta',
      entityId: id,
      details: {
        aluno_id: row.alunoId,
        chamada_id: row.chamadaId,
        motivo,
        antes: { abonada: row.abonada, abono_motivo: row.abonoMotivo, justificativa: row.justificativa },
        depois: { abonada: excused },
      },
    });
    return { aluno_id: row.alunoId };
  });
}
