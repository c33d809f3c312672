/**
 * Each bank's rules as data (ADR 0055): how long agência, conta, carteira and convênio are, how the nosso
 * número is formed from the school's sequence, and the barcode's 25-digit free field. The generic
 * barcode and linha digitável are in `febraban.ts`; a new bank is one more entry here.
 */
import { mod10 } from './febraban.js';

export interface Convenio {
  agencia: string;
  conta: string;
  carteira: string;
  convenio: string;
}

export type ConvenioCampo = keyof Convenio | 'proximo_nosso_numero';

export interface RegraCampo {
  pattern: RegExp;
  /** What is wrong, in the secretaria's words. */
  mensagem: string;
}

export interface BancoBoleto {
  codigo: string;
  nome: string;
  /** The field's rule; a field without one is free (e.g. the conta at Sicoob, not in the barcode). */
  campos: Record<keyof Convenio, RegraCampo>;
  /** The largest sequence the bank's nosso número holds. */
  maxSequencia: number;
  carteiraPadrao: string;
  /** The nosso número as printed (with its check digit where the bank has one). */
  nossoNumero(convenio: Convenio, sequencia: number): string;
  campoLivre(convenio: Convenio, nossoNumero: string): string;
  /** 'Agência / Código do beneficiário' as printed on the boleto. */
  agenciaCodigo(convenio: Convenio): string;
}

const pad = (value: string | number, size: number) => String(value).padStart(size, '0');

/**
 * Banco do Brasil, convênio of 7 digits (carteiras 17 and 18): the nosso número is the convênio followed
 * by a 10-digit sequence, with no check digit; free field '000000' + nosso número 17 + carteira 2.
 */
const bancoDoBrasil: BancoBoleto = {
  codigo: '001',
  nome: 'Banco do Brasil',
  campos: {
    agencia: { pattern: /^\d{4}$/, mensagem: 'Informe a agência com 4 dígitos, sem o dígito verificador.' },
    conta: { pattern: /^\d{1,8}$/, mensagem: 'Informe a conta com até 8 dígitos, sem o dígito verificador.' },
    carteira: { pattern: /^1[78]$/, mensagem: 'No Banco do Brasil a carteira é 17 ou 18.' },
    convenio: { pattern: /^\d{7}$/, mensagem: 'O convênio do Banco do Brasil deve ter 7 dígitos.' },
  },
  maxSequencia: 2_147_483_647,
  carteiraPadrao: '17',
  nossoNumero: (c, sequencia) => `${c.convenio}${pad(sequencia, 10)}`,
  campoLivre: (c, nossoNumero) => `000000${nossoNumero}${c.carteira}`,
  agenciaCodigo: (c) => `${c.agencia} / ${c.conta}`,
};

/** Sicoob's check digit of the nosso número: mod 11 with weights 3,1,9,7 from the left. */
export function dvSicoob(cooperativa: string, cliente: string, sequencia: string): number {
  const digits = `${pad(cooperativa, 4)}${pad(cliente, 10)}${pad(sequencia, 7)}`;
  const weights = [3, 1, 9, 7];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i % 4] ?? 0);
  const rest = sum % 11;
  return rest <= 1 ? 0 : 11 - rest;
}

/**
 * Sicoob (756), carteira 1, modalidade 01 (simples com registro): nosso número 7 + DV; free field
 * carteira 1 + cooperativa 4 + modalidade 2 + código do cliente 7 + nosso número 8 + parcela 3.
 */
const sicoob: BancoBoleto = {
  codigo: '756',
  nome: 'Sicoob',
  campos: {
    agencia: { pattern: /^\d{4}$/, mensagem: 'Informe a cooperativa (agência) com 4 dígitos.' },
    conta: { pattern: /^\d{1,12}$/, mensagem: 'Informe a conta corrente com até 12 dígitos.' },
    carteira: { pattern: /^1$/, mensagem: 'No Sicoob a carteira é 1 (simples com registro).' },
    convenio: {
      pattern: /^\d{1,7}$/,
      mensagem: 'Informe o código do beneficiário (cliente) do Sicoob com até 7 dígitos.',
    },
  },
  maxSequencia: 9_999_999,
  carteiraPadrao: '1',
  nossoNumero: (c, sequencia) =>
    `${pad(sequencia, 7)}${String(dvSicoob(c.agencia, c.convenio, String(sequencia)))}`,
  campoLivre: (c, nossoNumero) => `${c.carteira}${c.agencia}01${pad(c.convenio, 7)}${pad(nossoNumero, 8)}001`,
  agenciaCodigo: (c) => `${c.agencia} / ${pad(c.convenio, 7)}`,
};

/** Itaú's DAC: mod 10 over the digits given. */
const dacItau = (digits: string) => String(mod10(digits));

/**
 * Itaú (341), carteiras of 3 digits (109, 112, 175…): nosso número 8 + DAC (agência, conta, carteira,
 * nosso número); free field carteira 3 + nosso número 8 + DAC + agência 4 + conta 5 + DAC + '000'.
 * The convênio is not used (the school fills it with the conta).
 */
const itau: BancoBoleto = {
  codigo: '341',
  nome: 'Itaú',
  campos: {
    agencia: { pattern: /^\d{4}$/, mensagem: 'Informe a agência com 4 dígitos.' },
    conta: { pattern: /^\d{5}$/, mensagem: 'No Itaú a conta tem 5 dígitos, sem o DAC.' },
    carteira: { pattern: /^\d{3}$/, mensagem: 'No Itaú a carteira tem 3 dígitos (ex.: 109).' },
    convenio: { pattern: /^\d{0,7}$/, mensagem: 'No Itaú deixe o convênio vazio ou com até 7 dígitos.' },
  },
  maxSequencia: 99_999_999,
  carteiraPadrao: '109',
  nossoNumero: (c, sequencia) => {
    const nn = pad(sequencia, 8);
    return `${nn}${dacItau(`${c.agencia}${c.conta}${c.carteira}${nn}`)}`;
  },
  campoLivre: (c, nossoNumero) =>
    `${c.carteira}${nossoNumero}${c.agencia}${c.conta}${dacItau(`${c.agencia}${c.conta}`)}000`,
  agenciaCodigo: (c) => `${c.agencia} / ${c.conta}-${dacItau(`${c.agencia}${c.conta}`)}`,
};

export const BANCOS: Readonly<Record<string, BancoBoleto>> = {
  [bancoDoBrasil.codigo]: bancoDoBrasil,
  [sicoob.codigo]: sicoob,
  [itau.codigo]: itau,
};

export function bancoOf(codigo: string | null | undefined): BancoBoleto | null {
  return codigo ? (BANCOS[codigo] ?? null) : null;
}

/** Field errors of an agreement under its bank's rules (empty: valid). */
export function validarConvenio(
  banco: BancoBoleto,
  convenio: Convenio,
  proximoNossoNumero: number,
): { path: ConvenioCampo; message: string }[] {
  const errors: { path: ConvenioCampo; message: string }[] = [];
  for (const campo of ['agencia', 'conta', 'carteira', 'convenio'] as const) {
    const rule = banco.campos[campo];
    if (!rule.pattern.test(convenio[campo])) errors.push({ path: campo, message: rule.mensagem });
  }
  if (proximoNossoNumero < 1 || proximoNossoNumero > banco.maxSequencia)
    errors.push({
      path: 'proximo_nosso_numero',
      message: `No ${banco.nome} o próximo nosso número vai de 1 a ${String(banco.maxSequencia)}.`,
    });
  return errors;
}
