/** Writing a school year's periods, and the guards a calendar change passes: rolls stay on letivo days, closed periods keep their days. */
import { and, asc, count, eq, gte, inArray, lte } from 'drizzle-orm';
import { addDays, periodLastDay, type CalendarDay } from '../../../shared/calendar.js';
import { periodCounts, periodName, type SchoolYearData } from '../../../shared/calendar.schemas.js';
import { formatDate, formatList } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, conflict } from '../../lib/errors.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { classes } from '../../db/schema/classes.js';
import { assessments, yearClosures } from '../../db/schema/grades.js';
import { pareceres } from '../../db/schema/pareceres.js';
import { yearPeriodStates } from './period-state.js';
import { schoolPeriods, type SchoolPeriodRow, type SchoolYearRow } from '../../db/schema/calendar.js';
import { classifyRange } from './calendar.service.js';

/**
 * Periods when the form omits them: the year's dias letivos split into equal parts, each period ending
 * on the last letivo day of its part and closing a week later.
 */
function defaultPeriods(input: SchoolYearData, days: CalendarDay[]) {
  const count = periodCounts[input.tipo_periodo];
  const letivos = days.filter((day) => day.letivo).map((day) => day.data);
  const ends: string[] = [];
  for (let index = 1; index < count; index++) {
    const end =
      letivos.length >= count
        ? letivos[Math.round((letivos.length * index) / count) - 1]!
        : days[Math.round((days.length * index) / count) - 1]!.data;
    ends.push(end);
  }
  ends.push(input.fim);
  return ends.map((fim, index) => ({
    inicio: index === 0 ? input.inicio : addDays(ends[index - 1]!, 1),
    fim,
    data_fechamento: addDays(fim, 7),
  }));
}

type PlannedPeriod = NonNullable<SchoolYearData['periodos']>[number];

/** The periods a year will have: as given, or divided by the server (defaultPeriods). */
export async function plannedPeriods(tx: DbOrTx, input: SchoolYearData): Promise<PlannedPeriod[]> {
  return input.periodos ?? defaultPeriods(input, await classifyRange(tx, input.inicio, input.fim));
}

export async function writePeriods(
  tx: DbOrTx,
  yearId: string,
  input: SchoolYearData,
  planned?: PlannedPeriod[],
): Promise<void> {
  const periods = planned ?? (await plannedPeriods(tx, input));
  // Periods keep their ids (grades and closing states point at them): update by number, add, drop extras.
  const existing = await tx.select().from(schoolPeriods).where(eq(schoolPeriods.anoLetivoId, yearId));
  for (const [index, period] of periods.entries()) {
    const numero = index + 1;
    const values = { inicio: period.inicio, fim: period.fim, dataFechamento: period.data_fechamento };
    const current = existing.find((row) => row.numero === numero);
    if (current) await tx.update(schoolPeriods).set(values).where(eq(schoolPeriods.id, current.id));
    else await tx.insert(schoolPeriods).values({ anoLetivoId: yearId, numero, ...values });
  }
  const extra = existing.filter((row) => row.numero > periods.length).map((row) => row.id);
  if (extra.length === 0) return;
  const [used] = await tx
    .select({ id: assessments.id })
    .from(assessments)
    .where(inArray(assessments.periodoId, extra))
    .limit(1);
  const [written] = await tx
    .select({ id: pareceres.id })
    .from(pareceres)
    .where(inArray(pareceres.periodoId, extra))
    .limit(1);
  if (written)
    throw new AppError(
      'CONFLICT',
      'Há pareceres descritivos nos períodos que seriam removidos: mantenha o número de períodos.',
      [{ path: 'tipo_periodo', message: 'Períodos com pareceres' }],
    );
  if (used)
    throw new AppError(
      'CONFLICT',
      'Há avaliações lançadas nos períodos que seriam removidos: mantenha o número de períodos.',
      [{ path: 'tipo_periodo', message: 'Períodos com avaliações' }],
    );
  await tx.delete(schoolPeriods).where(inArray(schoolPeriods.id, extra));
}

/** How many dates a refusal names before '… e mais N'. */
const LISTED_ROLL_DATES = 5;

/**
 * The roll call is the diary of school days: a calendar change that would leave rolls on days that are
 * no longer letivos — a holiday or recess over them, a sábado letivo or reposição taken away or moved,
 * the school year shortened past them — is refused (409), saying how many rolls on which dates (the first
 * few, with their classes), to be removed first (Frequência → "Remover chamada"). Runs in the change's
 * transaction after the write, so it judges the calendar as it would be; changes that leave every day
 * with a roll letivo (events, a holiday on days without rolls) pass.
 */
export async function assertRollsStayLetivo(tx: DbOrTx, from: string, to: string): Promise<void> {
  if (to < from) return;
  const byDate = await tx
    .select({ data: attendanceRolls.data, total: count() })
    .from(attendanceRolls)
    .where(and(gte(attendanceRolls.data, from), lte(attendanceRolls.data, to)))
    .groupBy(attendanceRolls.data)
    .orderBy(asc(attendanceRolls.data));
  if (byDate.length === 0) return;
  const days = await classifyRange(tx, byDate[0]!.data, byDate.at(-1)!.data);
  const closed = new Set(days.filter((day) => !day.letivo).map((day) => day.data));
  const hit = byDate.filter((row) => closed.has(row.data));
  if (hit.length === 0) return;
  const listed = hit.slice(0, LISTED_ROLL_DATES).map((row) => row.data);
  const classesOf = await tx
    .selectDistinct({ data: attendanceRolls.data, nome: classes.nome })
    .from(attendanceRolls)
    .innerJoin(classes, eq(classes.id, attendanceRolls.turmaId))
    .where(inArray(attendanceRolls.data, listed))
    .orderBy(asc(attendanceRolls.data), asc(classes.nome));
  const total = hit.reduce((sum, row) => sum + row.total, 0);
  const dates = listed.map((data) => {
    const names = classesOf.filter((row) => row.data === data).map((row) => row.nome);
    return `${formatDate(data)} (${names.join(', ')})`;
  });
  const rest = hit.length - listed.length;
  const list =
    rest > 0
      ? `${dates.join(', ')} e mais ${String(rest)} ${rest === 1 ? 'data' : 'datas'}`
      : formatList(dates);
  const what = total === 1 ? 'Há 1 chamada registrada' : `Há ${String(total)} chamadas registradas`;
  const where =
    hit.length === 1
      ? 'em um dia que deixaria de ser letivo'
      : `em ${String(hit.length)} dias que deixariam de ser letivos`;
  throw conflict(
    `${what} ${where}: ${list}. Remova ${total === 1 ? 'essa chamada' : 'essas chamadas'} antes (Frequência → Chamada → "Remover chamada") e salve de novo.`,
  );
}

/**
 * Who a period is closed for, when it is closed for anyone: the year closed, the whole school, or some
 * of the year's classes (their own state, the school's, or the closing date — as rolls and grades read it).
 */
async function closedPeriodsOf(
  tx: DbOrTx,
  year: SchoolYearRow,
  periods: readonly SchoolPeriodRow[],
): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const [closure] = await tx
    .select({ id: yearClosures.anoLetivoId })
    .from(yearClosures)
    .where(eq(yearClosures.anoLetivoId, year.id));
  if (closure) {
    for (const period of periods) result.set(period.id, 'ano encerrado');
    return result;
  }
  const { classCount, byPeriod } = await yearPeriodStates(tx, year, periods);
  for (const period of periods) {
    const { school, perClass } = byPeriod.get(period.id)!;
    const closedClasses = perClass.filter((state) => state.fechado).length;
    if (closedClasses > 0 && closedClasses === classCount && school.fechado)
      result.set(period.id, 'para a escola toda');
    else if (closedClasses > 0)
      result.set(period.id, closedClasses === 1 ? 'para 1 turma' : `para ${String(closedClasses)} turmas`);
    else if (classCount === 0 && school.fechado) result.set(period.id, 'para a escola toda');
  }
  return result;
}

/**
 * A closed period keeps its days (the school's record: its rolls, assessments and grades were closed
 * with it). Its dates (start, end, closing date) do not change, nor do the days it owns up to the next
 * period's start (a gap belongs to the period before it): a neighbour starting earlier would take days
 * from it, starting later would give it days. 409 naming the period; the administrator reopens it first
 * if the change is really intended (a closed year cannot be reopened).
 */
export async function assertClosedPeriodsKeepTheirDays(
  tx: DbOrTx,
  year: SchoolYearRow,
  input: SchoolYearData,
  planned: readonly PlannedPeriod[],
): Promise<void> {
  const existing = (await tx.select().from(schoolPeriods).where(eq(schoolPeriods.anoLetivoId, year.id))).sort(
    (a, b) => a.numero - b.numero,
  );
  if (existing.length === 0) return;
  const closed = await closedPeriodsOf(tx, year, existing);
  if (closed.size === 0) return;
  const yearClosed = [...closed.values()].includes('ano encerrado');
  const advice = (nome: string) =>
    yearClosed
      ? `O ano letivo ${String(year.ano)} foi encerrado: as datas dos seus períodos não mudam mais.`
      : `Se a mudança é mesmo necessária, reabra o ${nome} (Notas → Reabrir) e salve de novo.`;
  for (const [index, period] of existing.entries()) {
    const who = closed.get(period.id);
    if (!who) continue;
    const nome = periodName(year.tipoPeriodo, period.numero);
    const state = who === 'ano encerrado' ? 'está fechado' : `está fechado ${who}`;
    const next = planned[index];
    const stored = { inicio: period.inicio, fim: period.fim, data_fechamento: period.dataFechamento };
    const moved = next
      ? (['inicio', 'fim', 'data_fechamento'] as const).find((field) => next[field] !== stored[field])
      : 'inicio';
    const retyped = input.tipo_periodo !== year.tipoPeriodo;
    if (retyped || moved !== undefined) {
      const message = `O ${nome} ${state}: as datas dele não podem mudar, porque chamadas, avaliações e notas passariam de um período a outro. ${advice(nome)}`;
      // Divided automatically, the form shows no period fields: the message goes to its banner.
      const path = retyped
        ? 'tipo_periodo'
        : !input.periodos || !next
          ? null
          : `periodos.${String(index)}.${moved!}`;
      throw new AppError('CONFLICT', message, path ? [{ path, message }] : undefined);
    }
    const lastBefore = periodLastDay(existing, index, year.fim);
    const lastAfter = periodLastDay(planned, index, input.fim);
    if (lastAfter !== lastBefore) {
      const following = planned[index + 1]
        ? `o início do ${periodName(year.tipoPeriodo, period.numero + 1)}`
        : 'o fim do ano letivo';
      const message = `Mudar ${following} mudaria os dias do ${nome}, que ${state}: chamadas e notas entrariam nele ou sairiam dele. ${advice(nome)}`;
      const path = !input.periodos
        ? null
        : planned[index + 1]
          ? `periodos.${String(index + 1)}.inicio`
          : 'fim';
      throw new AppError('CONFLICT', message, path ? [{ path, message }] : undefined);
    }
  }
}
