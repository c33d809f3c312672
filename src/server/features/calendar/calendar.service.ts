/**
 * The calendar's days: a range classified day by day, a cached snapshot of what decides a day, one day
 * described. School years are in school-years.service.ts (periods in school-periods.service.ts), entries in
 * calendar-entries.service.ts, presenters in calendar.presenter.ts.
 */
import { and, gte, inArray, lte } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import {
  addDays,
  classifyDays,
  dayEntryKinds,
  periodOfDate,
  type CalendarDay,
  type CalendarEntryLike,
} from '../../../shared/calendar.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import {
  calendarEntries,
  schoolPeriods,
  schoolYears,
  type SchoolPeriodRow,
  type SchoolYearRow,
} from '../../db/schema/calendar.js';

export const yearNotFound = () => notFound('Ano letivo não encontrado.');
export const entryNotFound = () => notFound('Item do calendário não encontrado.');
export const stale = () => new AppError('PRECONDITION_FAILED', messages.staleVersion);

/** The first and last day of a month `YYYY-MM`. */
export function monthRange(month: string): { de: string; ate: string } {
  const year = Number(month.slice(0, 4));
  const next = Number(month.slice(5, 7)) + 1;
  const firstOfNext =
    next === 13 ? `${String(year + 1)}-01-01` : `${String(year)}-${String(next).padStart(2, '0')}-01`;
  return { de: `${month}-01`, ate: addDays(firstOfNext, -1) };
}

/** What classifying a day needs of a calendar entry. */
const dayEntryFields = {
  tipo: calendarEntries.tipo,
  titulo: calendarEntries.titulo,
  inicio: calendarEntries.inicio,
  fim: calendarEntries.fim,
};

/** The calendar of a range: the school's entries and years that touch it, classified day by day. */
export async function classifyRange(db: DbOrTx, from: string, to: string): Promise<CalendarDay[]> {
  const [entries, years] = await Promise.all([
    db
      .select(dayEntryFields)
      .from(calendarEntries)
      .where(and(lte(calendarEntries.inicio, to), gte(calendarEntries.fim, from))),
    db
      .select({ inicio: schoolYears.inicio, fim: schoolYears.fim })
      .from(schoolYears)
      .where(and(lte(schoolYears.inicio, to), gte(schoolYears.fim, from))),
  ]);
  return classifyDays(from, to, entries, years);
}

/**
 * The latest school day of the two weeks up to `today` (today itself when it is one), or null after a
 * longer break (the summer holidays): where the family's agenda opens and where the teacher's home sends
 * 'Chamadas do último dia letivo' on a day without class.
 */
export async function latestSchoolDay(db: DbOrTx, today: string): Promise<string | null> {
  const days = await classifyRange(db, addDays(today, -14), today);
  return days.findLast((day) => day.letivo)?.data ?? null;
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
      .select(dayEntryFields)
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
