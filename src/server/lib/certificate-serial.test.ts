import { describe, expect, it } from 'vitest';
import { certificateSerial } from './certificate-serial.js';

describe('certificateSerial', () => {
  it('is positive and in its fewest bytes every time (no leading 00, first bit clear)', () => {
    for (let index = 0; index < 5_000; index++) {
      const serial = certificateSerial(12);
      expect(serial).toMatch(/^[4-7][0-9a-f]{23}$/);
    }
  });
});
