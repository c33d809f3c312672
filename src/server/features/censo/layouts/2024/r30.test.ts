import { describe, expect, it } from 'vitest';
import {
  codigosDe,
  coresRacas,
  localizacoesDiferenciadasPessoa,
  nacionalidades,
} from '../../../../../shared/censo.codigos.js';
import { layoutDoAno } from '../index.js';
import { r30 } from './r30.js';

/**
 * Record 30 of the 2024 layout in the order of i-Educar's export (EducacensoExportController,
 * exportaDadosRegistro30): the keys below are the binding list for parts 2 and 3. A field moved, added or
 * dropped fails here.
 */
const ORDEM = [
  'registro',
  'inepEscola',
  'codigoPessoa',
  'inep',
  'cpf',
  'nomePessoa',
  'dataNascimento',
  'filiacao',
  'filiacao1',
  'filiacao2',
  'sexo',
  'raca',
  'nacionalidade',
  'paisNacionalidade',
  'municipioNascimento',
  'deficiencia',
  'deficienciaCegueira',
  'deficienciaBaixaVisao',
  'deficienciaVisaoMonocular',
  'deficienciaSurdez',
  'deficienciaAuditiva',
  'deficienciaSurdoCegueira',
  'deficienciaFisica',
  'deficienciaIntelectual',
  'deficienciaMultipla',
  'deficienciaAutismo',
  'deficienciaAltasHabilidades',
  'recursoLedor',
  'recursoTranscricao',
  'recursoGuia',
  'recursoTradutor',
  'recursoLeituraLabial',
  'recursoProvaAmpliada',
  'recursoProvaSuperampliada',
  'recursoAudio',
  'recursoLinguaPortuguesaSegundaLingua',
  'recursoVideoLibras',
  'recursoBraile',
  'recursoNenhum',
  'certidaoNascimento',
  'paisResidencia',
  'cep',
  'municipioResidencia',
  'localizacaoResidencia',
  'localizacaoDiferenciada',
  'escolaridade',
  'tipoEnsinoMedioCursado',
  'formacaoCurso1',
  'formacaoAnoConclusao1',
  'formacaoInstituicao1',
  'formacaoCurso2',
  'formacaoAnoConclusao2',
  'formacaoInstituicao2',
  'formacaoCurso3',
  'formacaoAnoConclusao3',
  'formacaoInstituicao3',
  'complementacaoPedagogica1',
  'complementacaoPedagogica2',
  'complementacaoPedagogica3',
  ...[1, 2, 3, 4, 5, 6].flatMap((i) => [
    `posGraduacao${i}Tipo`,
    `posGraduacao${i}Area`,
    `posGraduacao${i}Ano`,
  ]),
  'posGraduacaoNaoPossui',
  'formacaoContinuadaCreche',
  'formacaoContinuadaPreEscola',
  'formacaoContinuadaAnosIniciaisFundamental',
  'formacaoContinuadaAnosFinaisFundamental',
  'formacaoContinuadaEnsinoMedio',
  'formacaoContinuadaEducacaoJovensAdultos',
  'formacaoContinuadaEducacaoEspecial',
  'formacaoContinuadaEducacaoIndigena',
  'formacaoContinuadaEducacaoCampo',
  'formacaoContinuadaEducacaoAmbiental',
  'formacaoContinuadaEducacaoDireitosHumanos',
  'formacaoContinuadaEducacaoBilingueSurdos',
  'formacaoContinuadaEducacaoTecnologiaInformaçãoComunicacao',
  'formacaoContinuadaGeneroDiversidadeSexual',
  'formacaoContinuadaDireitosCriancaAdolescente',
  'formacaoContinuadaEducacaoRelacoesEticoRaciais',
  'formacaoContinuadaEducacaoGestaoEscolar',
  'formacaoContinuadaEducacaoOutros',
  'formacaoContinuadaEducacaoNenhum',
  'email',
];

const campo = (chave: string) => r30.find((item) => item.chave === chave)!;

describe('record 30 of the 2024 layout', () => {
  it('has 98 fields in i-Educar’s order, numbered 1..98, each key once', () => {
    expect(r30).toHaveLength(98);
    expect(r30.map((item) => item.chave)).toEqual(ORDEM);
    expect(r30.map((item) => item.n)).toEqual(ORDEM.map((_, i) => i + 1));
    expect(new Set(ORDEM).size).toBe(98);
    expect(layoutDoAno(2024)?.registros['30']).toBe(r30);
    expect(layoutDoAno(2026)?.registros['30']).toBe(r30);
  });

  it('positions a few fields where INEP puts them', () => {
    expect([campo('registro').n, campo('cpf').n, campo('nomePessoa').n, campo('raca').n]).toEqual([
      1, 5, 6, 12,
    ]);
    expect([campo('deficiencia').n, campo('recursoNenhum').n, campo('certidaoNascimento').n]).toEqual([
      16, 39, 40,
    ]);
    expect([campo('escolaridade').n, campo('posGraduacaoNaoPossui').n, campo('email').n]).toEqual([
      46, 78, 98,
    ]);
  });

  it('checks against the shared code lists, with the forms and sizes of the layout', () => {
    expect(campo('registro')).toMatchObject({ formato: 'fixo', valor: '30' });
    expect(campo('raca').codigos).toEqual(codigosDe(coresRacas));
    expect(campo('raca').codigos).toContain('0'); // 'não declarada' is an answer
    expect(campo('nacionalidade').codigos).toEqual(codigosDe(nacionalidades));
    expect(campo('localizacaoDiferenciada').codigos).toEqual(codigosDe(localizacoesDiferenciadasPessoa));
    expect(campo('sexo').codigos).toEqual(['1', '2']);
    expect(campo('dataNascimento').formato).toBe('data');
    expect(campo('cpf').formato).toBe('cpf');
    expect(campo('certidaoNascimento')).toMatchObject({ formato: 'numero', tamanho: 32 });
    expect(campo('nomePessoa')).toMatchObject({ formato: 'texto', tamanho: 100, obrigatorio: true });
    expect(campo('inep')).toMatchObject({ formato: 'numero', tamanho: 12 });
    expect(campo('email').comAcentos).toBe(true);
    expect(
      r30
        .filter((item) => item.chave.startsWith('deficiencia') || item.chave.startsWith('recurso'))
        .every((item) => item.formato === 'indicador'),
    ).toBe(true);
  });

  it('requires of students what it requires of students, of staff what of staff', () => {
    expect(campo('cpf').obrigatorio).toEqual({ quando: 'tipoPessoa', em: ['profissional'] });
    expect(campo('paisResidencia').obrigatorio).toEqual({ quando: 'tipoPessoa', em: ['aluno'] });
    expect(campo('escolaridade').obrigatorio).toEqual({ quando: 'tipoPessoa', em: ['profissional'] });
    expect(campo('recursoLedor').obrigatorio).toEqual({ quando: 'exigeRecursos', em: [true] });
    expect(campo('deficienciaCegueira').obrigatorio).toEqual({ quando: 'deficiencia', em: [true] });
    expect(campo('municipioNascimento').obrigatorio).toEqual({ quando: 'nacionalidade', em: ['1'] });
    expect(campo('filiacao1').obrigatorio).toEqual({ quando: 'filiacao', em: ['1'] });
    // Every condition names a field of the record or a steering key the sources set.
    const chaves = new Set([...ORDEM, 'tipoPessoa', 'exigeRecursos']);
    for (const item of r30)
      if (typeof item.obrigatorio === 'object')
        expect(chaves.has(item.obrigatorio.quando), item.chave).toBe(true);
  });
});
