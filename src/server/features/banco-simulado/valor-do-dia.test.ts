import { describe, expect, it } from 'vitest';
import type { ValorCobv } from './tipos.js';
import { dataEmSaoPaulo, diasUteis, valorDoDia } from './valor-do-dia.js';

// The amount of the day of a cobv, as the BCB Pix API defines it. Due Tuesday 10 March 2026.
const cobv = (valor: ValorCobv, validadeAposVencimento = 30) => ({
  calendario: { dataDeVencimento: '2026-03-10', validadeAposVencimento },
  valor,
});

describe('valorDoDia', () => {
  it('multa 2 % and juros 1 % a month over calendar days (the school’s rule)', () => {
    const charge = cobv({
      original: '850.00',
      multa: { modalidade: 2, valorPerc: '2.00' },
      juros: { modalidade: 3, valorPerc: '1.00' },
    });
    // On the due date: the original.
    expect(valorDoDia(charge, '2026-03-10')).toEqual({
      original: 85000,
      abatimento: 0,
      desconto: 0,
      multa: 0,
      juros: 0,
      final: 85000,
    });
    // One day late: multa 17.00; juros 850.00 × 1 % / 30 = 0.2833… → 0.28.
    expect(valorDoDia(charge, '2026-03-11')).toMatchObject({ multa: 1700, juros: 28, final: 86728 });
    // 45 days late (validity 60): juros 850.00 × 1 % × 45 / 30 = 12.75.
    expect(valorDoDia(cobv(charge.valor, 60), '2026-04-24')).toMatchObject({
      multa: 1700,
      juros: 1275,
      final: 87975,
    });
    // Past the validity: no longer payable.
    expect(valorDoDia(charge, '2026-04-10')).toBeNull();
  });

  it('a due date on a Sunday is paid on the Monday without multa or juros (Lei 7.089/1983)', () => {
    const charge = {
      calendario: { dataDeVencimento: '2026-05-10' },
      valor: {
        original: '850.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
      },
    };
    expect(valorDoDia(charge, '2026-05-11')).toMatchObject({ multa: 0, juros: 0, final: 85000 });
    // From the Tuesday, two days of juros from the due date.
    expect(valorDoDia(charge, '2026-05-12')).toMatchObject({ multa: 1700, juros: 57, final: 86757 });
  });

  it('rounds half up to the centavo', () => {
    // 100.05 × 1 % × 1 / 30 = 0.03335 → 0.03; 100.50 × 3 % / 30 = 0.1005 → 0.10; 150.00 × 1 % / 30 = 0.05.
    expect(
      valorDoDia(cobv({ original: '100.05', juros: { modalidade: 3, valorPerc: '1.00' } }), '2026-03-11')
        ?.juros,
    ).toBe(3);
    expect(
      valorDoDia(cobv({ original: '100.50', juros: { modalidade: 3, valorPerc: '3.00' } }), '2026-03-11')
        ?.juros,
    ).toBe(10);
    // 45.00 × 1 % / 30 = 0.015 → 0.02 (half up).
    expect(
      valorDoDia(cobv({ original: '45.00', juros: { modalidade: 3, valorPerc: '1.00' } }), '2026-03-11')
        ?.juros,
    ).toBe(2);
  });

  it('the other juros and multa modalities', () => {
    const late = '2026-03-20'; // 10 calendar days, 8 business days (14–15 March is a weekend)
    const juros = (modalidade: number, valorPerc: string) =>
      valorDoDia(cobv({ original: '1000.00', juros: { modalidade, valorPerc } }), late)?.juros;
    expect(juros(1, '0.50')).toBe(500); // 0.50 a day × 10
    expect(juros(2, '0.10')).toBe(1000); // 0.1 % a day × 10 = 10.00
    expect(juros(4, '12.00')).toBe(329); // 12 % a year × 10 / 365 = 3.2876… → 3.29
    expect(juros(5, '0.50')).toBe(400); // 0.50 a business day × 8
    expect(juros(7, '3.00')).toBe(800); // 3 % a month × 8 / 30 = 8.00
    expect(
      valorDoDia(cobv({ original: '1000.00', multa: { modalidade: 1, valorPerc: '15.00' } }), late)?.multa,
    ).toBe(1500);
  });

  it('discounts until a fixed date, abatimento always, and no discount after the due date', () => {
    const charge = cobv({
      original: '500.00',
      abatimento: { modalidade: 1, valorPerc: '50.00' },
      desconto: {
        modalidade: 2,
        descontoDataFixa: [
          { data: '2026-03-05', valorPerc: '10.00' },
          { data: '2026-03-01', valorPerc: '20.00' },
        ],
      },
      multa: { modalidade: 2, valorPerc: '2.00' },
    });
    // Base 450.00 (after the abatimento); 20 % until 1 March, 10 % until 5 March.
    expect(valorDoDia(charge, '2026-02-28')).toMatchObject({
      abatimento: 5000,
      desconto: 9000,
      final: 36000,
    });
    expect(valorDoDia(charge, '2026-03-05')).toMatchObject({ desconto: 4500, final: 40500 });
    expect(valorDoDia(charge, '2026-03-10')).toMatchObject({ desconto: 0, final: 45000 });
    expect(valorDoDia(charge, '2026-03-11')).toMatchObject({ desconto: 0, multa: 900, final: 45900 });
    // An amount per calendar day paid early (modalidade 3): 5 days × 1.00.
    expect(
      valorDoDia(cobv({ original: '100.00', desconto: { modalidade: 3, valorPerc: '1.00' } }), '2026-03-05')
        ?.desconto,
    ).toBe(500);
  });

  it('dates in São Paulo, business days Monday to Friday', () => {
    expect(dataEmSaoPaulo(new Date('2026-03-11T02:59:00Z'))).toBe('2026-03-10');
    expect(dataEmSaoPaulo(new Date('2026-03-11T03:00:00Z'))).toBe('2026-03-11');
    expect(diasUteis('2026-03-13', '2026-03-16')).toBe(1); // Friday → Monday
  });
});
