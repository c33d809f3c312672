/**
 * The input masks of the Brazilian fields (our own small module; docs/decisions/0010 says why not a
 * library). The masked text is what a form holds; the shared zod schemas strip it to what the server
 * stores (CPF, phone and CEP digits, CNPJ as 00.000.000/0000-00, money in centavos).
 *
 * A mask keeps the 'significant' characters of whatever was typed or pasted — formatted or not — and
 * lays them into its pattern, so typing, pasting over a selection and browser autofill all end the same.
 */
export type MaskKind = 'cpf' | 'cnpj' | 'phone' | 'cep' | 'money';

/** In a pattern, '0' takes a digit and 'X' a digit or a letter; anything else is written as is. */
type Pattern = string;

const patterns = {
  cpf: '000.000.000-00',
  // From July 2026 the first twelve characters of a CNPJ may be letters (IN RFB 2.229/2024); the two
  // check digits stay digits. Letters are kept in capitals, as the Receita prints them.
  cnpj: 'XX.XXX.XXX/XXXX-00',
  cep: '00000-000',
  landline: '(00) 0000-0000',
  mobile: '(00) 00000-0000',
} satisfies Record<string, Pattern>;

const isDigit = (char: string) => char >= '0' && char <= '9';
const isAlphanumeric = (char: string) => isDigit(char) || (char >= 'A' && char <= 'Z');

/** The characters of `text` that fill the pattern's slots, in order (what is neither is dropped). */
function slotsOf(text: string, pattern: Pattern): string[] {
  const slots = Array.from(pattern).filter((char) => char === '0' || char === 'X');
  const kept: string[] = [];
  for (const char of text.toUpperCase()) {
    const slot = slots[kept.length];
    if (slot === undefined) break;
    if (slot === '0' ? isDigit(char) : isAlphanumeric(char)) kept.push(char);
  }
  return kept;
}

/** Lays the characters into the pattern, stopping where they run out (no dangling '-' or ')'). */
function layOut(chars: string[], pattern: Pattern): string {
  let out = '';
  let next = 0;
  for (const char of pattern) {
    if (next >= chars.length) break;
    if (char === '0' || char === 'X') out += chars[next++] ?? '';
    else out += char;
  }
  return out;
}

function patternFor(kind: Exclude<MaskKind, 'money'>, text: string): Pattern {
  if (kind !== 'phone') return patterns[kind];
  // Landlines have 8 digits after the DDD, mobiles 9: the pattern follows the count of digits.
  return text.replace(/\D/g, '').length > 10 ? patterns.mobile : patterns.landline;
}

/**
 * Reais as a Brazilian writes them: digits with '.' every three and at most one ',' with two decimals.
 * '.' is the thousands separator, so only ',' starts the centavos ('1.234,56'; '850' stays 850).
 */
function formatMoney(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d,]/g, '').split(',');
  const digits = whole.replace(/^0+(?=\d)/, '').slice(0, 10);
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return rest.length > 0 ? `${grouped || '0'},${rest.join('').slice(0, 2)}` : grouped;
}

/** The text as the mask shows it: '12345678909' → '123.456.789-09'. */
export function applyMask(kind: MaskKind, text: string): string {
  if (kind === 'money') return formatMoney(text);
  const pattern = patternFor(kind, text);
  return layOut(slotsOf(text, pattern), pattern);
}

/** How many characters of `text` the mask keeps (to put the caret back after reformatting). */
export function significantCount(kind: MaskKind, text: string): number {
  if (kind === 'money') return text.replace(/[^\d,]/g, '').length;
  return slotsOf(text, patternFor(kind, text)).length;
}

/** Where the caret goes in `masked` so that `count` significant characters stand before it. */
export function caretAfter(kind: MaskKind, masked: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < masked.length; index++) {
    const char = masked[index]!;
    const significant = kind === 'money' ? isDigit(char) || char === ',' : isAlphanumeric(char.toUpperCase());
    if (significant && ++seen === count) return index + 1;
  }
  return masked.length;
}

export const maskPlaceholders: Record<MaskKind, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  phone: '(11) 91234-5678',
  cep: '00000-000',
  money: '0,00',
};

export const maskInputModes: Record<MaskKind, 'numeric' | 'decimal' | 'tel' | 'text'> = {
  cpf: 'numeric',
  cnpj: 'text',
  phone: 'tel',
  cep: 'numeric',
  money: 'decimal',
};
