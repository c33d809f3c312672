import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bancoOf, validarConvenio, type Convenio } from './bancos.js';
import {
  buildCodigoBarras,
  codigoBarrasDaLinha,
  dvGeral,
  fatorVencimento,
  formatLinhaDigitavel,
  linhaDigitavelDe,
  mod10,
  vencimentoDoFator,
} from './febraban.js';

function boletoOf(codigo: string, convenio: Convenio, sequencia: number, vencimento: string, valor: number) {
  const banco = bancoOf(codigo)!;
  const nossoNumero = banco.nossoNumero(convenio, sequencia);
  const codigoBarras = buildCodigoBarras({
    banco: codigo,
    vencimento,
    valor,
    campoLivre: banco.campoLivre(convenio, nossoNumero),
  });
  return { nossoNumero, codigoBarras, linha: formatLinhaDigitavel(linhaDigitavelDe(codigoBarras)) };
}

describe('fator de vencimento', () => {
  it('counts days since 07/10/1997 and restarts at 1000 on 22/02/2025', () => {
    expect(fatorVencimento('2000-07-03')).toBe('1000');
    expect(fatorVencimento('2011-03-08')).toBe('4900');
    expect(fatorVencimento('2025-02-21')).toBe('9999');
    expect(fatorVencimento('2025-02-22')).toBe('1000');
    expect(fatorVencimento('2025-02-23')).toBe('1001');
    expect(fatorVencimento('2029-05-20')).toBe('2548');
  });

  it('reads a fator back to the date nearest the reference', () => {
    expect(vencimentoDoFator('1000', '2025-03-01')).toBe('2025-02-22');
    expect(vencimentoDoFator('9999', '2025-01-01')).toBe('2025-02-21');
    expect(vencimentoDoFator('2548', '2029-01-01')).toBe('2029-05-20');
  });
});

describe('FEBRABAN check digits', () => {
  it('mod 10 and the general mod 11 (0, 10 and 11 give 1)', () => {
    expect(mod10('001900000')).toBe(9);
    expect(mod10('0777777700')).toBe(9);
    // 43 digits whose weighted sum is a multiple of 11: the digit would be 11 → 1.
    expect(dvGeral('0'.repeat(43))).toBe(1);
  });

  it('turns a published barcode into its linha digitável and back', () => {
    const barcode = '00193373700000001000500940144816060680935031';
    const linha = linhaDigitavelDe(barcode);
    expect(formatLinhaDigitavel(linha)).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
    expect(codigoBarrasDaLinha(linha)).toBe(barcode);
    expect(codigoBarrasDaLinha(linha.replace(/^0/, '1'))).toBeNull();
  });
});

describe('Banco do Brasil (001), convênio of 7 digits', () => {
  const convenio = { agencia: '9999', conta: '99999', carteira: '18', convenio: '7777777' };

  it('matches the published case (carteira 18, nosso número 87654, 08/03/2011)', () => {
    const boleto = boletoOf('001', convenio, 87654, '2011-03-08', 295295);
    expect(boleto.nossoNumero).toBe('77777770000087654');
    expect(boleto.codigoBarras).toBe('00196490000002952950000007777777000008765418');
    expect(boleto.linha).toBe('00190.00009 07777.777009 00087.654182 6 49000000295295');
  });

  it('uses the restarted fator after 22/02/2025', () => {
    const boleto = boletoOf('001', { ...convenio, carteira: '17' }, 1, '2025-02-23', 150000);
    expect(boleto.codigoBarras.slice(5, 9)).toBe('1001');
    expect(boleto.codigoBarras.slice(19)).toBe('0000007777777000000000117');
    expect(codigoBarrasDaLinha(boleto.linha)).toBe(boleto.codigoBarras);
  });

  it('validates the agreement with pt-BR messages', () => {
    const bb = bancoOf('001')!;
    expect(validarConvenio(bb, convenio, 1)).toEqual([]);
    expect(validarConvenio(bb, { ...convenio, convenio: '123456', carteira: '11' }, 0)).toEqual([
      { path: 'carteira', message: 'No Banco do Brasil a carteira é 17 ou 18.' },
      { path: 'convenio', message: 'O convênio do Banco do Brasil deve ter 7 dígitos.' },
      {
        path: 'proximo_nosso_numero',
        message: 'No Banco do Brasil o próximo nosso número vai de 1 a 2147483647.',
      },
    ]);
  });
});

describe('Sicoob (756), carteira 1, modalidade 01', () => {
  const convenio = { agencia: '4327', conta: '417270', carteira: '1', convenio: '229385' };

  it('computes the nosso número check digit (weights 3197)', () => {
    const sicoob = bancoOf('756')!;
    const dvs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((n) =>
      sicoob.nossoNumero(convenio, n).slice(-1),
    );
    expect(dvs.join('')).toBe('7419630853085');
  });

  it('matches the published case (nosso número 2, 18/02/2016, R$ 50,00)', () => {
    const boleto = boletoOf('756', convenio, 2, '2016-02-18', 5000);
    expect(boleto.codigoBarras.slice(19)).toBe('1432701022938500000024001');
    expect(boleto.linha).toBe('75691.43279 01022.938508 00000.240010 2 67080000005000');
  });

  it('uses the restarted fator after 22/02/2025', () => {
    const boleto = boletoOf('756', convenio, 2, '2025-02-22', 5000);
    expect(boleto.codigoBarras.slice(5, 9)).toBe('1000');
    expect(boleto.codigoBarras.slice(19)).toBe('1432701022938500000024001');
    expect(codigoBarrasDaLinha(boleto.linha)).toBe(boleto.codigoBarras);
  });
});

describe('Itaú (341)', () => {
  it('matches the published cases, one after the 2025 restart', () => {
    const antes = boletoOf(
      '341',
      { agencia: '0810', conta: '53678', carteira: '175', convenio: '' },
      12345678,
      '2009-08-14',
      0,
    );
    expect(antes.codigoBarras).toBe('34191432900000000001751234567840810536789000');
    expect(antes.linha).toBe('34191.75124 34567.840813 05367.890000 1 43290000000000');
    const depois = boletoOf(
      '341',
      { agencia: '1248', conta: '02124', carteira: '109', convenio: '' },
      10152,
      '2029-05-20',
      675787,
    );
    expect(depois.codigoBarras).toBe('34194254800006757871090001015271248021246000');
    expect(depois.linha).toBe('34191.09008 01015.271248 80212.460002 4 25480000675787');
  });
});

describe('every boleto', () => {
  it('round-trips its linha digitável to its barcode, with every check digit right', () => {
    const agreement = fc.oneof(
      fc.record({
        banco: fc.constant('001'),
        agencia: fc.stringMatching(/^\d{4}$/),
        conta: fc.stringMatching(/^\d{1,8}$/),
        carteira: fc.constantFrom('17', '18'),
        convenio: fc.stringMatching(/^\d{7}$/),
      }),
      fc.record({
        banco: fc.constant('756'),
        agencia: fc.stringMatching(/^\d{4}$/),
        conta: fc.stringMatching(/^\d{1,12}$/),
        carteira: fc.constant('1'),
        convenio: fc.stringMatching(/^\d{1,7}$/),
      }),
      fc.record({
        banco: fc.constant('341'),
        agencia: fc.stringMatching(/^\d{4}$/),
        conta: fc.stringMatching(/^\d{5}$/),
        carteira: fc.constantFrom('109', '112', '175'),
        convenio: fc.constant(''),
      }),
    );
    const vencimento = fc
      .integer({ min: Date.UTC(2000, 6, 3), max: Date.UTC(2049, 11, 31) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        agreement,
        fc.integer({ min: 1, max: 9_999_999 }),
        vencimento,
        fc.integer({ min: 0, max: 99_999_999_99 }),
        (c, sequencia, venc, valor) => {
          const banco = bancoOf(c.banco)!;
          expect(validarConvenio(banco, c, sequencia)).toEqual([]);
          const { codigoBarras, linha } = boletoOf(c.banco, c, sequencia, venc, valor);
          expect(codigoBarras).toMatch(/^\d{44}$/);
          expect(linha.replace(/\D/g, '')).toHaveLength(47);
          expect(String(dvGeral(codigoBarras.slice(0, 4) + codigoBarras.slice(5)))).toBe(codigoBarras[4]);
          expect(codigoBarrasDaLinha(linha)).toBe(codigoBarras);
          expect(vencimentoDoFator(codigoBarras.slice(5, 9), venc)).toBe(venc);
          expect(Number(codigoBarras.slice(9, 19))).toBe(valor);
        },
      ),
      { numRuns: 500 },
    );
  });
});
