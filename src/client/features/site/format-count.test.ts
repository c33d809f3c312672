import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('writes numbers the way pt-BR does, like toLocaleString', () => {
    for (const value of [
      0, 1, 12, 999, 1000, 1500, 12345, 999999, 1000000, 1234567.5, 98.5, 0.25, 3.14159, 2.0005, -7, -1500.75,
      50000,
    ])
      expect(formatCount(value), String(value)).toBe(value.toLocaleString('pt-BR'));
  });

  it('keeps what is not a number readable', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    // Where Intl writes '-0', a counter says 0.
    expect(formatCount(-0.0001)).toBe('0');
  });
});
