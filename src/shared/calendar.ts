/**
 * The school calendar's pure rules, shared by the server (which counts dias letivos and guards the roll
 * call) and the screens (which colour the month). Dates are civil `YYYY-MM-DD` strings; arithmetic runs
 * in UTC so no time zone or daylight-saving shift can move a day.
 */

/** One civil day in milliseconds: the one constant the code computes a day with. */
export const DAY_MS = 86_400_000;

function toUtc(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

function fromUtc(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return fromUtc(toUtc(value)) === value;
}

export function addDays(iso: string, days: number): string {
  return fromUtc(toUtc(iso) + days * DAY_MS);
}

/** 0 = domingo … 6 = sábado. */
export function weekdayOf(iso: string): number {
  return new Date(toUtc(iso)).getUTCDay();
}

/** The days of the week by `weekdayOf` (0: domingo), as a date is written in Portuguese. */
export const weekdayNames = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
] as const;

/** Every date from `from` to `to`, both included (empty when `to` is earlier). */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = toUtc(from), end = toUtc(to); time <= end; time += DAY_MS) days.push(fromUtc(time));
  return days;
}

/** Whole calendar days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

export function daysInRange(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/** Easter Sunday (Gregorian calendar), by the anonymous 'Meeus/Jones/Butcher' algorithm. */
export function easterOf(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface NationalHoliday {
  data: string;
  nome: string;
  /** Feriado by federal law, or a federal 'ponto facultativo' that schools traditionally close on. */
  tipo: 'feriado_nacional' | 'ponto_facultativo';
}

/**
 * Brazil's national holidays of a year (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023) and the
 * Carnaval and Corpus Christi 'pontos facultativos' of the federal list, computed from Easter.
 */
export function nationalHolidays(year: number): NationalHoliday[] {
  const y = String(year);
  const easter = easterOf(year);
  const fixed = (monthDay: string, nome: string): NationalHoliday => ({
    data: `${y}-${monthDay}`,
    nome,
    tipo: 'feriado_nacional',
  });
  const list: NationalHoliday[] = [
    fixed('01-01', 'Confraternização Universal'),
    { data: addDays(easter, -48), nome: 'Carnaval', tipo: 'ponto_facultativo' },
    { data: addDays(easter, -47), nome: 'Carnaval', tipo: 'ponto_facultativo' },
    { data: addDays(easter, -2), nome: 'Sexta-feira Santa (Paixão de Cristo)', tipo: 'feriado_nacional' },
    fixed('04-21', 'Tiradentes'),
    fixed('05-01', 'Dia do Trabalho'),
    { data: addDays(easter, 60), nome: 'Corpus Christi', tipo: 'ponto_facultativo' },
    fixed('09-07', 'Independência do Brasil'),
    fixed('10-12', 'Nossa Senhora Aparecida'),
    fixed('11-02', 'Finados'),
    fixed('11-15', 'Proclamação da República'),
    fixed('11-20', 'Dia Nacional de Zumbi e da Consciência Negra'),
    fixed('12-25', 'Natal'),
  ];
  return list.sort((a, b) => a.data.localeCompare(b.data));
}

/** The national holidays between two dates (both included), over as many years as the range spans. */
export function nationalHolidaysBetween(from: string, to: string): NationalHoliday[] {
  const result: NationalHoliday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const holiday of nationalHolidays(year)) {
      if (holiday.data >= from && holiday.data <= to) result.push(holiday);
    }
  }
  return result;
}

/**
 * Whether banks clear payments on the day: Monday to Friday, and not a national holiday nor Carnaval or
 * Corpus Christi (days without bank clearing on FEBRABAN's national calendar). Local holidays are not known.
 */
export function isBankBusinessDay(iso: string): boolean {
  const weekday = weekdayOf(iso);
  if (weekday === 0 || weekday === 6) return false;
  return !nationalHolidays(Number(iso.slice(0, 4))).some((holiday) => holiday.data === iso);
}

/**
 * The day a bill due on `iso` may still be paid without charges: the day itself, or, on a Saturday,
 * Sunday or holiday, the first business day after it (Lei 7.089/1983, art. 1º).
 */
export function lastDayWithoutCharges(iso: string): string {
  let day = iso;
  while (!isBankBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * Bills due before this day are overdue on `today`; one due on it or later is not. A bill is overdue
 * once its `lastDayWithoutCharges` has passed, so on a Sunday or Monday one due on Saturday is not yet.
 * The one boundary lets SQL filter by due date the way `daysLate` counts (the holidays are not in SQL).
 */
export function overdueBefore(today: string): string {
  let day = today;
  while (lastDayWithoutCharges(addDays(day, -1)) >= today) day = addDays(day, -1);
  return day;
}

/** Kinds of calendar entries the school adds: the first five change which days are letivos. */
export const dayEntryKinds = [
  'feriado_municipal',
  'feriado_estadual',
  'recesso',
  'sabado_letivo',
  'dia_letivo',
] as const;
export const eventKinds = ['reuniao_pais', 'prova', 'festa', 'conselho_classe', 'evento'] as const;
export const entryKinds = [...dayEntryKinds, ...eventKinds] as const;
export type EntryKind = (typeof entryKinds)[number];

export const entryKindLabels: Record<EntryKind, string> = {
  feriado_municipal: 'Feriado municipal',
  feriado_estadual: 'Feriado estadual',
  recesso: 'Recesso escolar',
  sabado_letivo: 'Sábado letivo',
  dia_letivo: 'Dia letivo extra (reposição)',
  reuniao_pais: 'Reunião de pais',
  prova: 'Provas e avaliações',
  festa: 'Festa / evento festivo',
  conselho_classe: 'Conselho de classe',
  evento: 'Outro evento',
};

/**
 * Whether a new entry of this kind is `publico` (shown on the site and to the families) unless the
 * person says otherwise: what changes a family's day or asks for them — holidays, recess, sábado and
 * dia letivo, reunião de pais, provas, festas, events — is; the conselho de classe is the staff's.
 */
const internalKinds: ReadonlySet<string> = new Set<EntryKind>(['conselho_classe']);
export function isPublicByDefault(tipo: string): boolean {
  return !internalKinds.has(tipo);
}

/** A national holiday or a ponto facultativo (Carnaval, Corpus Christi) as the screens name it. */
export const holidayKindLabel = (tipo: 'feriado_nacional' | 'ponto_facultativo') =>
  tipo === 'feriado_nacional' ? 'Feriado nacional' : 'Ponto facultativo';

const closingKinds = new Set<EntryKind>(['feriado_municipal', 'feriado_estadual', 'recesso']);
const openingKinds = new Set<EntryKind>(['sabado_letivo', 'dia_letivo']);

/** What a day is, for the roll call and the counts. */
export const dayKinds = [
  'letivo',
  'sabado_letivo',
  'dia_letivo',
  'feriado_nacional',
  'ponto_facultativo',
  'feriado_estadual',
  'feriado_municipal',
  'recesso',
  'fim_de_semana',
  'fora_do_ano_letivo',
] as const;
export type DayKind = (typeof dayKinds)[number];

export const dayKindLabels: Record<DayKind, string> = {
  letivo: 'Dia letivo',
  sabado_letivo: 'Sábado letivo',
  dia_letivo: 'Dia letivo extra (reposição)',
  feriado_nacional: 'Feriado nacional',
  ponto_facultativo: 'Ponto facultativo',
  feriado_estadual: 'Feriado estadual',
  feriado_municipal: 'Feriado municipal',
  recesso: 'Recesso escolar',
  fim_de_semana: 'Fim de semana',
  fora_do_ano_letivo: 'Fora do ano letivo',
};

export interface CalendarEntryLike {
  tipo: EntryKind;
  titulo: string;
  inicio: string;
  fim: string;
}

export interface YearRange {
  inicio: string;
  fim: string;
}

export interface CalendarDay {
  data: string;
  tipo: DayKind;
  letivo: boolean;
  /** The holiday's or entry's name when the day is not an ordinary one. */
  descricao: string | null;
}

/**
 * Classifies each day of a range. A school entry that opens a day (sábado letivo, reposição) beats
 * the weekend, a ponto facultativo and a recess, but never a national holiday; an entry that closes a
 * day (recess, local holiday) beats an ordinary weekday. Days outside every school year are not letivos.
 */
export function classifyDays(
  from: string,
  to: string,
  entries: readonly CalendarEntryLike[],
  years: readonly YearRange[],
): CalendarDay[] {
  const holidays = new Map(nationalHolidaysBetween(from, to).map((holiday) => [holiday.data, holiday]));
  const closing = entries.filter((entry) => closingKinds.has(entry.tipo));
  const opening = entries.filter((entry) => openingKinds.has(entry.tipo));
  return eachDay(from, to).map((data): CalendarDay => {
    const inYear = years.some((year) => data >= year.inicio && data <= year.fim);
    const holiday = holidays.get(data);
    const covers = (entry: CalendarEntryLike) => data >= entry.inicio && data <= entry.fim;
    if (holiday?.tipo === 'feriado_nacional')
      return { data, tipo: 'feriado_nacional', letivo: false, descricao: holiday.nome };
    const opener = opening.find(covers);
    if (opener && weekdayOf(data) !== 0)
      return { data, tipo: opener.tipo as DayKind, letivo: inYear, descricao: opener.titulo };
    if (holiday) return { data, tipo: holiday.tipo, letivo: false, descricao: holiday.nome };
    const closer = closing.find(covers);
    if (closer) return { data, tipo: closer.tipo as DayKind, letivo: false, descricao: closer.titulo };
    const weekday = weekdayOf(data);
    if (weekday === 0 || weekday === 6)
      return { data, tipo: 'fim_de_semana', letivo: false, descricao: null };
    if (!inYear) return { data, tipo: 'fora_do_ano_letivo', letivo: false, descricao: null };
    return { data, tipo: 'letivo', letivo: true, descricao: null };
  });
}

/** LDB art. 24, I: at least 200 dias de efetivo trabalho escolar a year. */
/**
 * The period of the year a date belongs to: the one that contains it, or — for a day between two
 * periods (dates typed with a gap, such as the July recess) — the one before it, so a roll of that day
 * closes with that period and counts in its column of the boletim. Undefined before the first period.
 */
export function periodOfDate<P extends { inicio: string }>(
  periods: readonly P[],
  date: string,
): P | undefined {
  let found: P | undefined;
  for (const period of periods)
    if (period.inicio <= date && (found === undefined || period.inicio > found.inicio)) found = period;
  return found;
}

/**
 * The last day that belongs to `periods[index]` (periods in order): the day before the next period
 * starts — a gap between two periods belongs to the one before it, as in `periodOfDate` — or the
 * year's end for the last one.
 */
export function periodLastDay(
  periods: readonly { inicio: string }[],
  index: number,
  yearEnd: string,
): string {
  const next = periods[index + 1];
  return next ? addDays(next.inicio, -1) : yearEnd;
}

export const MIN_DIAS_LETIVOS = 200;

export function countLetivos(days: readonly CalendarDay[], from: string, to: string): number {
  return days.filter((day) => day.letivo && day.data >= from && day.data <= to).length;
}

/**
 * Lessons of a subject on a weekday: the weekly count spread over its weekdays, the first days taking
 * the remainder (5 lessons on Mon/Wed/Fri: 2, 2, 1). Zero on a weekday it is not taught.
 */
export function lessonsOnWeekday(
  aulasSemanais: number,
  diasSemana: readonly number[],
  weekday: number,
): number {
  const days = [...new Set(diasSemana)].sort((a, b) => a - b);
  const index = days.indexOf(weekday);
  if (index < 0) return 0;
  const base = Math.floor(aulasSemanais / days.length);
  return base + (index < aulasSemanais % days.length ? 1 : 0);
}
