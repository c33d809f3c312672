import { describe, expect, it } from 'vitest';
import { firstJustifiableDay, tooLateToJustify } from './justificativas.schemas.js';

describe("the portal's 30 days to justify an absence (the server's rule and the family's form)", () => {
  it('takes an absence up to 30 days back, and says why not the day before', () => {
    expect(firstJustifiableDay('2026-11-30')).toBe('2026-10-31');
    expect(tooLateToJustify('2026-10-31', '2026-11-30')).toBeNull();
    expect(tooLateToJustify('2026-11-30', '2026-11-30')).toBeNull();
    expect(tooLateToJustify('2026-10-30', '2026-11-30')).toBe(
      'A falta de 30/10/2026 tem mais de 30 dias: a justificativa pelo portal vale até 30 dias depois da falta. Fale com a secretaria da escola.',
    );
  });
});
