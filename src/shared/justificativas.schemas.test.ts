import { describe, expect, it } from 'vitest';
import { abonoInputSchema } from './attendance.schemas.js';
import {
  firstJustifiableDay,
  justificativaFormSchema,
  justificativaInputSchema,
  tooLateToJustify,
} from './justificativas.schemas.js';

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

describe('the family’s reason for an absence', () => {
  const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it('needs at least 5 characters, the minimum of the coordenação’s abono it may become', () => {
    const short = 'Dor ';
    expect(messagesOf(justificativaFormSchema.safeParse({ motivo: short }))).toEqual([
      'Explique o motivo da falta (ao menos 5 caracteres)',
    ]);
    expect(messagesOf(justificativaFormSchema.safeParse({}))).toEqual([
      'Explique o motivo da falta (ao menos 5 caracteres)',
    ]);
    expect(abonoInputSchema.safeParse({ motivo: short }).success).toBe(false);
    expect(justificativaFormSchema.safeParse({ motivo: 'Gripe' }).success).toBe(true);
    expect(abonoInputSchema.safeParse({ motivo: 'Gripe' }).success).toBe(true);
    expect(
      justificativaInputSchema.safeParse({
        aluno_id: '00000000-0000-4000-8000-000000000001',
        data: '2026-03-16',
        motivo: 'Gripe',
      }).success,
    ).toBe(true);
  });
});
