/**
 * Late-payment charges on tuition, in integer centavos (docs/finance.md, Lei 9.870/1999 and CDC art. 52).
 *
 * - multa: a one-off percentage of the overdue principal, never above 2 % (200 basis points).
 * - juros: a monthly rate applied pro rata die on a 30-day month: principal × rate × days / 30.
 * - Rounding: each charge is rounded once, half up, to the nearest centavo, from the exact rational
 *   value (no floating point on the way). R$ 850,00 ten days late at 2 % + 1 % a.m.:
 *   multa = 85000 × 200 / 10000 = 1700 (R$ 17,00); juros = 85000 × 100 × 10 / (10000 × 30) = 283,33… → 283
 *   (R$ 2,83).
 * - Days late are calendar days after the due date; paying on the due date costs nothing.
 * - A partial payment settles principal and charges in proportion: the part of the principal it settles
 *   carries its own multa and juros, so the multa over all payments never exceeds 2 % of the principal.
 */
export const MAX_MULTA_BP = 200;
export const DEFAULT_MULTA_BP = 200;
export const DEFAULT_JUROS_MENSAL_BP = 100;
const BP = 10_000;

/** Rounds numerator/denominator half up (both non-negative integers). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Whole calendar days from `from` to `to` (YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)));
  const b = Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)));
  return Math.round((b - a) / 86_400_000);
}

export function daysLate(dueDate: string, paymentDate: string): number {
  return Math.max(0, daysBetween(dueDate, paymentDate));
}

export interface ChargeRates {
  /** Basis points: 200 = 2 %. Clamped to the legal 2 %. */
  multaBp: number;
  /** Basis points per 30-day month: 100 = 1 % a.m. */
  jurosMensalBp: number;
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
  const multa = computeMulta(principal, days, rates);
  const juros = computeJuros(principal, days, rates);
  return { principal, multa, juros, total: principal + multa + juros, days };
}

export interface PaymentSplit {
  principal: number;
  multa: number;
  juros: number;
  /** True when the principal is fully settled. */
  settles: boolean;
}

/**
 * Splits an amount paid into principal, multa and juros. Paying the whole updated amount settles the
 * tuition; less settles the proportional share of the principal (rounded down, so the school is never
 * short) and the rest is that share's charges, multa first.
 */
export function splitPayment(amount: number, due: AmountDue): PaymentSplit {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer');
  if (amount >= due.total)
    return { principal: due.principal, multa: due.multa, juros: due.juros, settles: true };
  const principal = Math.min(due.principal - 1, Math.floor((amount * due.principal) / due.total));
  const charges = amount - principal;
  const multa = Math.min(
    charges,
    due.total === due.principal ? 0 : divideRoundHalfUp(principal * due.multa, due.principal),
  );
  return { principal, multa, juros: charges - multa, settles: false };
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
