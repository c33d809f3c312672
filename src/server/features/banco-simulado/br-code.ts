/**
 * Reading a Pix BR Code (EMV® QRCPS, the BCB's "Manual de Padrões para Iniciação do Pix"), as a payer's
 * bank does before paying: TLV fields, the CRC16-CCITT in field 63 checked, and for a dynamic code the
 * payload location in the merchant account (26) sub-field 25; the merchant name (59).
 */

export type BrCodeLido =
  | {
      ok: true;
      location: string | null;
      /** Pix Automático (journey 2): the recurrence's location, field 80.25. */
      recorrencia: string | null;
      chave: string | null;
      nome: string;
      cidade: string;
      /** A static code's amount (field 54) in centavos; null when the code leaves it to the payer. */
      valor: number | null;
      /** A static code's reference (field 62-05); null for none or `***`. */
      txid: string | null;
    }
  | { ok: false; erro: string };

function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The TLV fields of a payload (id → value), or null when the lengths do not add up. */
function campos(payload: string): Map<string, string> | null {
  const out = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > payload.length) return null;
    out.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return out;
}

/** Field 54, "850.00", in centavos (null when absent or not an amount). */
function valorDe(texto: string | undefined): number | null {
  if (!texto || !/^\d{1,10}(\.\d{1,2})?$/.test(texto)) return null;
  const centavos = Math.round(Number(texto) * 100);
  return centavos > 0 ? centavos : null;
}

const txidDe = (texto: string | undefined) => (texto && texto !== '***' ? texto : null);

const INVALIDO = 'Este não é um código Pix válido. Copie o código inteiro, do começo ao fim.';

export function lerBrCode(texto: string): BrCodeLido {
  const payload = texto.replace(/[\r\n]+/g, '').trim();
  const fields = campos(payload);
  if (!fields || fields.get('00') !== '01' || !payload.includes('6304')) return { ok: false, erro: INVALIDO };
  const crc = payload.slice(-4).toUpperCase();
  if (crc16(payload.slice(0, -4)) !== crc)
    return {
      ok: false,
      erro: 'O código Pix está incompleto ou foi alterado (o dígito verificador não confere).',
    };
  const conta = campos(fields.get('26') ?? '');
  const pix = conta?.get('00')?.toLowerCase() === 'br.gov.bcb.pix';
  // Pix Automático's journey 2: the recurrence's location in field 80 (with or without a charge in 26).
  const rec = campos(fields.get('80') ?? '');
  const recorrencia = rec?.get('00')?.toLowerCase() === 'br.gov.bcb.pix' ? (rec.get('25') ?? null) : null;
  if (!pix && !recorrencia) return { ok: false, erro: INVALIDO };
  return {
    ok: true,
    recorrencia,
    location: pix ? (conta.get('25') ?? null) : null,
    chave: pix ? (conta.get('01') ?? null) : null,
    nome: fields.get('59') ?? '',
    cidade: fields.get('60') ?? '',
    valor: valorDe(fields.get('54')),
    txid: txidDe(campos(fields.get('62') ?? '')?.get('05')),
  };
}
