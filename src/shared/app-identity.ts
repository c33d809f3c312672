/**
 * The school's name as the installed portal shows it under its icon (issue 35 §1, ADR 0052): the
 * server's manifest (`short_name`) and the portal's iOS title (`apple-mobile-web-app-title`) alike.
 */

const SHORT_NAME_MAX = 12;
/** Words a school's name starts with that say nothing on a phone's home screen under the icon. */
const GENERIC_WORDS = new Set([
  'escola',
  'colégio',
  'colegio',
  'centro',
  'educacional',
  'instituto',
  'municipal',
  'estadual',
  'de',
  'da',
  'do',
  'das',
  'dos',
  'e',
]);
const SMALL_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e']);
/**
 * The name under the icon (at most 12 characters, what a home screen shows whole): the school's name
 * when it fits, else its words after the generic ones ('Colégio', 'Escola', 'de'…) while they fit,
 * else its initials.
 */
export function shortNameOf(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length <= SHORT_NAME_MAX) return trimmed;
  const words = trimmed.split(' ');
  const firstProper = words.findIndex((word) => !GENERIC_WORDS.has(word.toLowerCase()));
  let short = '';
  for (const word of firstProper < 0 ? [] : words.slice(firstProper)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    short = next;
  }
  return short.length >= 3 ? short : initialsOf(trimmed, 4);
}

/** The school's initials ('Sistema Escolar' → 'SE'), for the icon when there is no logo. */
export function initialsOf(name: string, max = 2): string {
  const letters = name
    .split(/\s+/)
    .filter((word) => word && !SMALL_WORDS.has(word.toLowerCase()))
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase('pt-BR'))
    .filter((letter) => /\p{L}|\p{N}/u.test(letter));
  return letters.slice(0, max).join('') || 'E';
}
