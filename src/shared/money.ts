/**
 * Late-payment charges on tuition, in integer centavos (docs/finance.md, Lei 9.870/1999 and CDC art. 52).
 *
 * - multa: a one-off percentage of the overdue principal, never above 2 % (200 basis points).
 * - juros: a monthly rate applied pro rata die on a 30-day month: principal × rate × days / 30.
 * - Rounding: each charge is rounded once, half up, to the nearest centavo, from the exact rational
 *   value (no floating point on the way). R$ 850,00 ten days late at 2 % + 1 % a.m.:
 *   multa = 85000 × 200 / 10000 = 1700 (R$ 17,00); juros = 85000 × 100 × 10 / (10000 × 30) = 283,33… → 283
 *   (R$ 2,83).
 * - Days late are calendar days after the due date; paying on the due date costs nothing, nor, when it
 *   falls on a Saturday, Sunday or holiday, on the first business day after it (Lei 7.089/1983).
 * - A partial payment settles principal and charges in proportion: the part of the principal it settles
 *   carries its own multa and juros, so the multa over all payments never exceeds 2 % of the principal.
 * - Desconto de pontualidade (ADR 0046), when the school has one: a percentage of the open principal
 *   (after bolsa and discounts; rounded half up) or a fixed amount, granted when the whole open amount is
 *   paid on or before its last day (the due date, or N days before it). It never comes with multa or
 *   juros (its last day is never after the due date) and never makes the amount of the day less than
 *   one centavo (a free month is a bolsa of 100 %, not a discount).
 */
import { addDays, daysBetween, lastDayWithoutCharges } from './calendar.js';

export const MAX_MULTA_BP = 200;
export const DEFAULT_MULTA_BP = 200;
export const DEFAULT_JUROS_MENSAL_BP = 100;
const BP = 10_000;

/** Rounds numerator/denominator half up (both non-negative integers). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Calendar days late, counted from the due date; none while the bill may still be paid without charges
 * (a due date on a Saturday, Sunday or holiday is paid on the next business day: Lei 7.089/1983).
 */
export function daysLate(dueDate: string, paymentDate: string): number {
  if (paymentDate <= lastDayWithoutCharges(dueDate)) return 0;
  return daysBetween(dueDate, paymentDate);
}

export const MAX_DESCONTO_PONTUALIDADE_BP = 5_000;
export const MAX_DESCONTO_PONTUALIDADE_DIAS_ANTES = 28;

/** The school's pontualidade discount (ADR 0046): a percentage or a fixed amount, until N days before. */
export type DescontoPontualidade =
  | { tipo: 'percentual'; bp: number; diasAntes: number }
  | { tipo: 'valor'; centavos: number; diasAntes: number };

export interface ChargeRates {
  /** Basis points: 200 = 2 %. Clamped to the legal 2 %. */
  multaBp: number;
  /** Basis points per 30-day month: 100 = 1 % a.m. */
  jurosMensalBp: number;
  /** The pontualidade discount; absent or null: none. */
  pontualidade?: DescontoPontualidade | null | undefined;
}

export interface DescontoOferta {
  /** Centavos off the open principal. */
  valor: number;
  /** The last day it is granted (YYYY-MM-DD), never after the due date. */
  ate: string;
}

/**
 * The pontualidade discount offered on `principal` (still open) of a tuition due on `dueDate`, whatever
 * the day of payment; null when the school has none or it comes to nothing. The one rule: every amount
 * of the day, the Pix charge's `desconto` and the screens come from here.
 */
export function descontoPontualidade(
  principal: number,
  dueDate: string,
  rates: ChargeRates,
): DescontoOferta | null {
  const regra = rates.pontualidade;
  if (!regra || principal <= 1) return null;
  const bruto =
    regra.tipo === 'percentual'
      ? divideRoundHalfUp(principal * Math.min(Math.max(0, regra.bp), MAX_DESCONTO_PONTUALIDADE_BP), BP)
      : Math.max(0, regra.centavos);
  const valor = Math.min(bruto, principal - 1);
  if (valor <= 0) return null;
  return { valor, ate: addDays(dueDate, -Math.max(0, regra.diasAntes)) };
}

export function computeMulta(principal: number, days: number, rates: ChargeRates): number {
  if (days <= 0 || principal <= 0) return 0;
  return divideRoundHalfUp(principal * Math.min(rates.multaBp, MAX_MULTA_BP), BP);
}

export function computeJuros(principal: number, days: number, rates: ChargeRates): number {
  if (days <= 0 || principal <= 0) return 0;
  return divideRoundHalfUp(principal * rates.jurosMensalBp * days, BP * 30);
}

export interface AmountDue {
  principal: number;
  /** The pontualidade discount granted on that day (0 when none or late). */
  desconto: number;
  multa: number;
  juros: number;
  total: number;
  days: number;
}

/** What settles `principal` (still open) on `paymentDate` for a tuition due on `dueDate`. */
export function computeAmountDue(
  principal: number,
  dueDate: string,
  paymentDate: string,
  rates: ChargeRates,
): AmountDue {
  const days = daysLate(dueDate, paymentDate);
  const oferta = descontoPontualidade(principal, dueDate, rates);
  const desconto = oferta !== null && paymentDate <= oferta.ate ? oferta.valor : 0;
  const multa = computeMulta(principal, days, rates);
  const juros = computeJuros(principal, days, rates);
  return { principal, desconto, multa, juros, total: principal - desconto + multa + juros, days };
}

export interface PaymentSplit {
  principal: number;
  /** Pontualidade discount granted: principal settled that was not paid in money. */
  desconto: number;
  multa: number;
  juros: number;
  /** True when the principal is fully settled. */
  settles: boolean;
}

/**
 * Splits an amount paid into principal, multa and juros. Paying the whole updated amount settles the
 * tuition (with its pontualidade discount when in time); less settles the proportional share of the
 * principal (rounded down, so the school is never short) and the rest is that share's charges, multa
 * first. A partial payment in time earns no discount: it settles as much principal as it pays.
 */
export function splitPayment(amount: number, due: AmountDue): PaymentSplit {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer');
  if (amount >= due.total)
    return {
      principal: due.principal,
      desconto: due.desconto,
      multa: due.multa,
      juros: due.juros,
      settles: true,
    };
  if (due.desconto > 0) return { principal: amount, desconto: 0, multa: 0, juros: 0, settles: false };
  const principal = Math.min(due.principal - 1, Math.floor((amount * due.principal) / due.total));
  const charges = amount - principal;
  const multa = Math.min(
    charges,
    due.total === due.principal ? 0 : divideRoundHalfUp(principal * due.multa, due.principal),
  );
  return { principal, desconto: 0, multa, juros: charges - multa, settles: false };
}

/** Applies a bolsa (discount in basis points, 10000 = 100 %) to a monthly tuition, rounding half up. */
export function applyDiscount(valor: number, bolsaBp: number): number {
  return valor - divideRoundHalfUp(valor * bolsaBp, BP);
}

/**
 * Reais text (1234.5, "1.234,56" or "1.250") → centavos; null when it is not an amount. A dot followed
 * by groups of three digits and no comma is the thousands separator, as the money mask writes 1250.
 */
export function parseReais(text: string): number | null {
  const cleaned = text.replace(/R\$\s?/, '').trim();
  if (cleaned === '') return null;
  const thousandsOnly = /^\d{1,3}(\.\d{3})+$/.test(cleaned);
  const normalized =
    cleaned.includes(',') || thousandsOnly ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned;
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  const [whole, fraction = ''] = normalized.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Centavos → "850.00" (BR Code amounts, CSV) */
export function centavosToDecimal(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
