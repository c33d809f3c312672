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

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo de ${max} caracteres`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const PHONE_INVALID = 'Telefone inválido. Use DDD + número, ex.: (11) 91234-5678';

const phoneDigits = z
  .string()
  .trim()
  .transform((value) => value.replace(/\D/g, ''))
  .refine((digits) => digits === '' || digits.length === 10 || digits.length === 11, {
    message: PHONE_INVALID,
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
  .max(254, 'Email inválido')
  .refine((value) => value === '' || z.email().safeParse(value).success, { message: 'Email inválido' })
  .transform((value) => (value === '' ? null : value.toLowerCase()))
  .nullable()
  .optional();

const isoDate = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)), 'Data inválida');

export const requiredBirthDateSchema = z
  .string({ error: 'Data de nascimento é obrigatória' })
  .trim()
  .min(1, 'Data de nascimento é obrigatória')
  .pipe(isoDate)
  .refine((value) => value <= todayIso(), 'A data de nascimento não pode estar no futuro');

export const optionalDateSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isoDate.safeParse(value).success, 'Data inválida')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const requiredName = (label = 'Nome') =>
  z
    .string({ error: `${label} é obrigatório` })
    .trim()
    .min(1, `${label} é obrigatório`)
    .max(120, 'Máximo de 120 caracteres');

export const uuidParam = z.uuid({ error: 'Identificador inválido' });

/** Age in whole years on `today` (YYYY-MM-DD), from a YYYY-MM-DD birth date. */
export function ageOn(birthDate: string, today: string = todayIso()): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

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
