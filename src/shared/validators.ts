import { z } from 'zod';
import { todayIso } from './format.js';
import { parseReais } from './money.js';

/** True when the 11 digits carry valid CPF check digits (and are not one repeated digit). */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const numbers = Array.from(digits, Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let index = 0; index < length; index++) sum += numbers[index]! * (length + 1 - index);
    const check = ((sum * 10) % 11) % 10;
    if (check !== numbers[length]) return false;
  }
  return true;
}

/** Appends the two check digits to 9 digits (demo data and tests). */
export function completeCpf(base: string): string {
  const numbers = Array.from(base.replace(/\D/g, '').padStart(9, '0').slice(0, 9), Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let index = 0; index < length; index++) sum += numbers[index]! * (length + 1 - index);
    numbers.push(((sum * 10) % 11) % 10);
  }
  return numbers.join('');
}

export function formatCpf(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length !== 11) return value ?? '';
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** '123.456.789-09' → '***.456.789-**' (the usual masking: enough to tell two people apart). */
export function maskCpf(cpf: string | null): string {
  const formatted = formatCpf(cpf);
  if (!/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(formatted)) return cpf ? '***' : 'não informado';
  return `***.${formatted.slice(4, 11)}-**`;
}

export const CPF_INVALID = 'CPF inválido';

/** Optional CPF: '' → null; otherwise 11 digits with valid check digits, stored as digits. */
export const optionalCpfSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/\D/g, ''))
  .refine((digits) => digits === '' || isValidCpf(digits), { message: CPF_INVALID })
  .transform((digits) => (digits === '' ? null : digits))
  .nullable()
  .optional();

/* ---------- text: one rule for every string the API receives ---------- */

/**
 * Control characters are never text: NUL (which PostgreSQL refuses in text and jsonb), terminal escape
 * codes, DEL and the C1 range. Tab, line feed and carriage return are the exceptions, and only
 * multi-line fields take them. The server applies this rule to every string of every body, query
 * string and path before any route schema runs (src/server/lib/validation.ts), so no field can forget it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/**
 * Half of a surrogate pair alone (JSON can escape one: "\ud800") is no character either: PostgreSQL's
 * jsonb refuses it, so a text that reached the audit's details answered 500. A browser never sends one.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const CONTROL_CHARACTERS_MESSAGE = 'O texto contém caracteres de controle, que não são permitidos.';
export const SINGLE_LINE_MESSAGE = 'Use uma só linha, sem quebras de linha nem tabulações.';

export function hasControlCharacters(value: string): boolean {
  return FORBIDDEN_CONTROL.test(value) || LONE_SURROGATE.test(value);
}

/** The paths (keys included) of every string in a parsed JSON value that breaks the rule above. */
export function findControlCharacters(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return hasControlCharacters(value) ? [path] : [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => findControlCharacters(item, [...path, index]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      hasControlCharacters(key) ? [[...path, key]] : findControlCharacters(item, [...path, key]),
    );
  }
  return [];
}

export function isSingleLine(value: string): boolean {
  return !LINE_BREAK_OR_TAB.test(value);
}

/**
 * A one-line text field (names, titles, addresses, categories): no line breaks or tabs, which would
 * break a table row, a CSV line or a document header. Multi-line fields (observations, descriptions)
 * use `z.string()` or `optionalText(max, { multiline: true })` and keep them.
 */
export const singleLineText = () => z.string().trim().refine(isSingleLine, SINGLE_LINE_MESSAGE);

export const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  (options.multiline ? z.string().trim() : singleLineText())
    .max(max, `Máximo de ${max} caracteres`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const PHONE_INVALID = 'Telefone inválido. Use DDD + número, ex.: (11) 91234-5678';
export const MOBILE_MISSING_DIGIT = 'Celular com DDD tem 11 dígitos: confira o número';

/**
 * Why a phone's digits (DDD + number, '' for none) are no Brazilian number, or null. With 10 digits
 * it is a landline, whose number starts with 2 to 5; one starting with 6 to 9 is a mobile that lost
 * its 9th digit ('19 98888-777' would be saved as (19) 9888-8777, a number nobody answers).
 */
export function phoneDigitsProblem(digits: string, invalid = PHONE_INVALID): string | null {
  if (digits === '') return null;
  if (digits.length !== 10 && digits.length !== 11) return invalid;
  if (digits.length === 10 && /^[6-9]$/.test(digits.charAt(2))) return MOBILE_MISSING_DIGIT;
  return null;
}

const phoneDigits = z
  .string()
  .trim()
  .transform((value) => value.replace(/\D/g, ''))
  .superRefine((digits, context) => {
    const problem = phoneDigitsProblem(digits);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const optionalPhoneSchema = phoneDigits
  .transform((digits) => (digits === '' ? null : digits))
  .nullable()
  .optional();

export const requiredPhoneSchema = z
  .string({ error: 'Telefone é obrigatório' })
  .trim()
  .min(1, 'Telefone é obrigatório')
  .pipe(phoneDigits);

export const optionalEmailSchema = z
  .string()
  .trim()
  .max(254, 'E-mail inválido')
  .refine((value) => value === '' || z.email().safeParse(value).success, { message: 'E-mail inválido' })
  .transform((value) => (value === '' ? null : value.toLowerCase()))
  .nullable()
  .optional();

/** The years every date field accepts: older or later dates are typing mistakes. */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2100;

/**
 * True for a real calendar day written YYYY-MM-DD. The parts must survive a round trip through a UTC
 * date, so 1990-02-30 is refused instead of rolling over to March (PostgreSQL would refuse it later, as
 * an internal error); year 0000 does not exist for PostgreSQL either.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Within MIN_DATE_YEAR..MAX_DATE_YEAR (for a YYYY-MM-DD or YYYY-MM value). */
export function isDateInRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
}

/** YYYY-MM, a real month within the accepted years (a reference month). */
export function isCalendarMonth(value: string): boolean {
  return /^\d{4}-\d{2}$/.test(value) && isCalendarDate(`${value}-01`) && isDateInRange(value);
}

export const DATE_INVALID = 'Data inválida';
export const DATE_RANGE_MESSAGE = `Use uma data entre ${MIN_DATE_YEAR} e ${MAX_DATE_YEAR}`;

/** The checks of a date value, one message at a time (the first that fails); '' passes when allowed. */
const calendarDate = (options: { notFuture?: string; allowEmpty?: boolean } = {}) => {
  const skip = (value: string) => options.allowEmpty === true && value === '';
  let schema = z
    .string()
    .refine((value) => skip(value) || isCalendarDate(value), { message: DATE_INVALID, abort: true });
  const notFuture = options.notFuture;
  if (notFuture) {
    schema = schema.refine((value) => skip(value) || value <= todayIso(), {
      message: notFuture,
      abort: true,
    });
  }
  return schema.refine((value) => skip(value) || isDateInRange(value), DATE_RANGE_MESSAGE);
};

/** A required calendar date (YYYY-MM-DD). Every date field of the API goes through these checks. */
export const isoDateSchema = z.string().trim().pipe(calendarDate());

export const monthSchema = z.string().trim().refine(isCalendarMonth, 'Mês inválido (AAAA-MM)');

export const BIRTH_DATE_IN_FUTURE = 'A data de nascimento não pode estar no futuro';

export const requiredBirthDateSchema = z
  .string({ error: 'Data de nascimento é obrigatória' })
  .trim()
  .min(1, 'Data de nascimento é obrigatória')
  .pipe(calendarDate({ notFuture: BIRTH_DATE_IN_FUTURE }));

/** An optional date ('' or null: none); `notFuture` is the message for a date after today. */
export const optionalDate = (notFuture?: string) =>
  z
    .string()
    .trim()
    .pipe(calendarDate({ allowEmpty: true, ...(notFuture ? { notFuture } : {}) }))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** An optional date: '' means none (stored as null). */
export const optionalDateSchema = optionalDate();
export const optionalBirthDateSchema = optionalDate(BIRTH_DATE_IN_FUTURE);

export const requiredName = (label = 'Nome') =>
  z
    .string({ error: `${label} é obrigatório` })
    .trim()
    .min(1, `${label} é obrigatório`)
    .max(120, 'Máximo de 120 caracteres')
    .refine(isSingleLine, SINGLE_LINE_MESSAGE);

/**
 * A record's id: 'Campo obrigatório' when missing or empty (a required query field, a select left
 * blank), else 'Identificador inválido'.
 */
export const uuidParam = z.uuid({
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Campo obrigatório'
      : 'Identificador inválido',
});

/** Age in whole years on `today` (YYYY-MM-DD), from a YYYY-MM-DD birth date. */
export function ageOn(birthDate: string, today: string = todayIso()): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** PostgreSQL `integer` holds up to 2^31 − 1: a larger number is refused here, not by the database. */
export const MAX_INTEGER = 2_147_483_647;

/** The `version` a client sends back for optimistic locking. */
export const versionSchema = z.number().int().positive().max(MAX_INTEGER);

const pageNumberSchema = z.coerce.number().int().min(1).max(1_000_000).default(1);

/**
 * `?page=&pageSize=` of every server-paged list, spread into the list's query schema. Each list picks its
 * default and its largest page; the page number and its bounds are the same everywhere.
 */
export function pageQuery({
  defaultSize = 20,
  maxSize = 100,
}: { defaultSize?: number; maxSize?: number } = {}) {
  return {
    page: pageNumberSchema,
    pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  };
}

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/**
 * `?sort=&order=` of a server-paged list. Each list whitelists the columns it sorts by, so a query can
 * never name an arbitrary column; without `sort` the list keeps its natural order.
 */
export function sortQuery<const K extends readonly [string, ...string[]]>(columns: K) {
  return {
    sort: z.enum(columns, { error: 'Ordenação inválida' }).optional(),
    order: z.enum(sortOrders, { error: 'Ordem inválida' }).optional(),
  };
}

/**
 * An amount typed in reais ('1.234,56', as the money mask writes it) → integer centavos. Forms use it
 * where the API takes centavos, so the browser refuses what the server would.
 */
export const moneyText = (message = 'Informe um valor positivo, por exemplo 1.234,56') =>
  z.string().transform((text, context) => {
    const centavos = parseReais(text);
    if (centavos === null || centavos <= 0) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return centavos;
  });

/** An optional amount in reais: '' → null. */
export const optionalMoneyText = z.string().transform((text, context) => {
  if (text.trim() === '') return null;
  const centavos = parseReais(text);
  if (centavos === null) {
    context.addIssue({ code: 'custom', message: 'Valor inválido, por exemplo 850,00' });
    return z.NEVER;
  }
  return centavos;
});

/** A decimal typed the Brazilian way ('2,5') → number; '' is not a number. */
export const decimalText = (message: string) =>
  z
    .string()
    .trim()
    .refine((text) => /^\d+([.,]\d+)?$/.test(text), message)
    .transform((text) => Number(text.replace(',', '.')));

/** A required reason on one line: a missing one reads as what to write, not as a type error. */
export const requiredReason = (message: string, length: { min: number; max: number; tooLong: string }) =>
  z
    .string({ error: message })
    .pipe(singleLineText())
    .pipe(z.string().min(length.min, message).max(length.max, length.tooLong));

export const rectificationReason = (what: string) =>
  requiredReason(`Explique ${what} (ao menos 5 caracteres)`, {
    min: 5,
    max: 500,
    tooLong: 'Máximo de 500 caracteres',
  });
