import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { periodName } from '../../../shared/calendar.schemas.js';
import type { PeriodState } from '../../../shared/grades.schemas.js';
import { formatDate } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import {
  schoolPeriods,
  schoolYears,
  type SchoolPeriodRow,
  type SchoolYearRow,
} from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { periodStates, yearClosures } from '../../db/schema/grades.js';

/**
 * Whether a period is closed and published for a class. Three layers, the first that says decides:
 * the class's own row, the whole school's row, then the calendar (closed once `data_fechamento` has
 * passed; never published by date). Rolls and grades read the same answer, so 'closed' means one
 * thing in the diary and in the grade book.
 */

export interface PeriodContext {
  period: SchoolPeriodRow;
  year: SchoolYearRow;
  nome: string;
  /** The year was closed ('Encerrar ano letivo'): its grades are read-only. */
  yearClosed: boolean;
}

export const periodNotFound = () => notFound('Período não encontrado.');

export async function periodContextOf(db: DbOrTx, periodoId: string): Promise<PeriodContext> {
  const [found] = await db
    .select({ period: schoolPeriods, year: schoolYears, closure: yearClosures.anoLetivoId })
    .from(schoolPeriods)
    .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId))
    .leftJoin(yearClosures, eq(yearClosures.anoLetivoId, schoolYears.id))
    .where(eq(schoolPeriods.id, periodoId));
  if (!found) throw periodNotFound();
  return {
    period: found.period,
    year: found.year,
    nome: periodName(found.year.tipoPeriodo, found.period.numero),
    yearClosed: found.closure !== null,
  };
}

/** The state rows of some periods whose class passes `classes` (the school's own rows have no class). */
function readStateRows(
  db: DbOrTx,
  periods: readonly Pick<SchoolPeriodRow, 'id'>[],
  classes: SQL | undefined,
) {
  return db
    .select()
    .from(periodStates)
    .where(
      and(
        inArray(
          periodStates.periodoId,
          periods.map((period) => period.id),
        ),
        classes,
      ),
    );
}

/** The state of some periods for one class (or, turmaId null, for the school as a whole). */
export async function periodStatesFor(
  db: DbOrTx,
  periods: readonly Pick<SchoolPeriodRow, 'id' | 'dataFechamento'>[],
  turmaId: string | null,
): Promise<Map<string, PeriodState>> {
  const result = new Map<string, PeriodState>();
  if (periods.length === 0) return result;
  const rows = await readStateRows(
    db,
    periods,
    turmaId === null
      ? isNull(periodStates.turmaId)
      : or(isNull(periodStates.turmaId), eq(periodStates.turmaId, turmaId)),
  );
  const today = clock.today();
  for (const period of periods) {
    const own = rows.find((row) => row.periodoId === period.id && row.turmaId !== null);
    const school = rows.find((row) => row.periodoId === period.id && row.turmaId === null);
    result.set(period.id, resolvePeriodState(period, own, school, today));
  }
  return result;
}

/**
 * The state of some periods for several classes, in one read of the state rows (a screen over many
 * classes — the teacher's home, the roll list — costs the same for 2 classes as for 20): class id →
 * period id → state, the same answer `periodStatesFor` gives class by class.
 */
export async function periodStatesForClasses(
  db: DbOrTx,
  periods: readonly Pick<SchoolPeriodRow, 'id' | 'dataFechamento'>[],
  turmaIds: readonly string[],
): Promise<Map<string, Map<string, PeriodState>>> {
  const result = new Map<string, Map<string, PeriodState>>();
  if (periods.length === 0 || turmaIds.length === 0) return result;
  const rows = await readStateRows(
    db,
    periods,
    or(isNull(periodStates.turmaId), inArray(periodStates.turmaId, [...turmaIds])),
  );
  const today = clock.today();
  for (const turmaId of turmaIds) {
    const states = new Map<string, PeriodState>();
    for (const period of periods) {
      const own = rows.find((row) => row.periodoId === period.id && row.turmaId === turmaId);
      const school = rows.find((row) => row.periodoId === period.id && row.turmaId === null);
      states.set(period.id, resolvePeriodState(period, own, school, today));
    }
    result.set(turmaId, states);
  }
  return result;
}

type StateRow = Pick<typeof periodStates.$inferSelect, 'fechado' | 'publicado'>;

/**
 * Every period of a year across the year's classes (those of `ano_letivo` = the year), in one read of
 * the state rows: the number of classes, and per period the school's own state and each class's.
 */
export async function yearPeriodStates(
  db: DbOrTx,
  year: Pick<SchoolYearRow, 'ano'>,
  periods: readonly Pick<SchoolPeriodRow, 'id' | 'dataFechamento'>[],
): Promise<{ classCount: number; byPeriod: Map<string, { school: PeriodState; perClass: PeriodState[] }> }> {
  const yearClasses = await db
    .select({ id: classes.id })
    .from(classes)
    .where(eq(classes.anoLetivo, String(year.ano)));
  const rows =
    periods.length === 0
      ? []
      : await db
          .select()
          .from(periodStates)
          .where(
            inArray(
              periodStates.periodoId,
              periods.map((period) => period.id),
            ),
          );
  const today = clock.today();
  const byPeriod = new Map<string, { school: PeriodState; perClass: PeriodState[] }>();
  for (const period of periods) {
    const school = rows.find((row) => row.periodoId === period.id && row.turmaId === null);
    byPeriod.set(period.id, {
      school: resolvePeriodState(period, undefined, school, today),
      perClass: yearClasses.map((turma) =>
        resolvePeriodState(
          period,
          rows.find((row) => row.periodoId === period.id && row.turmaId === turma.id),
          school,
          today,
        ),
      ),
    });
  }
  return { classCount: yearClasses.length, byPeriod };
}

/** The three layers for one period and class: the class's row, the school's row, the closing date. */
export function resolvePeriodState(
  period: Pick<SchoolPeriodRow, 'dataFechamento'>,
  own: StateRow | undefined,
  school: StateRow | undefined,
  today: string,
): PeriodState {
  const fechado = own?.fechado ?? school?.fechado ?? null;
  return {
    fechado: fechado ?? today > period.dataFechamento,
    publicado: own?.publicado ?? school?.publicado ?? false,
    origem: fechado === null ? 'data' : 'manual',
    data_fechamento: period.dataFechamento,
  };
}

export async function periodStateFor(
  db: DbOrTx,
  period: Pick<SchoolPeriodRow, 'id' | 'dataFechamento'>,
  turmaId: string,
): Promise<PeriodState> {
  return (await periodStatesFor(db, [period], turmaId)).get(period.id)!;
}

/** The message a teacher gets when writing into a closed period (409), or null. */
export function closedMessage(
  context: Pick<PeriodContext, 'nome' | 'yearClosed' | 'year'>,
  state: PeriodState,
  what: 'notas' | 'frequência',
): string | null {
  if (context.yearClosed)
    return `O ano letivo ${String(context.year.ano)} foi encerrado: as ${what === 'notas' ? 'notas' : 'frequências'} ficam só para consulta.`;
  if (!state.fechado) return null;
  const when = state.origem === 'data' ? ` em ${formatDate(state.data_fechamento)}` : '';
  return what === 'notas'
    ? `O ${context.nome} foi fechado${when}. Alterações de notas agora só por retificação, que a coordenação ou a direção aprova.`
    : `O ${context.nome} foi encerrado${when}. Só a coordenação ou a direção pode alterar esta frequência.`;
}
