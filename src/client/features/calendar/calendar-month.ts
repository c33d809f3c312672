import { addDays, weekdayOf } from '../../../shared/calendar';
import type { CalendarEntry } from '../../../shared/calendar.schemas';

/** First and last day of a month 'AAAA-MM'. */
export function monthRange(mes: string): { de: string; ate: string } {
  const de = `${mes}-01`;
  const next = shiftMonth(mes, 1);
  return { de, ate: addDays(`${next}-01`, -1) };
}

export function shiftMonth(mes: string, delta: number): string {
  const index = Number(mes.slice(0, 4)) * 12 + Number(mes.slice(5, 7)) - 1 + delta;
  return `${String(Math.floor(index / 12))}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthFormat = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'março de 2026'. */
export function monthLabel(mes: string): string {
  const text = monthFormat.format(new Date(`${mes}-01T12:00:00Z`));
  return text.charAt(0).toLocaleUpperCase('pt-BR') + text.slice(1);
}

/** The month's weeks, Sunday first; null pads the days of the neighbouring months. */
export function monthWeeks(de: string, ate: string): (string | null)[][] {
  const cells: (string | null)[] = Array.from({ length: weekdayOf(de) }, () => null);
  for (let day = de; day <= ate; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export function entriesOn(entries: readonly CalendarEntry[], day: string): CalendarEntry[] {
  return entries.filter((entry) => entry.inicio <= day && entry.fim >= day);
}
