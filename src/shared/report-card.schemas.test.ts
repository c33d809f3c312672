import { describe, expect, it } from 'vitest';
import { absencesText } from './report-card.schemas';

describe('absencesText', () => {
  it("writes the counts as the Frequência screen does ('1.164 aulas', not '1164 aulas')", () => {
    expect(absencesText({ faltas: 31, aulas_dadas: 1164, por_dia: false })).toBe('31 faltas em 1.164 aulas');
    expect(absencesText({ faltas: 1, aulas_dadas: 1, por_dia: false })).toBe('1 falta em 1 aula');
    expect(absencesText({ faltas: 7, aulas_dadas: 196, por_dia: true })).toBe('7 faltas em 196 dias letivos');
    expect(absencesText({ faltas: 0, aulas_dadas: 1, por_dia: true })).toBe('0 faltas em 1 dia letivo');
  });
});
