import { describe, expect, it } from 'vitest';
import { contarCobrancas, formatContagemCobrancas, tiposDeCobranca } from './contagem-cobrancas.js';

describe('charges counted by kind (ADR 0099, 0103)', () => {
  it('counts the months of tuition apart from the enrolment fees', () => {
    expect(
      contarCobrancas([{ tipo: 'mensalidade' }, { tipo: 'taxa_matricula' }, { tipo: 'mensalidade' }]),
    ).toEqual({ mensalidades: 2, taxas_matricula: 1 });
    expect(contarCobrancas([])).toEqual({ mensalidades: 0, taxas_matricula: 0 });
  });

  it('names each kind with its own agreement, and never calls a fee a mensalidade', () => {
    const vencida = { singular: 'vencida', plural: 'vencidas' };
    expect(formatContagemCobrancas({ mensalidades: 3, taxas_matricula: 0 }, vencida)).toBe(
      '3 mensalidades vencidas',
    );
    expect(formatContagemCobrancas({ mensalidades: 0, taxas_matricula: 1 }, vencida)).toBe(
      '1 taxa de matrícula vencida',
    );
    expect(formatContagemCobrancas({ mensalidades: 1, taxas_matricula: 2 }, vencida)).toBe(
      '1 mensalidade vencida e 2 taxas de matrícula vencidas',
    );
    expect(formatContagemCobrancas({ mensalidades: 1_200, taxas_matricula: 1 })).toBe(
      '1.200 mensalidades e 1 taxa de matrícula',
    );
    expect(formatContagemCobrancas({ mensalidades: 0, taxas_matricula: 0 })).toBe('0 mensalidades');
  });
});

describe('tiposDeCobranca', () => {
  it('names the kinds present, tuition as a heading’s plural and the fee by its count', () => {
    expect(tiposDeCobranca({ mensalidades: 1, taxas_matricula: 0 })).toBe('mensalidades');
    expect(tiposDeCobranca({ mensalidades: 0, taxas_matricula: 1 })).toBe('taxa de matrícula');
    expect(tiposDeCobranca({ mensalidades: 0, taxas_matricula: 2 })).toBe('taxas de matrícula');
    expect(tiposDeCobranca({ mensalidades: 3, taxas_matricula: 1 })).toBe('mensalidades e taxa de matrícula');
    expect(tiposDeCobranca({ mensalidades: 0, taxas_matricula: 0 })).toBe('mensalidades');
  });
});
