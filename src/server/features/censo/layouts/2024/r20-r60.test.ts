import { describe, expect, it } from 'vitest';
import { codigosDe, componentesInep, veiculosTransporte } from '../../../../../shared/censo.codigos.js';
import type { Campo } from '../../layout.js';
import { COMPONENTES_R20, chaveComponente, r20 } from './r20.js';
import { r60, VEICULOS_R60 } from './r60.js';

const at = (campos: readonly Campo[], n: number) => campos.find((campo) => campo.n === n)!;

function expectWellFormed(campos: readonly Campo[], count: number, tipo: string) {
  expect(campos).toHaveLength(count);
  expect(campos.map((campo) => campo.n)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  expect(new Set(campos.map((campo) => campo.chave)).size).toBe(count);
  expect(campos[0]).toMatchObject({ formato: 'fixo', valor: tipo });
  for (const campo of campos) {
    if (campo.formato === 'codigo') expect(campo.codigos?.length, campo.chave).toBeGreaterThan(0);
  }
}

describe('record 20 of the 2024 layout (i-Educar Registro20)', () => {
  it('has 76 fields in order with the positions of INEP’s numbering', () => {
    expectWellFormed(r20, 76, '20');
    expect(at(r20, 2)).toMatchObject({ chave: 'codigo_escola', tamanho: 8, obrigatorio: true });
    expect(at(r20, 3)).toMatchObject({ chave: 'codigo_turma', tamanho: 20 });
    expect(at(r20, 5)).toMatchObject({ chave: 'nome_turma', tamanho: 80 });
    expect(at(r20, 6).chave).toBe('tipo_mediacao');
    expect([7, 8, 9, 10].map((n) => at(r20, n).chave)).toEqual([
      'hora_inicio_hora',
      'hora_inicio_minuto',
      'hora_fim_hora',
      'hora_fim_minuto',
    ]);
    expect([11, 12, 13, 14, 15, 16, 17].map((n) => at(r20, n).chave)).toEqual(
      ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sab'].map((dia) => `dia_${dia}`),
    );
    expect([18, 19, 20].map((n) => at(r20, n).chave)).toEqual([
      'escolarizacao',
      'atividade_complementar',
      'aee',
    ]);
    expect(at(r20, 30).chave).toBe('local_diferenciado');
    expect(at(r20, 31).chave).toBe('modalidade');
    expect(at(r20, 32).chave).toBe('etapa');
    expect(at(r20, 34).chave).toBe('organizacao_serie_ano');
    expect(at(r20, 76).chave).toBe('classe_bilingue_surdos');
  });

  it('carries one field per INEP componente, 49 to 75, each 0/1/2, in INEP’s order', () => {
    expect(COMPONENTES_R20.map(([codigo]) => codigo)).toEqual([
      ...['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '16', '17', '23'],
      ...['25', '26', '27', '28', '29', '30', '31', '32', '33', '99'],
    ]);
    expect(at(r20, 49).chave).toBe(chaveComponente('1'));
    expect(at(r20, 63).chave).toBe(chaveComponente('16'));
    expect(at(r20, 75).chave).toBe(chaveComponente('99'));
    for (let n = 49; n <= 75; n++) expect(at(r20, n).codigos).toEqual(['0', '1', '2']);
    // Every componente a subject may take has its field.
    expect(new Set(COMPONENTES_R20.map(([codigo]) => codigo))).toEqual(new Set(codigosDe(componentesInep)));
  });

  it('requires the horário and days only of a presencial class, the etapa only with escolarização', () => {
    expect(at(r20, 7).obrigatorio).toEqual({ quando: 'tipo_mediacao', em: ['1'] });
    expect(at(r20, 13).obrigatorio).toEqual({ quando: 'tipo_mediacao', em: ['1'] });
    expect(at(r20, 32).obrigatorio).toEqual({ quando: 'tem_etapa', em: [true] });
    expect(at(r20, 4).obrigatorio).toBeUndefined();
  });
});

describe('record 60 of the 2024 layout (i-Educar exportaDadosRegistro60)', () => {
  it('has 46 fields in order', () => {
    expectWellFormed(r60, 46, '60');
    expect([2, 3, 4, 5, 6, 7, 8].map((n) => at(r60, n).chave)).toEqual([
      'codigo_escola',
      'codigo_pessoa',
      'inep_aluno',
      'codigo_turma',
      'inep_turma',
      'inep_matricula',
      'etapa_aluno',
    ]);
    expect(at(r60, 4)).toMatchObject({ formato: 'numero', tamanho: 12 });
    expect(at(r60, 34).chave).toBe('escolarizacao_outro_espaco');
    expect(at(r60, 35).chave).toBe('transporte_publico');
    expect(at(r60, 36)).toMatchObject({ chave: 'transporte_poder_publico', codigos: ['1', '2'] });
  });

  it('lists the vehicles 37 to 46 in the layout’s order, each a key of the product’s list', () => {
    expect(VEICULOS_R60.map(([veiculo]) => veiculo)).toEqual([
      'bicicleta',
      'microonibus',
      'onibus',
      'tracao_animal',
      'van',
      'rodoviario_outro',
      'aquaviario_5',
      'aquaviario_5_15',
      'aquaviario_15_35',
      'aquaviario_35',
    ]);
    const chaves = codigosDe(veiculosTransporte);
    for (const [veiculo] of VEICULOS_R60) expect(chaves).toContain(veiculo);
    expect(at(r60, 37).chave).toBe('veiculo_bicicleta');
    expect(at(r60, 46).chave).toBe('veiculo_aquaviario_35');
    expect(at(r60, 41).obrigatorio).toEqual({ quando: 'transporte_publico', em: [true] });
  });
});
