import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  computeAmountDue,
  computeJuros,
  computeMulta,
  daysLate,
  divideRoundHalfUp,
  parseReais,
  splitPayment,
} from './money';

const rates = { multaBp: 200, jurosMensalBp: 100 };

describe('multa and juros (hand-worked cases)', () => {
  it('R$ 850,00 paid 10 days late: multa R$ 17,00, juros R$ 2,83', () => {
    const due = computeAmountDue(85_000, '2026-03-10', '2026-03-20', rates);
    expect(due).toEqual({ principal: 85_000, multa: 1_700, juros: 283, total: 86_983, days: 10 });
  });

  it('costs nothing on or before the due date', () => {
    expect(computeAmountDue(85_000, '2026-03-10', '2026-03-10', rates).total).toBe(85_000);
    expect(computeAmountDue(85_000, '2026-03-10', '2026-03-01', rates).total).toBe(85_000);
  });

  it('one day late: multa 2 % and juros 1/30 of 1 %, rounded half up', () => {
    // 85000 × 0.01 / 30 = 28.333… → 28
    expect(computeAmountDue(85_000, '2026-03-10', '2026-03-11', rates)).toMatchObject({
      multa: 1_700,
      juros: 28,
    });
    // 45000 × 0.01 × 1 / 30 = 15 exactly; 45015 × 0.01 / 30 = 15.005 → 15 (half up would need .5)
    expect(computeJuros(45_000, 1, rates)).toBe(15);
    // 1050 × 100 × 1 / 300000 = 0.35 → 0; 1500 → 0.5 → 1 (half up)
    expect(computeJuros(1_050, 1, rates)).toBe(0);
    expect(computeJuros(1_500, 1, rates)).toBe(1);
  });

  it('a whole month late is 1 % juros; across a year boundary counts calendar days', () => {
    expect(computeJuros(100_000, 30, rates)).toBe(1_000);
    expect(daysLate('2025-12-10', '2026-01-09')).toBe(30);
    expect(daysLate('2028-02-28', '2028-03-01')).toBe(2); // leap year
  });

  it('never charges more than 2 % multa, whatever the setting', () => {
    expect(computeMulta(85_000, 5, { multaBp: 1_000, jurosMensalBp: 100 })).toBe(1_700);
    expect(computeMulta(33_333, 5, rates)).toBe(667); // 666.66 → 667
  });

  it('rounds half up from the exact fraction', () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(4, 3)).toBe(1);
    expect(divideRoundHalfUp(0, 7)).toBe(0);
  });
});

describe('payments', () => {
  const due = computeAmountDue(85_000, '2026-03-10', '2026-03-20', rates);

  it('the full updated amount settles principal, multa and juros', () => {
    expect(splitPayment(86_983, due)).toEqual({ principal: 85_000, multa: 1_700, juros: 283, settles: true });
  });

  it('a partial payment settles a proportional share of the principal and its own charges', () => {
    const split = splitPayment(43_491, due);
    expect(split.settles).toBe(false);
    expect(split.principal + split.multa + split.juros).toBe(43_491);
    expect(split.principal).toBe(42_499); // floor(43491 × 85000 / 86983)
    expect(split.multa).toBe(850); // 2 % of the settled principal
    expect(split.juros).toBe(142);
    // Paying the rest later settles it; the multa over both payments is at most 2 % of R$ 850,00.
    const rest = computeAmountDue(85_000 - split.principal, '2026-03-10', '2026-03-20', rates);
    const second = splitPayment(rest.total, rest);
    expect(second.settles).toBe(true);
    expect(split.multa + second.multa).toBeLessThanOrEqual(1_700);
    expect(split.principal + second.principal).toBe(85_000);
  });

  it('a partial payment on time is all principal', () => {
    const onTime = computeAmountDue(85_000, '2026-03-10', '2026-03-05', rates);
    expect(splitPayment(30_000, onTime)).toEqual({ principal: 30_000, multa: 0, juros: 0, settles: false });
  });

  it('refuses zero, negative and fractional amounts', () => {
    expect(() => splitPayment(0, due)).toThrow();
    expect(() => splitPayment(-5, due)).toThrow();
    expect(() => splitPayment(10.5, due)).toThrow();
  });
});

describe('bolsa and parsing', () => {
  it('applies a percentage discount in basis points', () => {
    expect(applyDiscount(85_000, 5_000)).toBe(42_500);
    expect(applyDiscount(85_000, 3_333)).toBe(56_669); // 28330.5 → 28331 off
    expect(applyDiscount(85_000, 10_000)).toBe(0);
  });

  it('reads reais typed in pt-BR or with a dot', () => {
    expect(parseReais('850,00')).toBe(85_000);
    expect(parseReais('R$ 1.234,5')).toBe(123_450);
    expect(parseReais('869.83')).toBe(86_983);
    expect(parseReais('12,345')).toBeNull();
    expect(parseReais('abc')).toBeNull();
  });

  it('reads what the money mask writes for a whole amount: 1250 typed shows 1.250 and is R$ 1.250,00', () => {
    expect(parseReais('1.250')).toBe(125_000);
    expect(parseReais('12.500')).toBe(1_250_000);
    expect(parseReais('1.250.000')).toBe(125_000_000);
    // A dot with one or two digits after it is still a decimal point (CSV, BR Code amounts).
    expect(parseReais('1.25')).toBe(125);
    expect(parseReais('1.2500')).toBeNull();
    expect(parseReais('12.50.00')).toBeNull();
  });
});
