import { formatCount } from './format.js';
import type { TipoCobranca } from './mensalidades.schemas.js';

/**
 * Charges counted by kind: the months of tuition apart from the enrolment fees (ADR 0099, 0103). A box,
 * a sentence or a column that says "mensalidades" counts the months only; a fee is named as a fee.
 */
export interface ContagemCobrancas {
  mensalidades: number;
  taxas_matricula: number;
}

/** How many of `cobrancas` are tuition and how many are enrolment fees. */
export function contarCobrancas(cobrancas: readonly { tipo: TipoCobranca }[]): ContagemCobrancas {
  const taxas = cobrancas.filter((cobranca) => cobranca.tipo === 'taxa_matricula').length;
  return { mensalidades: cobrancas.length - taxas, taxas_matricula: taxas };
}

/**
 * The counts as words, each kind with its own agreement: '3 mensalidades vencidas', '1 taxa de
 * matrícula vencida', '2 mensalidades vencidas e 1 taxa de matrícula vencida' (`adjetivo` is the word
 * after each noun, singular and plural; none: '2 mensalidades e 1 taxa de matrícula'). With nothing of
 * either kind: '0 mensalidades' — the caller says "nothing" in its own words.
 */
export function formatContagemCobrancas(
  contagem: ContagemCobrancas,
  adjetivo?: { singular: string; plural: string },
): string {
  const contar = (count: number, singular: string, plural: string) =>
    adjetivo
      ? formatCount(count, `${singular} ${adjetivo.singular}`, `${plural} ${adjetivo.plural}`)
      : formatCount(count, singular, plural);
  const partes = [
    ...(contagem.mensalidades > 0 || contagem.taxas_matricula === 0
      ? [contar(contagem.mensalidades, 'mensalidade', 'mensalidades')]
      : []),
    ...(contagem.taxas_matricula > 0
      ? [contar(contagem.taxas_matricula, 'taxa de matrícula', 'taxas de matrícula')]
      : []),
  ];
  return partes.join(' e ');
}

/**
 * The kinds present, without the counts, for a title or a label that names what a list holds:
 * 'mensalidades', 'taxa de matrícula' (two: 'taxas de matrícula'), 'mensalidades e taxa de matrícula'.
 * Tuition keeps the plural of a heading ('Saída de Ana: mensalidades em aberto'); with nothing of either
 * kind: 'mensalidades'.
 */
export function tiposDeCobranca(contagem: ContagemCobrancas): string {
  const partes = [
    ...(contagem.mensalidades > 0 || contagem.taxas_matricula === 0 ? ['mensalidades'] : []),
    ...(contagem.taxas_matricula > 0
      ? [contagem.taxas_matricula === 1 ? 'taxa de matrícula' : 'taxas de matrícula']
      : []),
  ];
  return partes.join(' e ');
}
