/** The stage-2 situation of an enrolment, rule by rule (the events themselves: situacao.fonte.test.ts). */
import { describe, expect, it } from 'vitest';
import { situacaoDaMatricula, type FatosMatricula } from './situacao.regras.js';

const base: FatosMatricula = {
  fim: null,
  fimDoAno: '2026-12-11',
  continuaNoAno: false,
  status: 'ativo',
  motivoSaida: null,
  etapa: '18',
  situacaoFinal: 'aprovado',
};

describe('situacaoDaMatricula', () => {
  it('maps the year closing: aprovado 5, concluinte 6, reprovado (nota or falta) 4, Infantil 7', () => {
    expect(situacaoDaMatricula(base)).toEqual({ codigo: '5' });
    expect(situacaoDaMatricula({ ...base, etapa: '41' })).toEqual({ codigo: '6' });
    expect(situacaoDaMatricula({ ...base, etapa: '27' })).toEqual({ codigo: '6' });
    expect(situacaoDaMatricula({ ...base, situacaoFinal: 'reprovado_nota' })).toEqual({ codigo: '4' });
    expect(situacaoDaMatricula({ ...base, situacaoFinal: 'reprovado_falta' })).toEqual({ codigo: '4' });
    expect(situacaoDaMatricula({ ...base, etapa: '2', situacaoFinal: 'concluiu_ano' })).toEqual({
      codigo: '7',
    });
    expect(situacaoDaMatricula({ ...base, etapa: '1', situacaoFinal: 'aprovado' })).toEqual({ codigo: '7' });
  });

  it('a membership ended before the year did: transferido 1, inativo 2, falecido 3', () => {
    const saiu = { ...base, fim: '2026-08-09', situacaoFinal: null };
    expect(situacaoDaMatricula({ ...saiu, status: 'transferido' })).toEqual({ codigo: '1' });
    expect(situacaoDaMatricula({ ...saiu, status: 'inativo' })).toEqual({ codigo: '2' });
    expect(situacaoDaMatricula({ ...saiu, status: 'inativo', motivoSaida: 'falecido' })).toEqual({
      codigo: '3',
    });
  });

  it('a class change or a membership closed at the year end is not a leaving', () => {
    expect(
      situacaoDaMatricula({ ...base, fim: '2026-08-31', continuaNoAno: true, status: 'transferido' }),
    ).toEqual({ codigo: '5' });
    expect(situacaoDaMatricula({ ...base, fim: '2026-12-11', status: 'formado' })).toEqual({ codigo: '5' });
  });

  it('an open year or a result that is not final cannot be sent', () => {
    expect(situacaoDaMatricula({ ...base, situacaoFinal: null })).toEqual({ pendente: 'ano_aberto' });
    expect(situacaoDaMatricula({ ...base, situacaoFinal: 'em_recuperacao' })).toEqual({
      pendente: 'sem_resultado',
    });
  });
});
