import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import {
  addDays,
  classifyDays,
  countLetivos,
  dayEntryKinds,
  dayKindLabels,
  MIN_DIAS_LETIVOS,
  nationalHolidaysBetween,
  periodLastDay,
  periodOfDate,
  type CalendarDay,
  type CalendarEntryLike,
} from '../../../shared/calendar.js';
import {
  JULY_RECESS_TITLE,
  periodCounts,
  periodName,
  type CalendarEntry,
  type CalendarEntryData,
  type CalendarView,
  type PublicCalendar,
  type PublicCalendarItem,
  type SchoolPeriod,
  type SchoolYear,
  type SchoolYearData,
} from '../../../shared/calendar.schemas.js';
import { formatDate } from '../../../shared/format.js';
import type { Nivel } from '../../../shared/permissions.js';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { classes } from '../../db/schema/classes.js';
import { assertPeriodWeightsFit } from './academic-settings.service.js';
import { assessments, yearClosures } from '../../db/schema/grades.js';
import { yearPeriodStates } from './period-state.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import {
  calendarEntries,
  schoolPeriods,
  schoolYears,
  type CalendarEntryRow,
  type SchoolPeriodRow,
  type SchoolYearRow,
} from '../../db/schema/calendar.js';

const yearNotFound = () => notFound('Ano letivo não encontrado.');
const entryNotFound = () => notFound('Item do calendário não encontrado.');
const stale = () => new AppError('PRECONDITION_FAILED', messages.staleVersion);

/** The first and last day of a month `YYYY-MM`. */
export function monthRange(month: string): { de: string; ate: string } {
  const year = Number(month.slice(0, 4));
  const next = Number(month.slice(5, 7)) + 1;
  const firstOfNext =
    next === 13 ? `${String(year + 1)}-01-01` : `${String(year)}-${String(next).padStart(2, '0')}-01`;
  return { de: `${month}-01`, ate: addDays(firstOfNext, -1) };
}

/** The calendar of a range: the school's entries and years that touch it, classified day by day. */
export async function classifyRange(db: DbOrTx, from: string, to: string): Promise<CalendarDay[]> {
  const [entries, years] = await Promise.all([
    db
      .select({
        tipo: calendarEntries.tipo,
        titulo: calendarEntries.titulo,
        inicio: calendarEntries.inicio,
        fim: calendarEntries.fim,
      })
      .from(calendarEntries)
      .where(and(lte(calendarEntries.inicio, to), gte(calendarEntries.fim, from))),
    db
      .select({ inicio: schoolYears.inicio, fim: schoolYears.fim })
      .from(schoolYears)
      .where(and(lte(schoolYears.inicio, to), gte(schoolYears.fim, from))),
  ]);
  return classifyDays(from, to, entries, years);
}

/** The rows that decide what a day is: day-changing entries, school years and their periods. */
interface CalendarSnapshot {
  entries: CalendarEntryLike[];
  years: SchoolYearRow[];
  periods: SchoolPeriodRow[];
}

const SNAPSHOT_MS = 1000;
const snapshots = new WeakMap<object, { expires: number; value: Promise<CalendarSnapshot> }>();

/**
 * The roll call asks what a day is on every read and save; the answer comes from a few dozen rows that
 * change a few times a year. They are read at most once a second per process (concurrent readers share
 * the read) and dropped on every calendar write made here, so another instance sees a change within a
 * second.
 */
function readCalendarSnapshot(db: Db): Promise<CalendarSnapshot> {
  const cached = snapshots.get(db);
  if (cached && cached.expires > Date.now()) return cached.value;
  const value = Promise.all([
    db
      .select({
        tipo: calendarEntries.tipo,
        titulo: calendarEntries.titulo,
        inicio: calendarEntries.inicio,
        fim: calendarEntries.fim,
      })
      .from(calendarEntries)
      .where(inArray(calendarEntries.tipo, [...dayEntryKinds])),
    db.select().from(schoolYears),
    db.select().from(schoolPeriods),
  ]).then(([entries, years, periods]) => ({ entries, years, periods }));
  snapshots.set(db, { expires: Date.now() + SNAPSHOT_MS, value });
  value.catch(() => snapshots.delete(db));
  return value;
}

export function dropCalendarSnapshot(db: Db): void {
  snapshots.delete(db);
}

/** One day as the roll call needs it: its kind, and the school year and period that contain it. */
export async function describeDay(
  db: Db,
  date: string,
): Promise<{ day: CalendarDay; year: SchoolYearRow | null; period: SchoolPeriodRow | null }> {
  const snapshot = await readCalendarSnapshot(db);
  const year = snapshot.years.find((row) => row.inicio <= date && row.fim >= date) ?? null;
  const period = year
    ? (periodOfDate(
        snapshot.periods.filter((row) => row.anoLetivoId === year.id),
        date,
      ) ?? null)
    : null;
  const [day] = classifyDays(
    date,
    date,
    snapshot.entries.filter((entry) => entry.inicio <= date && entry.fim >= date),
    year ? [year] : [],
  );
  return { day: day!, year, period };
}

/** `lastDay`: the day before the next period starts (or the year's end): a day in a gap counts here. */
function toPeriod(
  row: SchoolPeriodRow,
  tipo: SchoolYearRow['tipoPeriodo'],
  days: CalendarDay[],
  lastDay: string,
): SchoolPeriod {
  return {
    id: row.id,
    numero: row.numero,
    nome: periodName(tipo, row.numero),
    inicio: row.inicio,
    fim: row.fim,
    data_fechamento: row.dataFechamento,
    dias_letivos: countLetivos(days, row.inicio, lastDay),
    encerrado: clock.today() > row.dataFechamento,
  };
}

function toSchoolYear(row: SchoolYearRow, periods: SchoolPeriodRow[], days: CalendarDay[]): SchoolYear {
  const total = countLetivos(days, row.inicio, row.fim);
  const yearPeriods = periods
    .filter((period) => period.anoLetivoId === row.id)
    .sort((a, b) => a.numero - b.numero);
  return {
    id: row.id,
    ano: row.ano,
    inicio: row.inicio,
    fim: row.fim,
    tipo_periodo: row.tipoPeriodo,
    dias_letivos: total,
    minimo_dias_letivos: MIN_DIAS_LETIVOS,
    aviso:
      total < MIN_DIAS_LETIVOS
        ? `O ano letivo tem ${String(total)} dias letivos; a LDB (art. 24, I) exige no mínimo ${String(MIN_DIAS_LETIVOS)}. Acrescente sábados letivos ou dias de reposição.`
        : null,
    periodos: yearPeriods.map((period, index) =>
      toPeriod(period, row.tipoPeriodo, days, periodLastDay(yearPeriods, index, row.fim)),
    ),
    version: row.version,
  };
}

async function presentYears(db: DbOrTx, rows: SchoolYearRow[]): Promise<SchoolYear[]> {
  if (rows.length === 0) return [];
  const periods = await db.select().from(schoolPeriods).orderBy(asc(schoolPeriods.numero));
  const from = rows.reduce((min, row) => (row.inicio < min ? row.inicio : min), rows[0]!.inicio);
  const to = rows.reduce((max, row) => (row.fim > max ? row.fim : max), rows[0]!.fim);
  const days = await classifyRange(db, from, to);
  return rows.map((row) => toSchoolYear(row, periods, days));
}

export async function listSchoolYears(db: DbOrTx): Promise<SchoolYear[]> {
  const rows = await db.select().from(schoolYears).orderBy(asc(schoolYears.ano));
  return presentYears(db, rows);
}

export async function getSchoolYear(db: DbOrTx, id: string): Promise<SchoolYear> {
  const rows = await db.select().from(schoolYears).where(eq(schoolYears.id, id));
  const [year] = await presentYears(db, rows);
  if (!year) throw yearNotFound();
  return year;
}

/** The year of a number, or the one that contains today (else the latest one begun), in one query. */
export async function resolveYear(db: DbOrTx, ano?: number): Promise<SchoolYearRow | null> {
  if (ano !== undefined) {
    const [row] = await db.select().from(schoolYears).where(eq(schoolYears.ano, ano)).limit(1);
    return row ?? null;
  }
  const today = clock.today();
  const [row] = await db
    .select()
    .from(schoolYears)
    .where(lte(schoolYears.inicio, today))
    .orderBy(desc(sql`${schoolYears.fim} >= ${today}`), desc(schoolYears.ano))
    .limit(1);
  return row ?? null;
}

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
async function plannedPeriods(tx: DbOrTx, input: SchoolYearData): Promise<PlannedPeriod[]> {
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
async function assertRollsStayLetivo(tx: DbOrTx, from: string, to: string): Promise<void> {
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
      : dates.length > 1
        ? `${dates.slice(0, -1).join(', ')} e ${dates.at(-1)!}`
        : dates[0]!;
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
async function assertClosedPeriodsKeepTheirDays(
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

/** Whether an entry of this kind can change which days are letivos. */
const changesDays = (tipo: string) => (dayEntryKinds as readonly string[]).includes(tipo);

function yearConflict(error: unknown, ano: number): never {
  if (isUniqueViolation(error, 'school_years_ano_unique'))
    throw new AppError('CONFLICT', `O ano letivo ${String(ano)} já está cadastrado.`, [
      { path: 'ano', message: 'Ano letivo já cadastrado' },
    ]);
  throw error;
}

/**
 * The mid-year recess proposed with a new year: a public 'recesso' entry of the calendar (families see
 * it), audited as any entry. A recess already on the calendar over those days is a 409: the school
 * unticks the proposal instead of having two.
 */
async function addYearRecess(
  tx: DbOrTx,
  recess: { inicio: string; fim: string },
  actor: Actor,
): Promise<void> {
  const [existing] = await tx
    .select()
    .from(calendarEntries)
    .where(
      and(
        eq(calendarEntries.tipo, 'recesso'),
        lte(calendarEntries.inicio, recess.fim),
        gte(calendarEntries.fim, recess.inicio),
      ),
    )
    .limit(1);
  if (existing)
    throw new AppError(
      'CONFLICT',
      `O calendário já tem o recesso "${existing.titulo}" (${formatDate(existing.inicio)} a ${formatDate(existing.fim)}): desmarque "Incluir recesso de julho" ou mude as datas.`,
      [{ path: 'recesso.inicio', message: 'Já há um recesso nestas datas' }],
    );
  await insertEntry(
    tx,
    { tipo: 'recesso', titulo: JULY_RECESS_TITLE, inicio: recess.inicio, fim: recess.fim, publico: true },
    actor,
  );
}

/** A new calendar entry, audited (in the caller's transaction). */
async function insertEntry(
  tx: DbOrTx,
  entry: typeof calendarEntries.$inferInsert,
  actor: Actor,
): Promise<CalendarEntryRow> {
  const [row] = await tx.insert(calendarEntries).values(entry).returning();
  await recordAudit(tx, actor, {
    action: 'criar',
    entity: 'calendario',
    entityId: row!.id,
    details: { tipo: entry.tipo, titulo: entry.titulo, inicio: entry.inicio },
  });
  return row!;
}

export async function createSchoolYear(
  ctx: AppContext,
  input: SchoolYearData,
  actor: Actor,
): Promise<SchoolYear> {
  const id = await ctx.db.transaction(async (tx) => {
    let row: SchoolYearRow | undefined;
    try {
      [row] = await tx
        .insert(schoolYears)
        .values({ ano: input.ano, inicio: input.inicio, fim: input.fim, tipoPeriodo: input.tipo_periodo })
        .returning();
    } catch (error) {
      yearConflict(error, input.ano);
    }
    // The recess first: the automatic split below counts its days as not letivos.
    if (input.recesso) await addYearRecess(tx, input.recesso, actor);
    await writePeriods(tx, row!.id, input);
    await assertPeriodWeightsFit(tx);
    await recordAudit(tx, actor, {
      action: 'criar',
      entity: 'ano_letivo',
      entityId: row!.id,
      details: { ano: input.ano, ...(input.recesso ? { recesso: input.recesso } : {}) },
    });
    return row!.id;
  });
  dropCalendarSnapshot(ctx.db);
  return getSchoolYear(ctx.db, id);
}

export async function updateSchoolYear(
  ctx: AppContext,
  id: string,
  input: SchoolYearData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<SchoolYear> {
  if (input.recesso)
    throw badRequest(
      'O recesso de julho é proposto ao abrir o ano; para mudá-lo, edite o item no Calendário.',
      [{ path: 'recesso', message: 'Só ao abrir o ano letivo' }],
    );
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(schoolYears).where(eq(schoolYears.id, id)).for('update');
    if (!current) throw yearNotFound();
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw stale();
    const planned = await plannedPeriods(tx, input);
    await assertClosedPeriodsKeepTheirDays(tx, current, input, planned);
    try {
      await tx
        .update(schoolYears)
        .set({
          ano: input.ano,
          inicio: input.inicio,
          fim: input.fim,
          tipoPeriodo: input.tipo_periodo,
          version: current.version + 1,
          updatedAt: clock.now(),
        })
        .where(eq(schoolYears.id, id));
    } catch (error) {
      yearConflict(error, input.ano);
    }
    await writePeriods(tx, id, input, planned);
    // Weights per period saved in Configurações → Acadêmico must still be one per period.
    if (input.tipo_periodo !== current.tipoPeriodo) await assertPeriodWeightsFit(tx);
    // Days the year no longer covers: rolls there would be outside every school year.
    await assertRollsStayLetivo(tx, current.inicio, addDays(input.inicio, -1));
    await assertRollsStayLetivo(tx, addDays(input.fim, 1), current.fim);
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'ano_letivo',
      entityId: id,
      details: {
        antes: { inicio: current.inicio, fim: current.fim, tipo_periodo: current.tipoPeriodo },
        depois: { inicio: input.inicio, fim: input.fim, tipo_periodo: input.tipo_periodo },
      },
    });
  });
  dropCalendarSnapshot(ctx.db);
  return getSchoolYear(ctx.db, id);
}

/** Refused while rolls were taken in the year: the diary is a legal record. */
export async function deleteSchoolYear(ctx: AppContext, id: string, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(schoolYears).where(eq(schoolYears.id, id)).for('update');
    if (!current) throw yearNotFound();
    const [roll] = await tx
      .select({ id: attendanceRolls.id })
      .from(attendanceRolls)
      .where(and(gte(attendanceRolls.data, current.inicio), lte(attendanceRolls.data, current.fim)))
      .limit(1);
    if (roll)
      throw conflict(
        `Não é possível excluir o ano letivo ${String(current.ano)}: já há frequência registrada nele.`,
      );
    await tx.delete(schoolYears).where(eq(schoolYears.id, id));
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'ano_letivo',
      entityId: id,
      details: { ano: current.ano },
    });
  });
  dropCalendarSnapshot(ctx.db);
}

function toEntry(row: CalendarEntryRow): CalendarEntry {
  return {
    id: row.id,
    tipo: row.tipo,
    titulo: row.titulo,
    descricao: row.descricao,
    inicio: row.inicio,
    fim: row.fim,
    publico: row.publico,
    version: row.version,
  };
}

/** Without dates: the current month. */
export function defaultRange(query: { de?: string | undefined; ate?: string | undefined }) {
  const month = monthRange(clock.today().slice(0, 7));
  const de = query.de ?? (query.ate ? addDays(query.ate, -30) : month.de);
  const ate = query.ate ?? (query.de ? addDays(query.de, 30) : month.ate);
  if (ate < de)
    throw badRequest('A data final é anterior à inicial', [
      { path: 'ate', message: 'A data final é anterior à inicial' },
    ]);
  return { de, ate };
}

function overlaps(de: string, ate: string): SQL | undefined {
  return and(lte(calendarEntries.inicio, ate), gte(calendarEntries.fim, de));
}

/**
 * The calendar as `viewer` may see it. Staff (teachers, administrators) see every entry; a family sees
 * only the entries marked for families (`publico`, the same ones the public calendar and the feed show).
 * A family still sees which days have no school — a recess or local holiday left internal closes the day
 * all the same — but under the kind's name ('Recesso escolar'), never the internal entry's title.
 */
export async function getCalendar(
  db: DbOrTx,
  viewer: { nivel: Nivel },
  query: { de?: string | undefined; ate?: string | undefined },
): Promise<CalendarView> {
  const { de, ate } = defaultRange(query);
  const [dias, rows] = await Promise.all([
    classifyRange(db, de, ate),
    db
      .select()
      .from(calendarEntries)
      .where(overlaps(de, ate))
      .orderBy(asc(calendarEntries.inicio), asc(calendarEntries.titulo)),
  ]);
  const feriados = nationalHolidaysBetween(de, ate);
  if (seesInternalEntries(viewer.nivel)) return { de, ate, dias, eventos: rows.map(toEntry), feriados };
  const shown = rows.filter((row) => row.publico);
  /** A day named after a school entry keeps the name only when a public entry of its kind gives it. */
  const named = (day: CalendarDay) =>
    shown.some(
      (row) =>
        row.tipo === day.tipo &&
        row.titulo === day.descricao &&
        row.inicio <= day.data &&
        row.fim >= day.data,
    );
  return {
    de,
    ate,
    dias: dias.map((day) =>
      changesDays(day.tipo) && !named(day) ? { ...day, descricao: dayKindLabels[day.tipo] } : day,
    ),
    eventos: shown.map(toEntry),
    feriados,
  };
}

/** Internal entries (not `publico`: staff meetings, a pupil's case) are for the school's staff only. */
function seesInternalEntries(nivel: Nivel): boolean {
  return nivel === 'administrador' || nivel === 'professor';
}

/** A national holiday cannot be made a school day: the law closes it. */
function assertEntryAllowed(input: CalendarEntryData): void {
  if (input.tipo !== 'dia_letivo' && input.tipo !== 'sabado_letivo') return;
  const fim = input.fim ?? input.inicio;
  const holiday = nationalHolidaysBetween(input.inicio, fim).find((item) => item.tipo === 'feriado_nacional');
  if (holiday)
    throw badRequest(
      `${formatDate(holiday.data)} é feriado nacional (${holiday.nome}) e não pode ser dia letivo.`,
      [{ path: 'inicio', message: 'Feriado nacional não pode ser dia letivo' }],
    );
}

/**
 * A sábado letivo or a reposição opens days only inside a school year: outside every year it would show
 * on the calendar as a school day that counts nowhere and takes no roll.
 */
async function assertInsideYear(db: DbOrTx, input: CalendarEntryData): Promise<void> {
  if (input.tipo !== 'dia_letivo' && input.tipo !== 'sabado_letivo') return;
  const fim = input.fim ?? input.inicio;
  const [year] = await db
    .select({ id: schoolYears.id })
    .from(schoolYears)
    .where(and(lte(schoolYears.inicio, input.inicio), gte(schoolYears.fim, fim)))
    .limit(1);
  if (year) return;
  const when =
    fim === input.inicio ? formatDate(fim) : `O período de ${formatDate(input.inicio)} a ${formatDate(fim)}`;
  throw badRequest(
    `${when} está fora do ano letivo e não seria dia letivo. Cadastre o ano letivo ou altere as datas dele para incluir ${fim === input.inicio ? 'este dia' : 'estas datas'}.`,
    [{ path: 'inicio', message: 'Fora do ano letivo' }],
  );
}

export async function createCalendarEntry(
  ctx: AppContext,
  input: CalendarEntryData,
  actor: Actor,
): Promise<CalendarEntry> {
  assertEntryAllowed(input);
  await assertInsideYear(ctx.db, input);
  const result = await ctx.db.transaction(async (tx) => {
    const row = await insertEntry(
      tx,
      {
        tipo: input.tipo,
        titulo: input.titulo,
        descricao: input.descricao ?? null,
        inicio: input.inicio,
        fim: input.fim ?? input.inicio,
        publico: input.publico,
      },
      actor,
    );
    if (changesDays(input.tipo)) await assertRollsStayLetivo(tx, row.inicio, row.fim);
    return toEntry(row);
  });
  dropCalendarSnapshot(ctx.db);
  return result;
}

export async function updateCalendarEntry(
  ctx: AppContext,
  id: string,
  input: CalendarEntryData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<CalendarEntry> {
  assertEntryAllowed(input);
  await assertInsideYear(ctx.db, input);
  const result = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(calendarEntries).where(eq(calendarEntries.id, id)).for('update');
    if (!current) throw entryNotFound();
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw stale();
    const [row] = await tx
      .update(calendarEntries)
      .set({
        tipo: input.tipo,
        titulo: input.titulo,
        descricao: input.descricao ?? null,
        inicio: input.inicio,
        fim: input.fim ?? input.inicio,
        publico: input.publico,
        version: current.version + 1,
        updatedAt: clock.now(),
      })
      .where(eq(calendarEntries.id, id))
      .returning();
    // The days it covered and the days it covers now (a sábado letivo moved frees its old day).
    if (changesDays(current.tipo) || changesDays(row!.tipo))
      await assertRollsStayLetivo(
        tx,
        current.inicio < row!.inicio ? current.inicio : row!.inicio,
        current.fim > row!.fim ? current.fim : row!.fim,
      );
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'calendario',
      entityId: id,
      details: {
        antes: { tipo: current.tipo, titulo: current.titulo, inicio: current.inicio, fim: current.fim },
        depois: { tipo: row!.tipo, titulo: row!.titulo, inicio: row!.inicio, fim: row!.fim },
      },
    });
    return toEntry(row!);
  });
  dropCalendarSnapshot(ctx.db);
  return result;
}

export async function deleteCalendarEntry(ctx: AppContext, id: string, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(calendarEntries).where(eq(calendarEntries.id, id)).for('update');
    if (!current) throw entryNotFound();
    await tx.delete(calendarEntries).where(eq(calendarEntries.id, id));
    // A sábado letivo or reposição taken away: its days go back to what they were.
    if (changesDays(current.tipo)) await assertRollsStayLetivo(tx, current.inicio, current.fim);
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'calendario',
      entityId: id,
      details: { tipo: current.tipo, titulo: current.titulo, inicio: current.inicio },
    });
  });
  dropCalendarSnapshot(ctx.db);
}

/**
 * What families see: the school's entries marked public and Brazil's national holidays and pontos
 * facultativos (the days there is no class), in date order.
 */
export async function listPublicItems(db: DbOrTx, de: string, ate: string): Promise<PublicCalendarItem[]> {
  const rows = await db
    .select()
    .from(calendarEntries)
    .where(and(eq(calendarEntries.publico, true), overlaps(de, ate)))
    .orderBy(asc(calendarEntries.inicio));
  const items: PublicCalendarItem[] = rows.map((row) => ({
    id: row.id,
    tipo: row.tipo,
    titulo: row.titulo,
    descricao: row.descricao,
    inicio: row.inicio,
    fim: row.fim,
  }));
  for (const holiday of nationalHolidaysBetween(de, ate)) {
    items.push({
      id: `feriado-${holiday.data}`,
      tipo: holiday.tipo,
      titulo: holiday.tipo === 'ponto_facultativo' ? `${holiday.nome} (ponto facultativo)` : holiday.nome,
      descricao: null,
      inicio: holiday.data,
      fim: holiday.data,
    });
  }
  return items.sort((a, b) => a.inicio.localeCompare(b.inicio) || a.titulo.localeCompare(b.titulo));
}

export async function getPublicCalendar(
  ctx: AppContext,
  query: { de?: string | undefined; ate?: string | undefined },
): Promise<PublicCalendar> {
  const year = clock.today().slice(0, 4);
  const de = query.de ?? `${year}-01-01`;
  const ate = query.ate ?? `${year}-12-31`;
  if (ate < de) throw badRequest('A data final é anterior à inicial');
  return { escola: await ctx.getSchoolName(), de, ate, itens: await listPublicItems(ctx.db, de, ate) };
}
