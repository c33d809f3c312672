/**
 * Each bank's reading of CNAB 240 as data (ADR 0056): the fields it places differently from FEBRABAN (the
 * convênio area of the headers, the nosso número area of P and T), its layout versions, its codes and its
 * file name. The writer and the reader are generic (cnab.format.ts); a bank is one more entry here.
 */
import type { Field, RecordKey } from './cnab.layout.js';

export interface Agreement {
  banco: string;
  agencia: string;
  conta: string;
  carteira: string;
  convenio: string;
}

export interface CnabBank {
  codigo: string;
  /** As the header's bank name field carries it. */
  nome: string;
  versaoArquivo: string;
  versaoLote: string;
  /** Espécie do título for a mensalidade escolar (FEBRABAN G042: 21 = ME). */
  especie: string;
  /** The fields this bank reads differently, per record. */
  overrides: Partial<Record<RecordKey, readonly Field[]>>;
  /** Values of the header fields the bank's convênio area holds (file header and lote header). */
  convenioValues(agreement: Agreement): Record<string, string>;
  /** Values of the nosso número area of P (and of T in a retorno) for the boleto's nosso número. */
  nossoNumeroValues(agreement: Agreement, nossoNumero: string): Record<string, string>;
  /** The nosso número as the boletos table keeps it, from a T record's fields. */
  nossoNumeroOf(values: Record<string, string>): string;
  /** The agreement's identity in a header read back (to refuse another agreement's file). */
  convenioOf(values: Record<string, string>): string;
  /** The agency and account check digits the records carry. */
  agenciaDv(agencia: string): string;
  contaDv(conta: string): string;
  /** Carteira code of segment P (G069). */
  carteiraCodigo(agreement: Agreement): string;
  /** The remessa's file name as the bank's transfer software expects it. */
  nomeRemessa(agreement: Agreement, date: string, nsa: number): string;
}

const pad = (value: string | number, size: number) => String(value).padStart(size, '0');

/** Mod 11 with weights 2–9 from the right; `ten` is what a result of 10 becomes. */
export function mod11Dv(digits: string, ten: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  if (dv === 10) return ten;
  if (dv === 11) return '0';
  return String(dv);
}

const ddmmaa = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;

/**
 * Banco do Brasil, convênio of 7 digits, carteira 17/18 (manual "Layout de Arquivo Retorno/Remessa CNAB
 * 240", BB): convênio area = convênio 9 + '0014' + carteira 2 + variação 3 + 2 reserved; nosso número 17
 * digits (convênio + sequence, no check digit) left-aligned in the 20 positions.
 */
const bancoDoBrasil: CnabBank = {
  codigo: '001',
  nome: 'BANCO DO BRASIL S.A.',
  versaoArquivo: '083',
  versaoLote: '042',
  especie: '21',
  overrides: {
    headerArquivo: [
      { name: 'bb_convenio', start: 33, end: 41, kind: 'num' },
      { name: 'bb_cobranca', start: 42, end: 45, kind: 'num', value: '0014' },
      { name: 'bb_carteira', start: 46, end: 47, kind: 'num' },
      { name: 'bb_variacao', start: 48, end: 50, kind: 'num', value: '019' },
      { name: 'bb_reservado', start: 51, end: 52, kind: 'alfa' },
    ],
    headerLote: [
      { name: 'bb_convenio', start: 34, end: 42, kind: 'num' },
      { name: 'bb_cobranca', start: 43, end: 46, kind: 'num', value: '0014' },
      { name: 'bb_carteira', start: 47, end: 48, kind: 'num' },
      { name: 'bb_variacao', start: 49, end: 51, kind: 'num', value: '019' },
      { name: 'bb_reservado', start: 52, end: 53, kind: 'alfa' },
    ],
    P: [
      { name: 'nosso_numero', start: 38, end: 54, kind: 'num' },
      { name: 'nosso_numero_livre', start: 55, end: 57, kind: 'alfa' },
    ],
    T: [
      { name: 'nosso_numero', start: 38, end: 54, kind: 'num' },
      { name: 'nosso_numero_livre', start: 55, end: 57, kind: 'alfa' },
    ],
  },
  convenioValues: (a) => ({ bb_convenio: pad(a.convenio, 9), bb_carteira: pad(a.carteira, 2) }),
  nossoNumeroValues: (_a, nossoNumero) => ({ nosso_numero: pad(nossoNumero, 17) }),
  nossoNumeroOf: (values) => values.nosso_numero ?? '',
  convenioOf: (values) => String(Number(values.bb_convenio ?? '0')),
  agenciaDv: (agencia) => mod11Dv(agencia, 'X'),
  contaDv: (conta) => mod11Dv(conta, 'X'),
  // 7: carteira 17 simples; 1: other simple portfolios (BB's G069 note).
  carteiraCodigo: (a) => (a.carteira === '17' ? '7' : '1'),
  nomeRemessa: (a, date, nsa) => `CBR240${pad(a.convenio, 7)}${ddmmaa(date)}${pad(nsa, 3)}.REM`,
};

/**
 * Sicoob (756), carteira 1 modalidade 01 ("Layout CNAB 240 Sicoob"): the headers' convênio area is
 * blank; the nosso número area of P/T = nosso número 10 (sequence + DV, zero-filled) + parcela 2 +
 * modalidade 2 + tipo de formulário 1 + 5 blanks.
 */
const sicoob: CnabBank = {
  codigo: '756',
  nome: 'SICOOB',
  versaoArquivo: '081',
  versaoLote: '040',
  especie: '21',
  overrides: {
    P: [
      { name: 'nosso_numero', start: 38, end: 47, kind: 'num' },
      { name: 'parcela', start: 48, end: 49, kind: 'num', value: '01' },
      { name: 'modalidade', start: 50, end: 51, kind: 'num', value: '01' },
      { name: 'tipo_formulario', start: 52, end: 52, kind: 'num', value: '4' },
      { name: 'nosso_numero_livre', start: 53, end: 57, kind: 'alfa' },
    ],
    T: [
      { name: 'nosso_numero', start: 38, end: 47, kind: 'num' },
      { name: 'parcela', start: 48, end: 49, kind: 'num' },
      { name: 'modalidade', start: 50, end: 51, kind: 'num' },
      { name: 'tipo_formulario', start: 52, end: 52, kind: 'num' },
      { name: 'nosso_numero_livre', start: 53, end: 57, kind: 'alfa' },
    ],
  },
  // The agreement is the account: the convênio area is blank and the header names the account.
  convenioValues: () => ({ convenio: '' }),
  nossoNumeroValues: (_a, nossoNumero) => ({ nosso_numero: pad(nossoNumero, 10) }),
  nossoNumeroOf: (values) => (values.nosso_numero ?? '').replace(/^0+(?=\d{8}$)/, ''),
  convenioOf: (values) => `${String(Number(values.agencia ?? '0'))}/${String(Number(values.conta ?? '0'))}`,
  agenciaDv: (agencia) => mod11Dv(agencia, '0'),
  contaDv: (conta) => mod11Dv(conta, '0'),
  carteiraCodigo: () => '1',
  nomeRemessa: (a, date, nsa) => `COB240_${pad(a.agencia, 4)}_${ddmmaa(date)}_${pad(nsa, 5)}.REM`,
};

export const CNAB_BANKS: Readonly<Record<string, CnabBank>> = {
  [bancoDoBrasil.codigo]: bancoDoBrasil,
  [sicoob.codigo]: sicoob,
};

export function cnabBankOf(codigo: string | null | undefined): CnabBank | null {
  return codigo ? (CNAB_BANKS[codigo] ?? null) : null;
}

/** The agreement's identity as `convenioOf` reads it back from a header. */
export function agreementKey(bank: CnabBank, agreement: Agreement): string {
  return bank.codigo === '756'
    ? `${String(Number(agreement.agencia))}/${String(Number(agreement.conta))}`
    : String(Number(agreement.convenio));
}
