/** Calendar entries (holidays, recesses, events…): the calendar as each viewer sees it, create, update, delete, and the public calendar. */
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import {
  addDays,
  dayKindLabels,
  nationalHolidaysBetween,
  type CalendarDay,
} from '../../../shared/calendar.js';
import {
  type CalendarEntry,
  type CalendarEntryData,
  type CalendarView,
  type PublicCalendar,
  type PublicCalendarItem,
} from '../../../shared/calendar.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { isStaffLevel, type Nivel } from '../../../shared/permissions.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { calendarEntries, schoolYears } from '../../db/schema/calendar.js';
import { classifyRange, dropCalendarSnapshot, entryNotFound, monthRange, stale } from './calendar.service.js';
import { toEntry, toPublicItem } from './calendar.presenter.js';
import { changesDays, insertEntry } from './school-years.service.js';
import { assertRollsStayLetivo } from './school-periods.service.js';

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
  return isStaffLevel(nivel);
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

/** The columns an entry takes from the form (a one-day entry ends where it starts). */
function entryValues(input: CalendarEntryData) {
  return {
    tipo: input.tipo,
    titulo: input.titulo,
    descricao: input.descricao ?? null,
    inicio: input.inicio,
    fim: input.fim ?? input.inicio,
    publico: input.publico,
  };
}

export async function createCalendarEntry(
  ctx: AppContext,
  input: CalendarEntryData,
  actor: Actor,
): Promise<CalendarEntry> {
  assertEntryAllowed(input);
  await assertInsideYear(ctx.db, input);
  const result = await ctx.db.transaction(async (tx) => {
    const row = await insertEntry(tx, entryValues(input), actor);
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
        ...entryValues(input),
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
  const items = rows.map(toPublicItem);
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
