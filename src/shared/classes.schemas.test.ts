import { describe, expect, it } from 'vitest';
import { compareSeries, serieRank } from './classes.schemas';

describe('séries in school order', () => {
  it('puts Infantil, the Fundamental’s anos and the Médio’s séries in the order a school reads them', () => {
    const shuffled = ['2ª série', '1º ano', 'Pré II', '10º ano', '1ª série', '9º ano', 'Berçário', '2º ano'];
    expect([...shuffled].sort(compareSeries)).toEqual([
      'Berçário',
      'Pré II',
      '1º ano',
      '2º ano',
      '9º ano',
      '1ª série',
      '2ª série',
      // A school's own name the list does not know comes last.
      '10º ano',
    ]);
  });

  it('knows a série however it is spaced or capitalised, and not one it has never heard of', () => {
    expect(serieRank('  1º   ANO ')).toBe(serieRank('1º ano'));
    expect(serieRank('Turma do Sol')).toBeNull();
  });
});
