/**
 * The school's matrícula pattern (Configurações → Escola): the number a student gets when the form or
 * an imported spreadsheet leaves it blank. Tokens: `{ano}` (the year the student enters, ADR 0074) and one
 * `{sequencial:N}` (the next free number, N digits at least); anything else is written as is.
 */
export const DEFAULT_MATRICULA_PATTERN = '{ano}{sequencial:4}';
export const MATRICULA_MAX_LENGTH = 30;

const TOKEN = /\{(ano|sequencial)(?::(\d))?\}/g;
const LITERAL = /^[\p{L}\p{N} ./_-]*$/u;

export interface MatriculaParts {
  prefix: string;
  suffix: string;
  width: number;
}

/** Why the pattern cannot be used (a Portuguese message), or null when it can. */
export function checkMatriculaPattern(pattern: string): string | null {
  const sequences = [...pattern.matchAll(TOKEN)].filter((match) => match[1] === 'sequencial');
  if (sequences.length !== 1)
    return 'O padrão precisa de exatamente um {sequencial:N}, ex.: {ano}{sequencial:4}';
  const width = Number(sequences[0]![2] ?? '1');
  if (width < 1 || width > 9) return 'Use {sequencial:N} com N de 1 a 9';
  const literal = pattern.replace(TOKEN, '');
  if (/[{}]/.test(literal)) return 'Use só {ano} e {sequencial:N} entre chaves';
  if (!LITERAL.test(literal))
    return 'Fora das chaves, use letras, números, espaço, ponto, barra, hífen ou sublinhado';
  if (
    pattern.replace(TOKEN, (token) => (token.startsWith('{ano') ? '0000' : '0'.repeat(width))).length >
    MATRICULA_MAX_LENGTH
  )
    return `O número gerado passaria de ${MATRICULA_MAX_LENGTH} caracteres`;
  return null;
}

/** The fixed text before and after the sequence once `{ano}` is the given year. */
export function matriculaParts(pattern: string, ano: number): MatriculaParts {
  const withYear = pattern.replace(/\{ano\}/g, String(ano));
  const match = /\{sequencial(?::(\d))?\}/.exec(withYear);
  if (!match) return { prefix: withYear, suffix: '', width: 1 };
  return {
    prefix: withYear.slice(0, match.index),
    suffix: withYear.slice(match.index + match[0].length),
    width: Number(match[1] ?? '1'),
  };
}

export function renderMatricula(parts: MatriculaParts, sequence: number): string {
  return `${parts.prefix}${String(sequence).padStart(parts.width, '0')}${parts.suffix}`;
}

/** The sequence a matrícula carries under these parts, or null when it is not one of theirs. */
export function sequenceOf(parts: MatriculaParts, matricula: string): number | null {
  if (!matricula.startsWith(parts.prefix) || !matricula.endsWith(parts.suffix)) return null;
  const middle = matricula.slice(parts.prefix.length, matricula.length - parts.suffix.length);
  return /^\d{1,12}$/.test(middle) ? Number(middle) : null;
}

/** How the pattern reads for a person: the first number it would give in `ano`. */
export function exampleMatricula(pattern: string, ano: number): string {
  return renderMatricula(matriculaParts(pattern, ano), 1);
}
