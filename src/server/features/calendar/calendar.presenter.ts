/** Presenters of the calendar module: school years with their periods and letivo counts, calendar entries. */
import { asc } from 'drizzle-orm';
import { countLetivos, MIN_DIAS_LETIVOS, periodLastDay, type CalendarDay } from '../../../shared/calendar.js';
import {
  periodName,
  type CalendarEntry,
  type PublicCalendarItem,
  type SchoolPeriod,
  type SchoolYear,
} from '../../../shared/calendar.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import {
  schoolPeriods,
  type CalendarEntryRow,
  type SchoolPeriodRow,
  type SchoolYearRow,
} from '../../db/schema/calendar.js';
import { classifyRange } from './calendar.service.js';

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

export async function presentYears(db: DbOrTx, rows: SchoolYearRow[]): Promise<SchoolYear[]> {
  if (rows.length === 0) return [];
  const periods = await db.select().from(schoolPeriods).orderBy(asc(schoolPeriods.numero));
  const from = rows.reduce((min, row) => (row.inicio < min ? row.inicio : min), rows[0]!.inicio);
  const to = rows.reduce((max, row) => (row.fim > max ? row.fim : max), rows[0]!.fim);
  const days = await classifyRange(db, from, to);
  return rows.map((row) => toSchoolYear(row, periods, days));
}

/** What the families see of an entry (the site's calendar, the .ics feed). */
export function toPublicItem(row: CalendarEntryRow): PublicCalendarItem {
  return {
    id: row.id,
    tipo: row.tipo,
    titulo: row.titulo,
    descricao: row.descricao,
    inicio: row.inicio,
    fim: row.fim,
  };
}

export function toEntry(row: CalendarEntryRow): CalendarEntry {
  // `tipo` again: an entry's own kinds (a public item's also take the national holidays).
  return { ...toPublicItem(row), tipo: row.tipo, publico: row.publico, version: row.version };
}
