import { centavosToDecimal } from '../../../shared/money.js';
import { isValidCpf } from '../../../shared/validators.js';
import { brCodeText } from '../../lib/br-code.js';

/**
 * PIX "copia e cola" as an EMV® QRCPS-MPM BR Code (Manual de Padrões para Iniciação do Pix, BCB).
 * Static key with an amount and a txid, so the bank app shows the school, the amount and our reference.
 */
export interface PixPayload {
  chave: string;
  beneficiario: string;
  cidade: string;
  /** Centavos; omitted for an open amount. */
  valor?: number;
  /** Up to 25 letters and digits (BCB rule); "***" when none. */
  txid?: string;
  descricao?: string;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as field 63 of the BR Code requires. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  const length = Buffer.byteLength(value, 'utf8');
  if (length > 99) throw new RangeError(`campo ${id} longo demais`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/**
 * The key as the DICT holds it: CPF and CNPJ without punctuation, phone as +55 DDD number, e-mail and
 * random key (EVP) in lower case. The settings take it as the secretaria types it ('11.222.333/0001-81',
 * '(19) 99123-4567'); written that way in the code, the bank finds no such key and the payment fails.
 */
export function normalizePixKey(typed: string): string {
  const key = typed.trim();
  if (key.includes('@')) return key.toLowerCase();
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) return key.toLowerCase();
  const bare = key.replace(/[\s.\-/()]/g, '').toUpperCase();
  if (key.startsWith('+')) return `+${bare.replace(/\D/g, '')}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(bare)) return bare;
  if (/^\d{11}$/.test(bare) && !key.includes('(') && isValidCpf(bare)) return bare;
  if (/^\d{10,11}$/.test(bare)) return `+55${bare}`;
  return key;
}

export function buildPixCode(payload: PixPayload): string {
  const account =
    field('00', 'br.gov.bcb.pix') +
    field('01', normalizePixKey(payload.chave)) +
    (payload.descricao ? field('02', brCodeText(payload.descricao, 40)) : '');
  const txid = (payload.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (payload.valor === undefined ? '' : field('54', centavosToDecimal(payload.valor))) +
    field('58', 'BR') +
    field('59', brCodeText(payload.beneficiario, 25) || 'ESCOLA') +
    field('60', brCodeText(payload.cidade, 15) || 'BRASIL') +
    field('62', field('05', txid)) +
    '6304';
  return body + crc16(body);
}

/**
 * The dynamic BR Code of a charge created through the PSP's API (Manual de Padrões para Iniciação do Pix,
 * QR dinâmico): the merchant account carries no key, only the payload URL (`location`, without
 * `https://`) in sub-field 25, which the payer's bank fetches for the amount of the day, multa and juros
 * included — hence no amount (54) here; `01 12` says it is for one payment; the txid field is `***` (the
 * charge's txid is in the payload).
 */
export function buildDynamicPixCode(payload: {
  location: string;
  beneficiario: string;
  cidade: string;
}): string {
  const account = field('00', 'br.gov.bcb.pix') + field('25', payload.location.replace(/^https:\/\//i, ''));
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('58', 'BR') +
    field('59', brCodeText(payload.beneficiario, 25) || 'ESCOLA') +
    field('60', brCodeText(payload.cidade, 15) || 'BRASIL') +
    field('62', field('05', '***')) +
    '6304';
  return body + crc16(body);
}

export type Tlv = Map<string, string>;

/** Parses one level of ID-length-value fields; throws on a malformed code. */
export function parseTlv(text: string): Tlv {
  const fields: Tlv = new Map();
  let index = 0;
  while (index < text.length) {
    const id = text.slice(index, index + 2);
    const length = Number(text.slice(index + 2, index + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error('BR Code malformado');
    const value = text.slice(index + 4, index + 4 + length);
    if (value.length !== length) throw new Error('BR Code truncado');
    fields.set(id, value);
    index += 4 + length;
  }
  return fields;
}

/** True when the last field is a CRC that matches everything before it. */
export function hasValidCrc(code: string): boolean {
  if (code.length < 8 || code.slice(-8, -4) !== '6304') return false;
  return crc16(code.slice(0, -4)) === code.slice(-4).toUpperCase();
}
