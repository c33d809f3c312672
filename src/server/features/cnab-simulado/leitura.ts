/**
 * The simulated bank's own reading of CNAB 240 (it does not use the school's layout tables: a bank that
 * echoed the school's writer would check nothing). Positions as the FEBRABAN manual prints them.
 */
import { isValidCnpj } from '../../../shared/settings.schemas.js';
import { isValidCpf } from '../../../shared/validators.js';

/** The text at positions start–end (1-based, inclusive). */
export function campo(linha: string, start: number, end: number): string {
  return linha.slice(start - 1, end);
}

/** Writes a 240-character record from [start, end, value, 'n' | 'a'] pieces; the rest is blanks. */
export function registro(pecas: readonly (readonly [number, number, string | number, 'n' | 'a'])[]): string {
  const chars = Array.from({ length: 240 }, () => ' ');
  for (const [start, end, raw, tipo] of pecas) {
    const width = end - start + 1;
    const value = String(raw);
    const text =
      tipo === 'n' ? value.padStart(width, '0').slice(-width) : value.padEnd(width, ' ').slice(0, width);
    for (let i = 0; i < width; i++) chars[start - 1 + i] = text[i]!;
  }
  return chars.join('');
}

export const ddmmaaaa = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

/** ISO of DDMMAAAA, null when it is not a calendar day. */
export function dataDe(ddmmaaaa: string): string | null {
  if (!/^\d{8}$/.test(ddmmaaaa)) return null;
  const iso = `${ddmmaaaa.slice(4)}-${ddmmaaaa.slice(2, 4)}-${ddmmaaaa.slice(0, 2)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** A CPF as a numeric field carries it: 11 digits with valid check digits. */
export function cpfValido(cpf: string): boolean {
  return /^\d{11}$/.test(cpf) && isValidCpf(cpf);
}

/** A CNPJ as a numeric field carries it: 14 digits with valid check digits. */
export function cnpjValido(cnpj: string): boolean {
  return /^\d{14}$/.test(cnpj) && isValidCnpj(cnpj);
}

/** Sicoob's nosso número check digit: weights 3197 over cooperativa 4 + cliente 10 + número 7. */
export function dvNossoNumeroSicoob(cooperativa: string, cliente: string, numero: string): number {
  const base = `${cooperativa.padStart(4, '0')}${cliente.padStart(10, '0')}${numero.padStart(7, '0')}`;
  const pesos = [3, 1, 9, 7];
  let soma = 0;
  for (let i = 0; i < base.length; i++) soma += Number(base[i]) * pesos[i % 4]!;
  const resto = soma % 11;
  return resto <= 1 ? 0 : 11 - resto;
}

export const UFS = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);
