import { describe, expect, it } from 'vitest';
import { updateSchoolSettingsInputSchema } from './settings.schemas.js';
import {
  MOBILE_MISSING_DIGIT,
  optionalPhoneSchema,
  PHONE_INVALID,
  requiredPhoneSchema,
} from './validators.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('phones', () => {
  it('takes a mobile with its 9th digit and a landline (10 digits, starting with 2 to 5)', () => {
    expect(requiredPhoneSchema.parse('(19) 98888-7777')).toBe('19988887777');
    expect(requiredPhoneSchema.parse('(11) 3123-4567')).toBe('1131234567');
    expect(requiredPhoneSchema.parse('(51) 5123-4567')).toBe('5151234567');
    expect(optionalPhoneSchema.parse('')).toBeNull();
  });

  it('refuses a mobile that lost a digit (10 digits starting with 6 to 9), saying so', () => {
    for (const typed of ['19 98888-777', '(11) 9123-4567', '21 8765-4321', '(31) 6123-4567']) {
      expect(messageOf(requiredPhoneSchema.safeParse(typed)), typed).toBe(MOBILE_MISSING_DIGIT);
      expect(messageOf(optionalPhoneSchema.safeParse(typed)), typed).toBe(MOBILE_MISSING_DIGIT);
    }
    expect(MOBILE_MISSING_DIGIT).toBe('Celular com DDD tem 11 dígitos: confira o número');
    expect(messageOf(requiredPhoneSchema.safeParse('9888-8777'))).toBe(PHONE_INVALID);
  });

  it("applies to the school's WhatsApp and phone too", () => {
    const school = (fields: Record<string, string>) =>
      updateSchoolSettingsInputSchema.safeParse({ nome: 'Colégio Ipê', ...fields });
    expect(messageOf(school({ whatsapp: '+55 19 98888-777' }))).toBe(MOBILE_MISSING_DIGIT);
    expect(messageOf(school({ telefone: '(19) 9888-8777' }))).toBe(MOBILE_MISSING_DIGIT);
    expect(school({ whatsapp: '+55 19 98888-7777', telefone: '(19) 3888-8777' }).success).toBe(true);
  });
});
