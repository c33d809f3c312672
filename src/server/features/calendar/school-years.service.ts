/** School years: list, read, resolve, create (with the July recess), update and delete. */
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { addDays, dayEntryKinds } from '../../../shared/calendar.js';
import { JULY_RECESS_TITLE, type SchoolYear, type SchoolYearData } from '../../../shared/calendar.schemas.js';
import { formatDate } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { assertPeriodWeightsFit } from './academic-settings.service.js';
import { recordAudit, type Actor } from '../audit/index.js';
import {
  calendarEntries,
  schoolYears,
  type CalendarEntryRow,
  type SchoolYearRow,
} from '../../db/schema/calendar.js';
import { presentYears } from './calendar.presenter.js';
import { dropCalendarSnapshot, stale, yearNotFound } from './calendar.service.js';
import {
  assertClosedPeriodsKeepTheirDays,
  assertRollsStayLetivo,
  plannedPeriods,
  writePeriods,
} from './school-periods.service.js';

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

/** Whether an entry of this kind can change which days are letivos. */
export const changesDays = (tipo: string) => (dayEntryKinds as readonly string[]).includes(tipo);

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
export async function insertEntry(
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
    // The year's new dates first: the automatic split classifies the days of the year as saved now
    // (from the old row, days past its old end would count as outside the year, not letivos).
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
    const planned = await plannedPeriods(tx, input);
    await assertClosedPeriodsKeepTheirDays(tx, current, input, planned);
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
