import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from '../../../shared/users.schemas.js';
import { generatePassword, weakPasswordReason } from './passwords.js';

describe('generatePassword', () => {
  const passwords = Array.from({ length: 500 }, () => generatePassword());

  it('never uses characters mistaken for one another (0/O/o, 1/l/I) nor ABNT2 dead keys (^ ~ ´ `)', () => {
    for (const password of passwords) expect(password).not.toMatch(/[0Oo1lI^~´`'"¨]/);
    expect(GENERATED_PASSWORD_ALPHABET).not.toMatch(/[0Oo1lI^~´`'"¨]/);
  });

  it('keeps its strength: at least the 73.6 bits of 12 characters of 70, with every kind in each', () => {
    const bits = GENERATED_PASSWORD_LENGTH * Math.log2(new Set(GENERATED_PASSWORD_ALPHABET.split('')).size);
    expect(bits).toBeGreaterThanOrEqual(12 * Math.log2(70));
    for (const password of passwords) {
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      for (let index = 0; index < password.length; index++)
        expect(GENERATED_PASSWORD_ALPHABET).toContain(password.charAt(index));
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/[!@#-]/);
    }
  });

  it('gives passwords the policy accepts', () => {
    for (const password of passwords) expect(weakPasswordReason(password)).toBeNull();
  });
});
