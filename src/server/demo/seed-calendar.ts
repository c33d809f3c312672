/**
 * The demo's school calendar as data: the school year's dates, the year's entries (local holidays,
 * recesses, sábados letivos, events) and its closing dates — the last day of classes, the festa de
 * encerramento, the recuperação final, the conselho de classe final and the results. The notices that
 * announce a date (seed-comunicados.data.ts) read it from these entries, so a notice never names a day
 * the calendar does not have.
 */
import { addDays, easterOf, weekdayNames, weekdayOf, type EntryKind } from '../../shared/calendar.js';

export interface DemoEntry {
  tipo: EntryKind;
  titulo: string;
  inicio: string;
  fim: string;
  publico: boolean;
}

/** The first weekday on or after a date (weekday: 0 = domingo … 6 = sábado). */
export function onOrAfter(date: string, weekday: number): string {
  let day = date;
  while (weekdayOf(day) !== weekday) day = addDays(day, 1);
  return day;
}

/** A school year of the demo: from the first Monday of February to the Friday on or after 7 December. */
export function demoSchoolYear(year: number): { inicio: string; fim: string } {
  const y = String(year);
  return { inicio: onOrAfter(`${y}-02-02`, 1), fim: onOrAfter(`${y}-12-07`, 5) };
}

const entry = (tipo: EntryKind, titulo: string, start: string, end = start, publico = true): DemoEntry => ({
  tipo,
  titulo,
  inicio: start,
  fim: end,
  publico,
});

/** The titles the notices look the closing dates up by. */
export const YEAR_END = {
  ultimoDia: 'Último dia de aula',
  festa: 'Festa de encerramento',
  recuperacao: 'Recuperação final',
  conselho: 'Conselho de classe final',
  resultado: 'Resultado final',
} as const;

/**
 * The year's closing dates, after its last day (`fim`, a Friday): the festa de encerramento on the
 * Saturday, the recuperação final of the students convoked from Monday to Thursday — after the last day,
 * so the other students' roll is not asked for on those days, and before the 4th bimestre closes (a week
 * after the last day), so its grades still count —, the conselho de classe final (internal) on the
 * Friday the bimestre closes, and the results the Monday after.
 */
export function yearEndEntries(fim: string): DemoEntry[] {
  return [
    entry('evento', YEAR_END.ultimoDia, fim),
    entry('festa', YEAR_END.festa, addDays(fim, 1)),
    entry('prova', YEAR_END.recuperacao, addDays(fim, 3), addDays(fim, 6)),
    entry('conselho_classe', YEAR_END.conselho, addDays(fim, 7), addDays(fim, 7), false),
    entry('evento', YEAR_END.resultado, addDays(fim, 10)),
  ];
}

/**
 * The current year's calendar. The emenda is the Friday after Corpus Christi (a Thursday the school
 * closes as ponto facultativo), so it bridges a real holiday; the Dia das Crianças is celebrated on the
 * last school day before 12 October, a day with classes.
 */
export function demoCalendarEntries(year: number): DemoEntry[] {
  const y = String(year);
  const { fim } = demoSchoolYear(year);
  const julyRecess = onOrAfter(`${y}-07-13`, 1);
  const emenda = addDays(easterOf(year), 61);
  let criancas = addDays(`${y}-10-12`, -1);
  while (weekdayOf(criancas) === 0 || weekdayOf(criancas) === 6) criancas = addDays(criancas, -1);
  return [
    entry('feriado_estadual', 'Revolução Constitucionalista (feriado estadual)', `${y}-07-09`),
    entry('feriado_municipal', 'Aniversário da cidade', onOrAfter(`${y}-08-10`, 3)),
    entry('recesso', 'Recesso escolar de julho', julyRecess, addDays(julyRecess, 11)),
    entry('recesso', 'Emenda de feriado (Corpus Christi)', emenda),
    entry('sabado_letivo', 'Sábado letivo — Feira de Ciências', addDays(onOrAfter(`${y}-05-11`, 1), 5)),
    entry('sabado_letivo', 'Sábado letivo — Mostra Cultural', addDays(onOrAfter(`${y}-09-14`, 1), 5)),
    entry('festa', 'Festa Junina', addDays(onOrAfter(`${y}-06-15`, 1), 5)),
    entry('reuniao_pais', 'Reunião de pais — 1º bimestre', addDays(onOrAfter(`${y}-04-20`, 1), 5)),
    entry('reuniao_pais', 'Reunião de pais — 2º bimestre', addDays(onOrAfter(`${y}-07-01`, 1), 5)),
    entry('reuniao_pais', 'Reunião de pais — 3º bimestre', addDays(onOrAfter(`${y}-09-28`, 1), 5)),
    entry(
      'prova',
      'Semana de provas — 1º bimestre',
      onOrAfter(`${y}-04-06`, 1),
      addDays(onOrAfter(`${y}-04-06`, 1), 4),
    ),
    entry(
      'prova',
      'Semana de provas — 2º bimestre',
      onOrAfter(`${y}-06-22`, 1),
      addDays(onOrAfter(`${y}-06-22`, 1), 4),
    ),
    // The year's last provas in its last week of classes (Monday to the last day), before the
    // recuperação final of the students they leave below the average.
    entry('prova', 'Semana de provas — 4º bimestre', addDays(fim, -4), fim),
    entry(
      'conselho_classe',
      'Conselho de classe',
      addDays(onOrAfter(`${y}-04-20`, 1), 3),
      addDays(onOrAfter(`${y}-04-20`, 1), 3),
      false,
    ),
    entry('evento', 'Dia das Crianças na escola', criancas),
    ...yearEndEntries(fim),
  ];
}

/** '2026-12-12' → 'sábado, 12/12', as a notice names a day. */
export function noticeDay(iso: string): string {
  return `${weekdayNames[weekdayOf(iso)]!}, ${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
}
