/** pt-BR formats (docs/architecture.md, Formatos pt-BR): BRL, dd/mm/aaaa, America/Sao_Paulo, (11) 91234-5678. */
export const TIME_ZONE = 'America/Sao_Paulo';

export interface DisplaySettings {
  /** The system settings' `idioma`, `fuso_horario` and `moeda` (defaults in docs/architecture.md, Formatos pt-BR). */
  idioma: string;
  fuso_horario: string;
  moeda: string;
}

function buildFormatters({ idioma, fuso_horario, moeda }: DisplaySettings) {
  return {
    key: `${idioma}|${fuso_horario}|${moeda}`,
    money: new Intl.NumberFormat(idioma, { style: 'currency', currency: moeda }),
    date: new Intl.DateTimeFormat(idioma, {
      timeZone: fuso_horario,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }),
    calendarDate: new Intl.DateTimeFormat(idioma, {
      timeZone: 'UTC',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }),
    dateTime: new Intl.DateTimeFormat(idioma, {
      timeZone: fuso_horario,
      dateStyle: 'short',
      timeStyle: 'short',
    }),
  };
}

let formatters = buildFormatters({ idioma: 'pt-BR', fuso_horario: TIME_ZONE, moeda: 'BRL' });

/**
 * Switches how money and dates are shown (the portal calls it with the school's system settings).
 * Returns a key that changes whenever the formats do, so a view can re-render.
 */
export function configureDisplay(settings: DisplaySettings): string {
  const next = `${settings.idioma}|${settings.fuso_horario}|${settings.moeda}`;
  if (next !== formatters.key) formatters = buildFormatters(settings);
  return formatters.key;
}

/** The key of the formats in force (the defaults until `configureDisplay` runs). */
export function displayKey(): string {
  return formatters.key;
}

/**
 * Money is integer centavos everywhere; this is the only place it becomes a currency amount. On a screen
 * 'R$' and its amount never part at a line's end: Intl's no-break space (U+00A0) between them stays.
 */
export function formatCentavos(centavos: number): string {
  return formatters.money.format(centavos / 100);
}

/**
 * The same amount with a plain space, for text that leaves the screen — a PDF, an e-mail, an SMS, a
 * CSV, a contract's text — where a no-break space is a byte a reader or another system may not expect,
 * and what those outputs always carried.
 */
export function formatCentavosPlain(centavos: number): string {
  return formatCentavos(centavos).replace(/\u00a0/g, ' ');
}

/** Accepts an ISO timestamp or a `YYYY-MM-DD` calendar date (shown as that same day). */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return formatters.calendarDate.format(new Date(`${value}T00:00:00Z`));
  }
  return formatters.date.format(new Date(value));
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return formatters.dateTime.format(new Date(value)).replace(',', '');
}

/** '82,5 %' (one decimal, as the server rounds); '—' before any roll. The screens and the PDFs agree. */
export function formatPercent(value: number | null): string {
  if (value === null) return '—';
  return `${value.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

const conjunction = new Intl.ListFormat('pt-BR', { type: 'conjunction' });

/** 'a, b e c': a list as a Portuguese sentence says it ('a' alone, '' for none). */
export function formatList(items: readonly string[]): string {
  return conjunction.format(items);
}

/** '1 aluno', '2 alunos', '0 alunos': a count with its noun in the right number. */
export function formatCount(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? singular : plural}`;
}

/** Text as a person compares it: without accents or case ('Robótica' and 'robotica' are the same). */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A name as compared: no accents, case or repeated spaces ('JOSÉ  da Silva' is 'jose da silva'). */
export function sameName(a: string, b: string): boolean {
  const key = (text: string) => foldText(text).replace(/\s+/g, ' ').trim();
  return key(a) === key(b);
}

/** The first name, as a subject line or a greeting uses it ('Ana' of ' Ana Clara Souza'). */
export function firstName(nome: string): string {
  return nome.trim().split(/\s+/)[0] ?? nome;
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function formatPhone(value: string | null | undefined): string {
  const digits = onlyDigits(value ?? '');
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return value ?? '';
}

/** Today's calendar date in the school's time zone, as `YYYY-MM-DD`. */
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });

export function todayIso(now: Date = new Date()): string {
  return isoDay.format(now);
}
