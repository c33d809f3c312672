import { describe, expect, it } from 'vitest';
import { ageSerieWarning, compareSeries, serieRank } from './classes.schemas';

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

describe('a student’s age and the class’s série (31 March of the class’s year)', () => {
  it('says nothing when the age fits, a year older included (born late in the year, held back once)', () => {
    expect(ageSerieWarning('2020-03-31', '1º ano', '2026')).toBeNull();
    expect(ageSerieWarning('2019-02-10', '1º ano', '2026')).toBeNull();
    expect(ageSerieWarning('2011-01-20', '1ª série', '2026')).toBeNull();
    expect(ageSerieWarning('2026-05-02', 'Berçário', '2026')).toBeNull();
    expect(ageSerieWarning('2014-06-01', 'Sala Girassol', '2026')).toBeNull();
  });

  it('warns of a child younger than the série’s age on 31 March', () => {
    expect(ageSerieWarning('2020-04-01', '1º ano', '2026')).toBe(
      '1º ano: idade de 6 anos em 31/03/2026; pela data de nascimento, 5 anos nessa data. Confira a data de nascimento e a turma.',
    );
  });

  it('warns of two or more years above it (distorção idade-série), as a mistyped year of birth reads', () => {
    expect(ageSerieWarning('2014-05-10', '1º ano', '2026')).toBe(
      '1º ano: idade de 6 anos em 31/03/2026; pela data de nascimento, 11 anos nessa data (distorção idade-série). Confira a data de nascimento e a turma.',
    );
    expect(ageSerieWarning('2023-01-15', 'Berçário', '2026')).toMatch(
      /^Berçário: idade de 0 a 1 ano em 31\/03\/2026/,
    );
  });
});
