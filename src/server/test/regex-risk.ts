/**
 * A reader of regular expressions for the shapes that backtrack catastrophically (issue 29: one notice's
 * link pattern stalled the whole server). It is a heuristic, not a proof: it flags the shapes behind
 * almost every real case, and a flagged pattern is either rewritten or listed with the reason its input
 * is small (src/server/regex-safety.test.ts).
 *
 * - nested: an unbounded quantifier over a group that itself repeats a variable number of times,
 *   `(a+)+`, `(\d{3})+` is fine (fixed count);
 * - alternation: an unbounded quantifier over alternatives that can start with the same character,
 *   `(a|ab)*`;
 * - overlap: two unbounded quantifiers in a row that can take the same characters, with nothing between
 *   them that only one of them could take, `\s+(.*)$`, `[^\s]+\.[^\s]+$`, `(.*?)\s*<`;
 * - unanchored: a pattern without `^` that starts with an unbounded quantifier and can then fail, so every
 *   starting position scans the rest again, `[^@]+@x`, `0+$`, and a lookahead that repeats at every
 *   position, `\B(?=(\d{3})+(?!\d))`.
 */

type Atom =
  | { kind: 'set'; source: string }
  | { kind: 'group'; alternatives: Term[][]; look: 'ahead' | 'behind' | null }
  | { kind: 'assert'; source: string }
  | { kind: 'backref' };
interface Term {
  atom: Atom;
  min: number;
  max: number;
}

const INFINITE = Number.POSITIVE_INFINITY;

/** Characters that stand for the classes a pattern can name (ASCII and a few beyond it). */
const SAMPLES: string[] = [
  ...Array.from({ length: 0x7f - 0x09 }, (_, index) => String.fromCharCode(0x09 + index)),
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u3000',
  'é',
  'Ç',
  'ß',
  '•',
  'Ω',
  '\u0301',
];

function parse(source: string): Term[][] {
  let index = 0;
  const escapeEnd = (at: number): number => {
    // `at` is on the backslash; returns the index after the escape.
    const next = source[at + 1];
    if (next === 'u' && source[at + 2] === '{') return source.indexOf('}', at) + 1;
    if (next === 'u') return at + 6;
    if (next === 'x') return at + 4;
    if (next === 'c') return at + 3;
    if ((next === 'p' || next === 'P') && source[at + 2] === '{') return source.indexOf('}', at) + 1;
    if (next === 'k' && source[at + 2] === '<') return source.indexOf('>', at) + 1;
    return at + 2;
  };
  const alternatives = (): Term[][] => {
    const result: Term[][] = [[]];
    while (index < source.length) {
      const char = source[index]!;
      if (char === ')') break;
      if (char === '|') {
        result.push([]);
        index++;
        continue;
      }
      let atom: Atom;
      const start = index;
      if (char === '(') {
        let look: 'ahead' | 'behind' | null = null;
        let isAssertion = false;
        if (source.startsWith('(?:', index)) index += 3;
        else if (source.startsWith('(?=', index) || source.startsWith('(?!', index)) {
          look = 'ahead';
          isAssertion = true;
          index += 3;
        } else if (source.startsWith('(?<=', index) || source.startsWith('(?<!', index)) {
          look = 'behind';
          isAssertion = true;
          index += 4;
        } else if (source.startsWith('(?<', index)) index = source.indexOf('>', index) + 1;
        else index += 1;
        const inner = alternatives();
        index++; // ')'
        atom = { kind: 'group', alternatives: inner, look };
        if (isAssertion) {
          result[result.length - 1]!.push({ atom, min: 1, max: 1 });
          continue;
        }
      } else if (char === '[') {
        index++;
        if (source[index] === '^') index++;
        if (source[index] === ']') index++;
        while (index < source.length && source[index] !== ']')
          index = source[index] === '\\' ? escapeEnd(index) : index + 1;
        index++;
        atom = { kind: 'set', source: source.slice(start, index) };
      } else if (char === '\\') {
        index = escapeEnd(index);
        const escape = source.slice(start, index);
        if (escape === '\\b' || escape === '\\B') atom = { kind: 'assert', source: escape };
        else if (/^\\(?:[1-9]|k<)/.test(escape)) atom = { kind: 'backref' };
        else atom = { kind: 'set', source: escape };
      } else if (char === '^' || char === '$') {
        index++;
        atom = { kind: 'assert', source: char };
      } else {
        const code = source.codePointAt(index)!;
        index += code > 0xffff ? 2 : 1;
        atom = { kind: 'set', source: source.slice(start, index) };
      }
      let min = 1;
      let max = 1;
      const quantifier = /^(?:\*|\+|\?|\{(\d+)(,(\d*))?\})\??/.exec(source.slice(index, index + 20));
      if (quantifier && atom.kind !== 'assert') {
        const mark = quantifier[0][0];
        if (mark === '*') [min, max] = [0, INFINITE];
        else if (mark === '+') [min, max] = [1, INFINITE];
        else if (mark === '?') [min, max] = [0, 1];
        else {
          min = Number(quantifier[1]);
          max = quantifier[2] === undefined ? min : quantifier[3] ? Number(quantifier[3]) : INFINITE;
        }
        index += quantifier[0].length;
      }
      result[result.length - 1]!.push({ atom, min, max });
    }
    return result;
  };
  const top = alternatives();
  if (index < source.length) throw new Error(`parêntese sobrando em /${source}/`);
  return top;
}

/** A group of one term of one alternative, read as that term (`(.*)` is `.*`). */
function unwrap(term: Term): Term {
  let current = term;
  while (
    current.atom.kind === 'group' &&
    current.atom.look === null &&
    current.atom.alternatives.length === 1 &&
    current.atom.alternatives[0]!.length === 1
  ) {
    const inner = current.atom.alternatives[0]![0]!;
    if (!(current.min === 1 && current.max === 1) && !(inner.min === 1 && inner.max === 1)) break;
    current = { atom: inner.atom, min: current.min * inner.min, max: current.max * inner.max };
  }
  return current;
}

function sampleSet(source: string, flags: string): Set<string> {
  const single = new RegExp(`^(?:${source})$`, flags.replace(/[gy]/g, ''));
  return new Set(SAMPLES.filter((sample) => single.test(sample)));
}

const intersect = (a: Set<string>, b: Set<string>) => new Set([...a].filter((item) => b.has(item)));

function hasVariableQuantifier(alternatives: Term[][]): boolean {
  return alternatives.some((sequence) =>
    sequence.some(
      (term) =>
        term.min !== term.max ||
        (term.atom.kind === 'group' && hasVariableQuantifier(term.atom.alternatives)),
    ),
  );
}

function firstSet(sequence: Term[], flags: string): Set<string> | null {
  for (const raw of sequence) {
    const term = unwrap(raw);
    if (term.atom.kind === 'assert') continue;
    if (term.atom.kind !== 'set') return null;
    return sampleSet(term.atom.source, flags);
  }
  return null;
}

export interface RegexRisk {
  rule: 'nested' | 'alternation' | 'overlap' | 'unanchored';
  detail: string;
}

/** The backtracking shapes of one pattern (empty: none found). */
export function regexRisks(source: string, flags = ''): RegexRisk[] {
  const risks: RegexRisk[] = [];
  const top = parse(source);
  const visit = (sequence: Term[]) => {
    const terms = sequence.map(unwrap);
    for (const [position, term] of terms.entries()) {
      if (term.atom.kind === 'group') term.atom.alternatives.forEach(visit);
      if (term.max !== INFINITE) continue;
      if (term.atom.kind === 'group' && hasVariableQuantifier(term.atom.alternatives))
        risks.push({ rule: 'nested', detail: 'quantificador ilimitado sobre um grupo que também repete' });
      if (term.atom.kind === 'group' && term.atom.alternatives.length > 1) {
        const starts = term.atom.alternatives.map((alternative) => firstSet(alternative, flags));
        const overlapping = starts.some((a, i) =>
          starts.some((b, j) => j > i && (a === null || b === null || intersect(a, b).size > 0)),
        );
        if (overlapping)
          risks.push({ rule: 'alternation', detail: 'alternativas que começam igual sob um quantificador' });
      }
      if (term.atom.kind !== 'set') continue;
      let common = sampleSet(term.atom.source, flags);
      for (const next of terms.slice(position + 1)) {
        if (next.atom.kind === 'assert') continue;
        if (next.atom.kind !== 'set') break;
        const set = sampleSet(next.atom.source, flags);
        if (next.max === INFINITE && intersect(common, set).size > 0) {
          risks.push({
            rule: 'overlap',
            detail: `${term.atom.source} e ${next.atom.source} repetem os mesmos caracteres`,
          });
          break;
        }
        if (next.min === 0) continue;
        common = intersect(common, set);
        if (common.size === 0) break;
      }
    }
  };
  top.forEach(visit);
  if (!flags.includes('y')) {
    for (const sequence of top) {
      const terms = sequence.map(unwrap);
      const firstIndex = terms.findIndex(
        (term) =>
          !(term.atom.kind === 'assert' && (term.atom.source === '\\b' || term.atom.source === '\\B')),
      );
      const first = terms[firstIndex];
      if (!first) continue;
      if (first.atom.kind === 'assert' && first.atom.source === '^') continue;
      // A leading lookbehind is how a pattern says where a match may start (reviewed where it is used).
      if (first.atom.kind === 'group' && first.atom.look === 'behind') continue;
      if (first.atom.kind === 'group' && first.atom.look === 'ahead') {
        if (hasVariableQuantifier(first.atom.alternatives))
          risks.push({ rule: 'unanchored', detail: 'lookahead com repetição testado em cada posição' });
        continue;
      }
      const rest = terms.slice(firstIndex + 1);
      if (first.max === INFINITE && rest.some((term) => term.min > 0))
        risks.push({
          rule: 'unanchored',
          detail: 'sem ^, começa com uma repetição que pode falhar depois: cada posição varre o resto',
        });
    }
  }
  return risks;
}
