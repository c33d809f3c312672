/**
 * Interleaved 2 of 5 (ITF), the barcode of the ficha de compensação (FEBRABAN): each pair of digits is
 * five bars (the first digit) interleaved with five spaces (the second); two of each five are wide.
 * Start pattern narrow bar, narrow space, narrow bar, narrow space; stop pattern wide bar, narrow space,
 * narrow bar. Wide is three times narrow (the FEBRABAN ratio 1:3).
 */

/** Wide (1) or narrow (0) for the five elements of each digit. */
const PATTERNS = [
  '00110',
  '10001',
  '01001',
  '11000',
  '00101',
  '10100',
  '01100',
  '00011',
  '10010',
  '01010',
] as const;

export const ITF_WIDE = 3;
/** The quiet zone each side, in narrow widths (FEBRABAN asks at least 10). */
export const ITF_QUIET = 10;

/** The widths (in narrow units) of the elements, bar first, alternating bar and space. */
export function itfWidths(digits: string): number[] {
  if (!/^\d*$/.test(digits) || digits.length % 2 !== 0)
    throw new RangeError('O ITF codifica um número par de dígitos.');
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])]!;
    const spaces = PATTERNS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) widths.push(bars[k] === '1' ? ITF_WIDE : 1, spaces[k] === '1' ? ITF_WIDE : 1);
  }
  widths.push(ITF_WIDE, 1, 1);
  return widths;
}

export interface Bar {
  /** From the left edge of the symbol (quiet zone included), in the unit given. */
  x: number;
  width: number;
}

/** The bars to draw for `digits`, with a narrow width of `narrow` and the quiet zones on both sides. */
export function itfBars(digits: string, narrow: number): { bars: Bar[]; width: number } {
  const bars: Bar[] = [];
  let x = ITF_QUIET * narrow;
  itfWidths(digits).forEach((units, index) => {
    if (index % 2 === 0) bars.push({ x, width: units * narrow });
    x += units * narrow;
  });
  return { bars, width: x + ITF_QUIET * narrow };
}
