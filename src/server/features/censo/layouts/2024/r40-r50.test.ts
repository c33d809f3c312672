import { describe, expect, it } from 'vitest';
import { codigosDe, componentesInep, funcoesSala } from '../../../../../shared/censo.codigos.js';
import { layout2024 } from './index.js';

describe('2024 layout: records 40 and 50', () => {
  it('record 40 has 7 fields in order, the cargo and critério lists, the critério required of a diretor', () => {
    const r40 = layout2024.registros['40'];
    expect(r40.map((campo) => campo.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(r40.map((campo) => campo.chave)).toEqual([
      'registro',
      'inepEscola',
      'codigoPessoa',
      'inepGestor',
      'cargo',
      'criterioAcesso',
      'tipoVinculo',
    ]);
    expect(r40[0]).toMatchObject({ formato: 'fixo', valor: '40' });
    expect(r40[4]!.codigos).toEqual(['1', '2']);
    expect(r40[5]!.codigos).toEqual(['1', '4', '5', '6', '7']);
    expect(r40[5]!.obrigatorio).toEqual({ quando: 'cargo', em: ['1'] });
    expect(r40[6]!.obrigatorio).toBeUndefined();
  });

  it('record 50 has 42 fields: 8, then 25 componentes, 8 unidades curriculares and one more', () => {
    const r50 = layout2024.registros['50'];
    expect(r50).toHaveLength(42);
    expect(r50.map((campo) => campo.n)).toEqual(Array.from({ length: 42 }, (_, i) => i + 1));
    expect(r50.slice(0, 8).map((campo) => campo.chave)).toEqual([
      'registro',
      'inepEscola',
      'codigoPessoa',
      'inepDocente',
      'codigoTurma',
      'inepTurma',
      'funcaoDocente',
      'tipoVinculo',
    ]);
    expect(r50[8]).toMatchObject({ n: 9, chave: 'componente1', formato: 'codigo' });
    expect(r50[32]).toMatchObject({ n: 33, chave: 'componente25' });
    expect(r50[8]!.codigos).toEqual(codigosDe(componentesInep));
    expect(r50[33]).toMatchObject({ n: 34, chave: 'unidadeCurricular1', formato: 'indicador' });
    expect(r50[40]).toMatchObject({ n: 41, chave: 'unidadeCurricular8' });
    expect(r50[41]).toMatchObject({ n: 42, chave: 'outrasUnidadesCurricularesObrigatorias' });
    expect(r50[6]).toMatchObject({
      chave: 'funcaoDocente',
      obrigatorio: true,
      codigos: codigosDe(funcoesSala),
    });
    expect(new Set(r50.map((campo) => campo.chave)).size).toBe(42);
  });
});
