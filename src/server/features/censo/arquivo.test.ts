import { describe, expect, it } from 'vitest';
import { completeCpf } from '../../../shared/validators.js';
import { escreverArquivo, escreverLinha, textoCenso, textoDoArquivo, validar } from './arquivo.js';
import { LAYOUT_TESTE } from './arquivos.test-setup.js';
import type { Linha } from './layout.js';

const CPF = completeCpf('123456789');
const CNPJ_VALIDO = '11222333000181';

const linha = (tipo: Linha['tipo'], valores: Linha['valores'], extra: Partial<Linha> = {}): Linha => ({
  tipo,
  entidade: tipo === '00' ? 'escola' : tipo === '20' ? 'turma' : tipo === '60' ? 'matricula' : 'aluno',
  entidadeId: `id-${tipo}`,
  nome: `Nome ${tipo}`,
  link: `/portal/${tipo}`,
  valores,
  ...extra,
});

const pessoa = (valores: Linha['valores'] = {}, extra: Partial<Linha> = {}) =>
  linha(
    '30',
    {
      escola_inep: '35000001',
      codigoPessoa: 'ABC123',
      nome: 'Ana',
      data_nascimento: '2015-03-10',
      cor_raca: '3',
      deficiencia: false,
      ...valores,
    },
    extra,
  );

describe('the Educacenso writer', () => {
  it('sorts the lines in INEP order of records, stable within a record type', () => {
    const texto = textoDoArquivo(LAYOUT_TESTE, [
      linha('60', { aluno_codigo: 'A1', turma_codigo: 'T1' }),
      pessoa({ codigoPessoa: 'P1' }),
      linha('00', { codigo_inep: '35000001', nome: 'Escola' }),
      linha('20', { codigo_turma: 'T1', nome: 'Turma', etapa: '14' }),
      pessoa({ codigoPessoa: 'P2' }),
    ]);
    const tipos = texto.split('\n').map((line) => line.split('|').slice(0, 3).join('|'));
    expect(tipos).toEqual(['00|35000001|ESCOLA', '20||T1', '30|35000001|P1', '30|35000001|P2', '60||A1', '']);
  });

  it('writes each field by its form: upper case without accents, digits, DD/MM/AAAA, 0/1, empty between pipes', () => {
    expect(
      escreverLinha(
        LAYOUT_TESTE,
        pessoa({
          inep: null,
          cpf: '123.456.789-09',
          nome: "  Conceição  d'Ávila-Muñoz 1º ",
          data_nascimento: '2015-03-09',
          deficiencia: true,
          cegueira: false,
        }),
      ),
    ).toBe('30|35000001|ABC123||12345678909|CONCEICAO DAVILA-MUNOZ 1º|09/03/2015|3|1|0');
    // An empty last field leaves the line ending in a pipe, as INEP's files do.
    expect(escreverLinha(LAYOUT_TESTE, pessoa())).toBe('30|35000001|ABC123|||ANA|10/03/2015|3|0|');
    expect(textoCenso('São João — Ação & Cia.')).toBe('SAO JOAO ACAO CIA');
  });

  it('encodes the file in ISO-8859-1: ç and ã stripped in names, an e-mail keeps its own characters; LF; 99| closes stage 1', () => {
    const bytes = escreverArquivo(
      LAYOUT_TESTE,
      [linha('00', { codigo_inep: '35000001', nome: 'Graça Conceição', email: 'joão.sá@escola.test' })],
      '99|',
    );
    expect(bytes.toString('latin1')).toBe('00|35000001|GRACA CONCEICAO|JOÃO.SÁ@ESCOLA.TEST|\n99|\n');
    // Ã is one byte (0xC3) in ISO-8859-1 — in UTF-8 it would be 0xC3 0x83.
    expect(bytes.includes(Buffer.from([0x4a, 0x4f, 0xc3, 0x4f]))).toBe(true);
    expect(bytes.includes(Buffer.from('Ã', 'utf8'))).toBe(false);
    expect(bytes.includes(Buffer.from('GRACA CONCEICAO', 'latin1'))).toBe(true);
    expect(bytes.includes(0x0d)).toBe(false);
    expect(bytes.every((byte) => byte < 0x80 || byte === 0xc3 || byte === 0xc1)).toBe(true);
  });
});

describe('the generic pending list', () => {
  const campos = (linhas: Linha[]) => validar(LAYOUT_TESTE, linhas).map((p) => `${p.campo}: ${p.mensagem}`);

  it('is empty for a complete line', () => {
    expect(validar(LAYOUT_TESTE, [pessoa({ cpf: CPF })])).toEqual([]);
  });

  it('names a required field left empty, with the line entity, the screen label and the link', () => {
    const [pendencia, ...resto] = validar(LAYOUT_TESTE, [
      pessoa({ cor_raca: null }, { rotulos: { cor_raca: 'Cor/raça declarada' } }),
    ]);
    expect(resto).toEqual([]);
    expect(pendencia).toEqual({
      registro: '30',
      entidade: 'aluno',
      entidade_id: 'id-30',
      nome: 'Nome 30',
      campo: 'Cor/raça declarada',
      mensagem: 'Não preenchido: o INEP exige este campo.',
      link: '/portal/30',
    });
  });

  it('requires a conditional field only when its condition holds', () => {
    expect(campos([pessoa({ deficiencia: false, cegueira: null })])).toEqual([]);
    expect(campos([pessoa({ deficiencia: true, cegueira: null })])).toEqual([
      'Cegueira: Não preenchido: o INEP exige este campo.',
    ]);
  });

  it('refuses a code outside the list, a text too long, a number with letters, a bad date, wrong CPF and CNPJ digits', () => {
    expect(
      campos([
        pessoa({
          cor_raca: '9',
          nome: 'A'.repeat(101),
          inep: '12AB',
          data_nascimento: '2015-02-30',
          cpf: '12345678900',
        }),
        linha('00', { codigo_inep: '123456789', nome: '***', cnpj: '11222333000199' }),
      ]),
    ).toEqual([
      'Código de escola - Inep: Tem 9 dígitos; o INEP aceita até 8.',
      'Nome da escola: Só tem caracteres que o INEP não aceita: use letras e números.',
      'CNPJ da escola privada: CNPJ inválido: confira os dígitos.',
      'Identificação única (Inep): Use só números.',
      'Número do CPF: CPF inválido: confira os dígitos.',
      'Nome completo: Tem 101 caracteres; o INEP aceita até 100.',
      'Data de nascimento: Data inválida.',
      'Cor/raça: O código 9 não está na lista do INEP para este campo.',
    ]);
    expect(campos([linha('00', { codigo_inep: '35000001', nome: 'E', cnpj: CNPJ_VALIDO })])).toEqual([]);
  });
});
