import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itfBars } from './itf.js';
import { decodeItf } from './itf.test-support.js';

describe('ITF 2 of 5 interleaved', () => {
  it('draws a barcode that decodes back to its 44 digits, with quiet zones', () => {
    const barcode = '00196490000002952950000007777777000008765418';
    const { bars, width } = itfBars(barcode, 0.75);
    expect(decodeItf(bars)).toBe(barcode);
    expect(bars[0]!.x).toBe(7.5);
    const last = bars.at(-1)!;
    expect(width - (last.x + last.width)).toBe(7.5);
    // 4 start + 44 × 5 data + 2 stop bars.
    expect(bars).toHaveLength(2 + 110 + 2);
  });

  it('decodes any even run of digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(\d\d){1,30}$/), (digits) => {
        expect(decodeItf(itfBars(digits, 1).bars)).toBe(digits);
      }),
    );
  });

  it('refuses an odd number of digits', () => {
    expect(() => itfBars('123', 1)).toThrow(RangeError);
  });
});
