/**
 * The FEBRABAN boleto's numbers, the same for every bank (ADR 0055): the 44-digit barcode
 * (bank 3 · currency 1 · general check digit 1 · fator de vencimento 4 · value 10 · free field 25) and the
 * 47-digit linha digitável with its three mod-10 check digits. What differs per bank (the free field and
 * the nosso número) is in `bancos.ts`.
 */

import { addDays, daysBetween } from '../../../shared/calendar.js';

const MOEDA_REAL = '9';
/** Day 0 of the fator de vencimento. */
const FATOR_BASE = '1997-10-07';

function daysSinceBase(isoDate: string): number {
  return daysBetween(FATOR_BASE, isoDate);
}

/**
 * Days since 07/10/1997 in four digits. It reached 9999 on 21/02/2025 and restarted at 1000 on
 * 22/02/2025 (FEBRABAN), so it cycles through 1000..9999 every 9000 days.
 */
export function fatorVencimento(isoDate: string): string {
  const days = daysSinceBase(isoDate);
  if (days < 1000) throw new RangeError(`Vencimento fora do intervalo do fator: ${isoDate}`);
  return String(((days - 1000) % 9000) + 1000).padStart(4, '0');
}

/** The due date a fator stands for, taking the cycle nearest to `reference` (an ISO date). */
export function vencimentoDoFator(fator: string, reference: string): string {
  const base = Number(fator) - 1000;
  const ref = daysSinceBase(reference) - 1000;
  const cycle = Math.round((ref - base) / 9000);
  const days = base + cycle * 9000 + 1000;
  return addDays(FATOR_BASE, days);
}

/** Modulo 10 with weights 2,1,2,1… from the right (a product above 9 counts as the sum of its digits). */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  const rest = sum % 10;
  return rest === 0 ? 0 : 10 - rest;
}

/** Sum of the digits times weights 2..`maxWeight` cycling from the right. */
export function weightedSum(digits: string, maxWeight = 9): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  return sum;
}

/** The barcode's general check digit: mod 11, weights 2..9; 0, 10 and 11 become 1. */
export function dvGeral(digits43: string): number {
  const dv = 11 - (weightedSum(digits43) % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

export interface BarcodeParts {
  banco: string;
  vencimento: string;
  /** Centavos. */
  valor: number;
  campoLivre: string;
}

const digitsOnly = /^\d+$/;

export function buildCodigoBarras({ banco, vencimento, valor, campoLivre }: BarcodeParts): string {
  if (banco.length !== 3 || !digitsOnly.test(banco)) throw new RangeError('Código do banco inválido.');
  if (campoLivre.length !== 25 || !digitsOnly.test(campoLivre))
    throw new RangeError('O campo livre deve ter 25 dígitos.');
  if (!Number.isInteger(valor) || valor < 0 || valor > 99_999_999_99)
    throw new RangeError('Valor fora do limite do boleto.');
  const fator = fatorVencimento(vencimento);
  const semDv = `${banco}${MOEDA_REAL}${fator}${String(valor).padStart(10, '0')}${campoLivre}`;
  return `${semDv.slice(0, 4)}${String(dvGeral(semDv))}${semDv.slice(4)}`;
}

/** The 47 digits of the linha digitável (no dots or spaces) from the 44-digit barcode. */
export function linhaDigitavelDe(codigoBarras: string): string {
  if (codigoBarras.length !== 44 || !digitsOnly.test(codigoBarras))
    throw new RangeError('O código de barras deve ter 44 dígitos.');
  const livre = codigoBarras.slice(19);
  const campo1 = `${codigoBarras.slice(0, 4)}${livre.slice(0, 5)}`;
  const campo2 = livre.slice(5, 15);
  const campo3 = livre.slice(15, 25);
  return [
    `${campo1}${String(mod10(campo1))}`,
    `${campo2}${String(mod10(campo2))}`,
    `${campo3}${String(mod10(campo3))}`,
    codigoBarras[4],
    codigoBarras.slice(5, 19),
  ].join('');
}

/** The printed form: `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`. */
export function formatLinhaDigitavel(linha: string): string {
  const d = linha.replace(/\D/g, '');
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}

/**
 * The barcode back from a linha digitável, or null when a field's check digit (or the general one)
 * does not match: what a bank's app does when a family types the numbers in.
 */
export function codigoBarrasDaLinha(linha: string): string | null {
  const d = linha.replace(/[\s.]/g, '');
  if (d.length !== 47 || !digitsOnly.test(d)) return null;
  const fields = [d.slice(0, 9), d.slice(10, 20), d.slice(21, 31)];
  const dvs = [d[9], d[20], d[31]];
  if (fields.some((field, i) => String(mod10(field)) !== dvs[i])) return null;
  const [f1, f2, f3] = fields as [string, string, string];
  const barcode = `${f1.slice(0, 4)}${d[32] ?? ''}${d.slice(33)}${f1.slice(4)}${f2}${f3}`;
  return String(dvGeral(barcode.slice(0, 4) + barcode.slice(5))) === barcode[4] ? barcode : null;
}

/** The same boleto with another due date: only the fator and the general check digit change. */
export function comVencimento(codigoBarras: string, vencimento: string): string {
  const semDv = `${codigoBarras.slice(0, 4)}${fatorVencimento(vencimento)}${codigoBarras.slice(9)}`;
  return `${semDv.slice(0, 4)}${String(dvGeral(semDv))}${semDv.slice(4)}`;
}
