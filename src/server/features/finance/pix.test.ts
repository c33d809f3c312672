import { describe, expect, it } from 'vitest';
import { buildDynamicPixCode, buildPixCode, crc16, hasValidCrc, parseTlv } from './pix';

const keyIn = (code: string) => parseTlv(parseTlv(code).get('26')!).get('01');

describe('PIX BR Code', () => {
  it('computes CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('builds a code that decodes back to the key, amount, name and city, with a CRC that checks', () => {
    const code = buildPixCode({
      chave: 'financeiro@escola.com.br',
      beneficiario: 'Colégio São José da Educação Infantil',
      cidade: 'São Paulo',
      valor: 86_983,
      txid: 'MENS-202603-abc',
    });
    expect(hasValidCrc(code)).toBe(true);
    const fields = parseTlv(code);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('869.83');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe('COLEGIO SAO JOSE DA EDUCA');
    expect(fields.get('60')).toBe('SAO PAULO');
    const account = parseTlv(fields.get('26')!);
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toBe('financeiro@escola.com.br');
    expect(parseTlv(fields.get('62')!).get('05')).toBe('MENS202603abc');
    expect([...fields.keys()].at(-1)).toBe('63');
  });

  it('detects a tampered code', () => {
    const code = buildPixCode({
      chave: '12345678000195',
      beneficiario: 'Escola',
      cidade: 'Recife',
      valor: 85_000,
    });
    expect(hasValidCrc(code)).toBe(true);
    expect(hasValidCrc(code.replace('850.00', '050.00'))).toBe(false);
  });

  it('writes the key as the bank looks it up, whatever way the secretaria typed it', () => {
    const key = (chave: string) => keyIn(buildPixCode({ chave, beneficiario: 'Escola', cidade: 'Campinas' }));
    // CNPJ and CPF: digits only (a masked key is not found in the DICT and the payment fails).
    expect(key('11.222.333/0001-81')).toBe('11222333000181');
    expect(key('529.982.247-25')).toBe('52998224725');
    expect(key('12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
    // Phone: +55, DDD and number.
    expect(key('(19) 99123-4567')).toBe('+5519991234567');
    expect(key('+55 19 99123-4567')).toBe('+5519991234567');
    // E-mail and random key: lower case, as registered.
    expect(key(' Financeiro@Escola.com.BR ')).toBe('financeiro@escola.com.br');
    expect(key('7D9F0335-8DCC-4054-9BF9-0DBD61D36906')).toBe('7d9f0335-8dcc-4054-9bf9-0dbd61d36906');
    expect(key('+5511912345678')).toBe('+5511912345678');
  });

  it('uses *** as txid when none is given', () => {
    const code = buildPixCode({ chave: '+5511912345678', beneficiario: 'Escola', cidade: 'Recife' });
    expect(parseTlv(parseTlv(code).get('62')!).get('05')).toBe('***');
    expect(parseTlv(code).has('54')).toBe(false);
  });

  it('builds the dynamic code of a charge: location in 26.25 without https, no key, no amount, txid ***', () => {
    const code = buildDynamicPixCode({
      location: 'https://pix.banco.example/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
      beneficiario: 'Escola Girassol',
      cidade: 'São Paulo',
    });
    expect(hasValidCrc(code)).toBe(true);
    const fields = parseTlv(code);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    const account = parseTlv(fields.get('26')!);
    expect([...account.keys()]).toEqual(['00', '25']);
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('25')).toBe('pix.banco.example/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25');
    expect(fields.has('54')).toBe(false);
    expect(parseTlv(fields.get('62')!).get('05')).toBe('***');
    expect(fields.get('59')).toBe('ESCOLA GIRASSOL');
    expect(fields.get('60')).toBe('SAO PAULO');
    // One changed character and the CRC no longer checks.
    expect(hasValidCrc(code.replace('cobv', 'cobV'))).toBe(false);
  });
});
