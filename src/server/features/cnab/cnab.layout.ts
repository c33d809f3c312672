/**
 * CNAB 240 as data (FEBRABAN "Layout padrão de arquivos", v10.x, cobrança; ADR 0056): one field table per
 * record — file header (0), lote header (1), segments P, Q, R (remessa) and T, U (retorno), lote trailer
 * (5), file trailer (9) — and, per bank, the fields that bank reads differently (cnab.bancos.ts). One
 * writer and one reader work from the tables, so a bank is a list of fields, not a fork of code.
 *
 * Positions are 1-based and inclusive, as the FEBRABAN manual prints them. `num` fields are right-
 * aligned with zeros, `alfa` fields left-aligned with spaces (upper case, no accents).
 */

export type FieldKind = 'num' | 'alfa';

export interface Field {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly kind: FieldKind;
  /** The constant or default the writer puts when the record gives no value. */
  readonly value?: string;
}

export type RecordLayout = readonly Field[];

export const RECORD_LENGTH = 240;

function num(name: string, start: number, end: number, value?: string): Field {
  return value === undefined ? { name, start, end, kind: 'num' } : { name, start, end, kind: 'num', value };
}
function alfa(name: string, start: number, end: number, value?: string): Field {
  return value === undefined ? { name, start, end, kind: 'alfa' } : { name, start, end, kind: 'alfa', value };
}
/** A FEBRABAN reserved area ("Uso exclusivo FEBRABAN/CNAB"): blanks. */
function cnab(start: number, end: number): Field {
  return alfa(`cnab_${start}`, start, end);
}

/** The control fields every record starts with (G001–G003). */
const controle = (tipo: string, lote?: string): Field[] => [
  num('banco', 1, 3),
  num('lote', 4, 7, lote),
  num('tipo_registro', 8, 8, tipo),
];

/** The agreement's account as headers and segments P/T carry it (G008–G012). */
const conta = (start: number): Field[] => [
  num('agencia', start, start + 4),
  alfa('agencia_dv', start + 5, start + 5),
  num('conta', start + 6, start + 17),
  alfa('conta_dv', start + 18, start + 18),
  alfa('agencia_conta_dv', start + 19, start + 19),
];

/** Segment detail records (3): control, sequence in the lote, segment letter, movement code. */
const detalhe = (segmento: string): Field[] => [
  ...controle('3'),
  num('sequencial', 9, 13),
  alfa('segmento', 14, 14, segmento),
  cnab(15, 15),
  num('movimento', 16, 17),
];

export const headerArquivo: RecordLayout = [
  ...controle('0', '0000'),
  cnab(9, 17),
  num('tipo_inscricao', 18, 18, '2'),
  num('inscricao', 19, 32),
  alfa('convenio', 33, 52),
  ...conta(53),
  alfa('empresa_nome', 73, 102),
  alfa('banco_nome', 103, 132),
  cnab(133, 142),
  num('remessa_retorno', 143, 143),
  num('data_geracao', 144, 151),
  num('hora_geracao', 152, 157),
  num('nsa', 158, 163),
  num('versao_layout', 164, 166),
  num('densidade', 167, 171, '01600'),
  alfa('reservado_banco', 172, 191),
  alfa('reservado_empresa', 192, 211),
  cnab(212, 240),
];

export const headerLote: RecordLayout = [
  ...controle('1'),
  alfa('operacao', 9, 9),
  num('servico', 10, 11, '01'),
  cnab(12, 13),
  num('versao_layout', 14, 16),
  cnab(17, 17),
  num('tipo_inscricao', 18, 18, '2'),
  num('inscricao', 19, 33),
  alfa('convenio', 34, 53),
  ...conta(54),
  alfa('empresa_nome', 74, 103),
  alfa('mensagem_1', 104, 143),
  alfa('mensagem_2', 144, 183),
  num('numero_remessa', 184, 191),
  num('data_gravacao', 192, 199),
  num('data_credito', 200, 207),
  cnab(208, 240),
];

export const segmentoP: RecordLayout = [
  ...detalhe('P'),
  ...conta(18),
  alfa('nosso_numero', 38, 57),
  num('carteira', 58, 58, '1'),
  num('cadastramento', 59, 59, '1'),
  alfa('tipo_documento', 60, 60, '2'),
  num('emissao', 61, 61, '2'),
  alfa('distribuicao', 62, 62, '2'),
  alfa('numero_documento', 63, 77),
  num('vencimento', 78, 85),
  num('valor', 86, 100),
  num('agencia_cobradora', 101, 105),
  alfa('agencia_cobradora_dv', 106, 106),
  num('especie', 107, 108),
  alfa('aceite', 109, 109, 'N'),
  num('emissao_data', 110, 117),
  num('juros_codigo', 118, 118, '3'),
  num('juros_data', 119, 126),
  num('juros_valor', 127, 141),
  num('desconto_codigo', 142, 142, '0'),
  num('desconto_data', 143, 150),
  num('desconto_valor', 151, 165),
  num('iof', 166, 180),
  num('abatimento', 181, 195),
  alfa('uso_empresa', 196, 220),
  num('protesto_codigo', 221, 221, '3'),
  num('protesto_prazo', 222, 223),
  num('baixa_codigo', 224, 224, '1'),
  alfa('baixa_prazo', 225, 227, '060'),
  num('moeda', 228, 229, '09'),
  num('contrato', 230, 239),
  alfa('uso_livre_banco', 240, 240),
];

export const segmentoQ: RecordLayout = [
  ...detalhe('Q'),
  num('pagador_tipo', 18, 18),
  num('pagador_inscricao', 19, 33),
  alfa('pagador_nome', 34, 73),
  alfa('pagador_endereco', 74, 113),
  alfa('pagador_bairro', 114, 128),
  num('pagador_cep', 129, 133),
  num('pagador_cep_sufixo', 134, 136),
  alfa('pagador_cidade', 137, 151),
  alfa('pagador_uf', 152, 153),
  num('avalista_tipo', 154, 154),
  num('avalista_inscricao', 155, 169),
  alfa('avalista_nome', 170, 209),
  num('banco_correspondente', 210, 212),
  alfa('nosso_numero_correspondente', 213, 232),
  cnab(233, 240),
];

export const segmentoR: RecordLayout = [
  ...detalhe('R'),
  num('desconto2_codigo', 18, 18),
  num('desconto2_data', 19, 26),
  num('desconto2_valor', 27, 41),
  num('desconto3_codigo', 42, 42),
  num('desconto3_data', 43, 50),
  num('desconto3_valor', 51, 65),
  num('multa_codigo', 66, 66, '0'),
  num('multa_data', 67, 74),
  num('multa_valor', 75, 89),
  alfa('informacao_pagador', 90, 99),
  alfa('mensagem_3', 100, 139),
  alfa('mensagem_4', 140, 179),
  cnab(180, 199),
  num('ocorrencia_pagador', 200, 207),
  num('debito_banco', 208, 210),
  num('debito_agencia', 211, 215),
  alfa('debito_agencia_dv', 216, 216),
  num('debito_conta', 217, 228),
  alfa('debito_conta_dv', 229, 229),
  alfa('debito_agencia_conta_dv', 230, 230),
  num('aviso_debito', 231, 231),
  cnab(232, 240),
];

export const segmentoT: RecordLayout = [
  ...detalhe('T'),
  ...conta(18),
  alfa('nosso_numero', 38, 57),
  num('carteira', 58, 58),
  alfa('numero_documento', 59, 73),
  num('vencimento', 74, 81),
  num('valor', 82, 96),
  num('banco_cobrador', 97, 99),
  num('agencia_cobradora', 100, 104),
  alfa('agencia_cobradora_dv', 105, 105),
  alfa('uso_empresa', 106, 130),
  num('moeda', 131, 132),
  num('pagador_tipo', 133, 133),
  num('pagador_inscricao', 134, 148),
  alfa('pagador_nome', 149, 188),
  num('contrato', 189, 198),
  num('tarifa', 199, 213),
  alfa('motivos', 214, 223),
  cnab(224, 240),
];

export const segmentoU: RecordLayout = [
  ...detalhe('U'),
  num('acrescimos', 18, 32),
  num('desconto', 33, 47),
  num('abatimento', 48, 62),
  num('iof', 63, 77),
  num('valor_pago', 78, 92),
  num('valor_liquido', 93, 107),
  num('outras_despesas', 108, 122),
  num('outros_creditos', 123, 137),
  num('data_ocorrencia', 138, 145),
  num('data_credito', 146, 153),
  alfa('ocorrencia_pagador', 154, 157),
  num('ocorrencia_pagador_data', 158, 165),
  num('ocorrencia_pagador_valor', 166, 180),
  alfa('ocorrencia_pagador_complemento', 181, 210),
  num('banco_correspondente', 211, 213),
  alfa('nosso_numero_correspondente', 214, 233),
  cnab(234, 240),
];

export const trailerLote: RecordLayout = [
  ...controle('5'),
  cnab(9, 17),
  num('quantidade_registros', 18, 23),
  num('simples_quantidade', 24, 29),
  num('simples_valor', 30, 46),
  num('vinculada_quantidade', 47, 52),
  num('vinculada_valor', 53, 69),
  num('caucionada_quantidade', 70, 75),
  num('caucionada_valor', 76, 92),
  num('descontada_quantidade', 93, 98),
  num('descontada_valor', 99, 115),
  alfa('aviso_lancamento', 116, 123),
  cnab(124, 240),
];

export const trailerArquivo: RecordLayout = [
  ...controle('9', '9999'),
  cnab(9, 17),
  num('quantidade_lotes', 18, 23),
  num('quantidade_registros', 24, 29),
  num('quantidade_contas', 30, 35),
  cnab(36, 240),
];

export type RecordKey =
  'headerArquivo' | 'headerLote' | 'P' | 'Q' | 'R' | 'T' | 'U' | 'trailerLote' | 'trailerArquivo';

export const FEBRABAN_240: Readonly<Record<RecordKey, RecordLayout>> = {
  headerArquivo,
  headerLote,
  P: segmentoP,
  Q: segmentoQ,
  R: segmentoR,
  T: segmentoT,
  U: segmentoU,
  trailerLote,
  trailerArquivo,
};

/**
 * A bank's reading of some records: its fields replace the base fields they overlap (the convênio area
 * of the headers, the nosso número area of P and T). What the bank leaves alone stays FEBRABAN's.
 */
export function withOverrides(base: RecordLayout, patch: readonly Field[] | undefined): RecordLayout {
  if (!patch || patch.length === 0) return base;
  const overlaps = (a: Field, b: Field) => a.start <= b.end && b.start <= a.end;
  return [...base.filter((field) => !patch.some((p) => overlaps(field, p))), ...patch].sort(
    (a, b) => a.start - b.start,
  );
}

/** Where a layout leaves a gap or overlaps itself (empty when it covers 1–240 exactly once). */
export function layoutProblems(layout: RecordLayout): string[] {
  const problems: string[] = [];
  let next = 1;
  for (const field of [...layout].sort((a, b) => a.start - b.start)) {
    if (field.start !== next) problems.push(`${field.name} começa em ${field.start}, esperado ${next}`);
    if (field.end < field.start) problems.push(`${field.name} termina antes de começar`);
    if (
      field.value !== undefined &&
      field.value.length !== field.end - field.start + 1 &&
      field.kind === 'alfa'
    )
      problems.push(`${field.name}: valor padrão de tamanho errado`);
    next = field.end + 1;
  }
  if (next !== RECORD_LENGTH + 1) problems.push(`o registro termina em ${next - 1}, esperado 240`);
  return problems;
}
