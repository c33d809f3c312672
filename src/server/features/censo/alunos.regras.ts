/**
 * The checks of a student's census data that the layout cannot express (issue 37, part 2): each a pure
 * function, so the pending list and the tests use the same rule.
 */

/**
 * The new-model birth certificate's matrícula (CNJ Provimento 3/2009): 30 digits and two check digits,
 * each the remainder modulo 11 of the digits before it weighted 2,3,…,10,0,1,… (the first) and
 * 1,2,…,10,0,1,… (the second), a remainder of 10 giving 1. Positions 11–14 are the year of the record,
 * which cannot be before the birth year nor after this year (INEP's check as i-Educar runs it).
 */
export function certidaoProblema(certidao: string, dataNascimento: string, hoje: string): string | null {
  if (!/^\d{32}$/.test(certidao)) return 'A certidão de nascimento (modelo novo) tem 32 dígitos.';
  const digitos = Array.from({ length: 32 }, (_, i) => certidao.charCodeAt(i) - 48);
  const dv = (ate: number, primeiroPeso: number) => {
    let soma = 0;
    for (let i = 0; i < ate; i++) soma += digitos[i]! * ((i + primeiroPeso) % 11);
    const resto = soma % 11;
    return resto === 10 ? 1 : resto;
  };
  if (dv(30, 2) !== digitos[30] || dv(31, 1) !== digitos[31])
    return 'Os dígitos verificadores da certidão de nascimento não conferem: confira o número na certidão.';
  const ano = certidao.slice(10, 14);
  if (ano < dataNascimento.slice(0, 4) || ano > hoje.slice(0, 4))
    return 'O ano do registro na certidão (posições 11 a 14) é anterior ao nascimento ou posterior a este ano.';
  return null;
}

/** Full years of age on `data`. */
export function idadeEm(dataNascimento: string, data: string): number {
  const anos = Number(data.slice(0, 4)) - Number(dataNascimento.slice(0, 4));
  return data.slice(5) < dataNascimento.slice(5) ? anos - 1 : anos;
}

/**
 * The ages (full years on the reference date) a student of each etapa can have. Not INEP's table (none
 * is published in the sources at hand, and i-Educar checks only a birth date after the reference date):
 * the product's own bounds of what is impossible — the etapa's age by law (creche 0–3, pré-escola 4–5,
 * 1º ano 6, … 3ª série 17) with two years of leeway below, and an upper bound only for educação
 * infantil (no child older than 6 in it); an older student in fundamental or médio is late, not
 * impossible.
 */
const IDADES: Record<string, readonly [minima: number, maxima: number | null]> = {
  '1': [0, 5],
  '2': [2, 7],
  '3': [0, 7],
  '14': [4, null],
  '15': [5, null],
  '16': [6, null],
  '17': [7, null],
  '18': [8, null],
  '19': [9, null],
  '20': [10, null],
  '21': [11, null],
  '41': [12, null],
  '25': [13, null],
  '26': [14, null],
  '27': [15, null],
  '28': [16, null],
};

/** Why a birth date is impossible for the class's etapa on the reference date, or null. */
export function nascimentoProblema(
  dataNascimento: string,
  etapa: string | null,
  dataReferencia: string,
): string | null {
  if (dataNascimento > dataReferencia)
    return 'A data de nascimento é posterior à data de referência do Censo.';
  const limites = etapa ? IDADES[etapa] : undefined;
  if (!limites) return null;
  const idade = idadeEm(dataNascimento, dataReferencia);
  const [minima, maxima] = limites;
  if (idade < minima || (maxima !== null && idade > maxima))
    return `Idade de ${idade === 1 ? '1 ano' : `${String(idade)} anos`} na data de referência: impossível para a etapa da turma (de ${String(minima)}${maxima === null ? ' anos em diante' : ` a ${String(maxima)} anos`}). Confira a data de nascimento ou a turma.`;
  return null;
}
