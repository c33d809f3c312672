import type { Bar } from './itf.js';

const PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];

/**
 * A scanner's reading, written apart from the encoder: from the bars' positions alone, measure each bar
 * and each gap, classify them as narrow or wide by the threshold halfway, check the start and stop
 * patterns and read the digits in pairs.
 */
export function decodeItf(bars: Bar[]): string {
  const elements: number[] = [];
  bars.forEach((bar, i) => {
    elements.push(bar.width);
    const next = bars[i + 1];
    if (next) elements.push(next.x - (bar.x + bar.width));
  });
  const narrow = Math.min(...elements);
  const wide = elements.map((w) => (w > narrow * 2 ? '1' : '0')).join('');
  if (!wide.startsWith('0000') || !wide.endsWith('100')) throw new Error('start/stop inválidos');
  const body = wide.slice(4, -3);
  if (body.length % 10 !== 0) throw new Error('comprimento inválido');
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const chunk = body.slice(i, i + 10);
    const bars5 = [0, 2, 4, 6, 8].map((k) => chunk[k]).join('');
    const spaces5 = [1, 3, 5, 7, 9].map((k) => chunk[k]).join('');
    const a = PATTERNS.indexOf(bars5);
    const b = PATTERNS.indexOf(spaces5);
    if (a < 0 || b < 0) throw new Error('padrão inválido');
    digits += `${String(a)}${String(b)}`;
  }
  return digits;
}
