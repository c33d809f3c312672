import { describe, expect, it } from 'vitest';
import { addDays, overdueBefore } from './calendar.js';
import {
  applyDiscount,
  computeAmountDue,
  computeJuros,
  computeMulta,
  daysLate,
  descontoPontualidade,
  divideRoundHalfUp,
  parseReais,
  splitPayment,
} from './money';

const rates = { multaBp: 200, jurosMensalBp: 100 };

describe('multa and juros (hand-worked cases)', () => {
  it('R$ 850,00 paid 10 days late: multa R$ 17,00, juros R$ 2,83', () => {
    const due = computeAmountDue(85_000, '2026-03-10', '2026-03-20', rates);
    expect(due).toEqual({
      principal: 85_000,
      desconto: 0,
      multa: 1_700,
      juros: 283,
      total: 86_983,
      days: 10,
    });
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
    expect(daysLate('2028-02-25', '2028-03-01')).toBe(5); // leap year (from a Friday: the 28th is Carnaval)
  });

  it('a due date on a Saturday, Sunday or holiday is paid on the next business day without charges (Lei 7.089/1983)', () => {
    // Saturday 10/10/2026 and the Monday after; Monday 12/10 is Nossa Senhora Aparecida, so Tuesday 13/10.
    expect(daysLate('2026-10-10', '2026-10-13')).toBe(0);
    expect(daysLate('2026-10-10', '2026-10-14')).toBe(4);
    // Sunday 10/05/2026: Monday 11/05 without charges, Tuesday counts from the Sunday.
    expect(daysLate('2026-05-10', '2026-05-11')).toBe(0);
    expect(daysLate('2026-05-10', '2026-05-12')).toBe(2);
    // A business day is itself the last day.
    expect(daysLate('2026-05-11', '2026-05-12')).toBe(1);
    expect(computeAmountDue(85_000, '2026-05-10', '2026-05-11', rates)).toMatchObject({ multa: 0, juros: 0 });
  });

  it('a bill is overdue (status, reports, notices) exactly when it starts to cost charges', () => {
    // On Sunday 11/10/2026 and on the holiday Monday, the Saturday bill is not yet overdue; Friday's is.
    expect(overdueBefore('2026-10-11')).toBe('2026-10-10');
    expect(overdueBefore('2026-10-13')).toBe('2026-10-10');
    expect(overdueBefore('2026-10-14')).toBe('2026-10-14');
    // The SQL boundary agrees with daysLate on every due date around a year of todays.
    for (let today = '2026-01-01'; today <= '2027-01-10'; today = addDays(today, 1)) {
      const boundary = overdueBefore(today);
      for (let back = 0; back <= 6; back++) {
        const due = addDays(today, -back);
        expect(due < boundary, `${due} em ${today}`).toBe(daysLate(due, today) > 0);
      }
    }
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
    expect(splitPayment(86_983, due)).toEqual({
      principal: 85_000,
      desconto: 0,
      multa: 1_700,
      juros: 283,
      settles: true,
    });
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
    expect(splitPayment(30_000, onTime)).toEqual({
      principal: 30_000,
      desconto: 0,
      multa: 0,
      juros: 0,
      settles: false,
    });
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

describe('desconto de pontualidade (ADR 0046)', () => {
  // 5 % until 5 days before the due date (10 March → until 5 March), 2 % multa, 1 % a.m.
  const cinco = { ...rates, pontualidade: { tipo: 'percentual' as const, bp: 500, diasAntes: 5 } };

  it('is granted up to its last day, not the day after, never with multa or juros', () => {
    expect(computeAmountDue(85_000, '2026-03-10', '2026-03-05', cinco)).toEqual({
      principal: 85_000,
      desconto: 4_250,
      multa: 0,
      juros: 0,
      total: 80_750,
      days: 0,
    });
    expect(computeAmountDue(85_000, '2026-03-10', '2026-02-20', cinco).total).toBe(80_750);
    expect(computeAmountDue(85_000, '2026-03-10', '2026-03-06', cinco)).toMatchObject({
      desconto: 0,
      total: 85_000,
    });
    expect(computeAmountDue(85_000, '2026-03-10', '2026-03-10', cinco).total).toBe(85_000);
    expect(computeAmountDue(85_000, '2026-03-10', '2026-03-11', cinco)).toMatchObject({
      desconto: 0,
      multa: 1_700,
      juros: 28,
      total: 86_728,
    });
  });

  it('until the due date itself when no days before; across a month boundary when there are', () => {
    const ateVencimento = {
      ...rates,
      pontualidade: { tipo: 'percentual' as const, bp: 1_000, diasAntes: 0 },
    };
    expect(computeAmountDue(45_000, '2026-03-10', '2026-03-10', ateVencimento).total).toBe(40_500);
    expect(computeAmountDue(45_000, '2026-03-10', '2026-03-11', ateVencimento).total).toBe(45_900 + 15);
    expect(descontoPontualidade(45_000, '2026-03-03', cinco)?.ate).toBe('2026-02-26');
  });

  it('a fixed amount, on the amount after bolsa; rounding half up for percentages', () => {
    const vinte = { ...rates, pontualidade: { tipo: 'valor' as const, centavos: 2_000, diasAntes: 0 } };
    expect(descontoPontualidade(42_500, '2026-03-10', vinte)).toEqual({ valor: 2_000, ate: '2026-03-10' });
    // 5 % of 333.33 = 16.6665 → 16.67
    expect(descontoPontualidade(33_333, '2026-03-10', cinco)?.valor).toBe(1_667);
  });

  it('never takes the amount of the day below one centavo; nothing with a bolsa of 100 %', () => {
    const muito = { ...rates, pontualidade: { tipo: 'valor' as const, centavos: 50_000, diasAntes: 0 } };
    expect(computeAmountDue(3_000, '2026-03-10', '2026-03-10', muito)).toMatchObject({
      desconto: 2_999,
      total: 1,
    });
    expect(descontoPontualidade(0, '2026-03-10', cinco)).toBeNull();
    expect(computeAmountDue(0, '2026-03-10', '2026-03-01', cinco)).toMatchObject({ desconto: 0, total: 0 });
    expect(descontoPontualidade(85_000, '2026-03-10', rates)).toBeNull();
  });

  it('paying the discounted amount settles the whole principal; less in time is all principal', () => {
    const due = computeAmountDue(85_000, '2026-03-10', '2026-03-05', cinco);
    expect(splitPayment(80_750, due)).toEqual({
      principal: 85_000,
      desconto: 4_250,
      multa: 0,
      juros: 0,
      settles: true,
    });
    expect(splitPayment(50_000, due)).toEqual({
      principal: 50_000,
      desconto: 0,
      multa: 0,
      juros: 0,
      settles: false,
    });
  });
});
