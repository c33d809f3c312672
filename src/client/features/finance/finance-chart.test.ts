import { describe, expect, it } from 'vitest';
import { axisTick } from './finance-chart';

describe('the finance chart’s axis', () => {
  it('reads a small school’s first months in reais, and thousands as "mil" with a decimal while small', () => {
    // R$ 0 to R$ 1.000 in steps of R$ 250: it read '0 mil, 0 mil, 1 mil, 1 mil, 1 mil'.
    expect([0, 25_000, 50_000, 75_000, 100_000].map(axisTick)).toEqual(['0', '250', '500', '750', '1 mil']);
    expect(axisTick(150_000)).toBe('1,5 mil');
    expect(axisTick(28_000_000)).toBe('280 mil');
    expect(axisTick(-50_000)).toBe('-500');
  });
});
