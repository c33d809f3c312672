import { describe, expect, it } from 'vitest';
import { valorPorExtenso } from './extenso';

describe('valorPorExtenso: an amount in words, as a receipt writes it', () => {
  it.each([
    [43733, 'quatrocentos e trinta e sete reais e trinta e três centavos'],
    [85000, 'oitocentos e cinquenta reais'],
    [100, 'um real'],
    [1, 'um centavo'],
    [10000, 'cem reais'],
    [10100, 'cento e um reais'],
    [101000, 'mil e dez reais'],
    [110000, 'mil e cem reais'],
    [123000, 'mil duzentos e trinta reais'],
    [200000, 'dois mil reais'],
    [1750, 'dezessete reais e cinquenta centavos'],
    [1_020_000, 'dez mil e duzentos reais'],
    [2_114_567, 'vinte e um mil cento e quarenta e cinco reais e sessenta e sete centavos'],
    [100_000_000, 'um milhão de reais'],
    [120_000_000, 'um milhão e duzentos mil reais'],
    [250_000_099, 'dois milhões e quinhentos mil reais e noventa e nove centavos'],
    [0, 'zero real'],
  ])('%i centavos → %s', (centavos, words) => {
    expect(valorPorExtenso(centavos)).toBe(words);
  });

  it('refuses what is not whole cents in its range', () => {
    expect(() => valorPorExtenso(1.5)).toThrow(RangeError);
    expect(() => valorPorExtenso(-1)).toThrow(RangeError);
    expect(() => valorPorExtenso(100_000_000_000)).toThrow(RangeError);
  });
});
