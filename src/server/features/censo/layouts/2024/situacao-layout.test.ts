/** Records 89, 90 and 91 of the 2024 layout: field count, order and the codes they accept. */
import { describe, expect, it } from 'vitest';
import { layout2024 } from './index.js';

const chaves = (tipo: '89' | '90' | '91') => layout2024.registros[tipo].map((campo) => campo.chave);

/** The seven fields records 90 and 91 open with: record, school, class, student and enrolment. */
const ENROLMENT = [
  'tipo',
  'escola_inep',
  'turma_codigo',
  'turma_inep',
  'aluno_inep',
  'aluno_codigo',
  'matricula_inep',
];

describe('2024 layout, stage 2 (Situação do Aluno)', () => {
  it('numbers every field in order, from 1, with the record type first', () => {
    for (const tipo of ['89', '90', '91'] as const) {
      const campos = layout2024.registros[tipo];
      expect(campos.map((campo) => campo.n)).toEqual(campos.map((_, index) => index + 1));
      expect(campos[0]).toMatchObject({ chave: 'tipo', formato: 'fixo', valor: tipo });
    }
  });

  it('record 89 has 6 fields: escola, CPF, nome, cargo and e-mail of the gestor', () => {
    expect(chaves('89')).toEqual([
      'tipo',
      'escola_inep',
      'gestor_cpf',
      'gestor_nome',
      'gestor_cargo',
      'gestor_email',
    ]);
    expect(layout2024.registros['89'].find((campo) => campo.chave === 'gestor_cargo')?.codigos).toEqual([
      '1',
      '2',
    ]);
  });

  it('record 90 has 8 fields, the situation last', () => {
    expect(chaves('90')).toEqual([...ENROLMENT, 'situacao']);
    expect(layout2024.registros['90'].at(-1)?.codigos).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('record 91 has 11 fields: mediação, modalidade and etapa before the situation', () => {
    expect(chaves('91')).toEqual([...ENROLMENT, 'tipo_mediacao', 'modalidade', 'etapa', 'situacao']);
  });
});
