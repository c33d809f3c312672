import { describe, expect, it } from 'vitest';
import { checkCargaHoraria, serieHoursOf } from './ensino-medio';

/** A série of `fgb` weekly lessons of formação geral básica and `itinerario` of one itinerário, 50 min each. */
const serie = (numero: number, fgb: number, itinerario: number) =>
  serieHoursOf(numero, 50, [
    { aulasSemanais: fgb, itinerario: null },
    { aulasSemanais: itinerario, itinerario: 'Ciências' },
  ]);
const itinerarios = [{ nome: 'Ciências', tecnico: false }];

describe('the carga horária of Ensino Médio (Lei 14.945/2024)', () => {
  it('adds the three séries in exact minutes: 25 weekly lessons of 50 min are 2.500 h, not 2.499 h', () => {
    const series = [serie(1, 25, 5), serie(2, 25, 5), serie(3, 25, 5)];
    // Each série is shown rounded (833 h and 167 h) …
    expect([series[0]!.formacao_geral_basica, series[0]!.itinerarios.Ciências]).toEqual([833, 167]);
    // … the totals are not the sum of the rounded figures (2.499 h and 501 h before).
    expect(checkCargaHoraria(series, itinerarios).percursos).toEqual([
      {
        itinerario: 'Ciências',
        tecnico: false,
        formacao_geral_basica: 2500,
        itinerario_horas: 500,
        total: 3000,
        minimo_fgb: 2400,
      },
    ]);
  });

  it('a grid that meets the minimum exactly gets no warning (72 lessons of 50 min = 2.400 h)', () => {
    // 25 + 25 + 22 weekly lessons: 833,3 + 833,3 + 733,3 h, rounded 833 + 833 + 733 = 2.399 h, warned.
    const series = [serie(1, 25, 5), serie(2, 25, 5), serie(3, 22, 8)];
    expect(checkCargaHoraria(series, itinerarios)).toMatchObject({
      percursos: [{ formacao_geral_basica: 2400, itinerario_horas: 600, total: 3000 }],
      avisos: [],
    });
  });

  it('still warns one lesson short of the minimum', () => {
    const series = [serie(1, 25, 5), serie(2, 25, 5), serie(3, 21, 8)];
    expect(checkCargaHoraria(series, itinerarios).avisos).toEqual([
      'A 3ª série soma 967 h no ano; a LDB (art. 24, I) pede ao menos 1.000 h anuais no Ensino Médio.',
      'A formação geral básica soma 2.367 h nas três séries; a Lei 14.945/2024 pede ao menos 2.400 h.',
      'Com o itinerário Ciências, as três séries somam 2.967 h; o mínimo do Ensino Médio é 3.000 h.',
    ]);
  });
});
