import { describe, expect, it } from 'vitest';
import {
  GENERATED_PASSWORD_ALPHABET,
  GENERATED_PASSWORD_GROUP_LENGTH,
  GENERATED_PASSWORD_GROUPS,
  GENERATED_PASSWORD_LENGTH,
  GENERATED_PASSWORD_PATTERN,
} from '../../../shared/users.schemas.js';
import { generatePassword, weakPasswordReason } from './passwords.js';

describe('generatePassword', () => {
  const passwords = Array.from({ length: 500 }, () => generatePassword());

  it('never uses characters mistaken for one another (0/O/o, 1/l/I) nor ABNT2 dead keys (^ ~ ´ `)', () => {
    for (const password of passwords) expect(password).not.toMatch(/[0Oo1lI^~´`'"¨]/);
    expect(GENERATED_PASSWORD_ALPHABET).not.toMatch(/[0Oo1lI^~´`'"¨]/);
  });

  it('keeps its strength: at least the 73.6 bits of 12 characters of 70, every character drawn from all', () => {
    const drawn = GENERATED_PASSWORD_GROUPS * GENERATED_PASSWORD_GROUP_LENGTH;
    const bits = drawn * Math.log2(new Set(GENERATED_PASSWORD_ALPHABET.split('')).size);
    expect(bits).toBeGreaterThanOrEqual(12 * Math.log2(70));
    // 8,000 characters drawn: each of the 31 comes about 258 times; one never seen means a biased draw.
    const seen = new Set(passwords.join('').replaceAll('-', ''));
    expect(GENERATED_PASSWORD_ALPHABET.split('').filter((char) => !seen.has(char))).toEqual([]);
    expect(new Set(passwords).size).toBe(passwords.length);
    // The shared pattern's ranges are the alphabet, no more.
    const accepted = 'abcdefghijklmnopqrstuvwxyz0123456789'
      .split('')
      .filter((char) => GENERATED_PASSWORD_PATTERN.test(`${char}aaa-aaaa-aaaa-aaaa`));
    expect(accepted.join('')).toBe(GENERATED_PASSWORD_ALPHABET);
  });

  it('is easy to dictate: four groups of four lowercase letters and digits, nothing to shift to', () => {
    for (const password of passwords) {
      expect(password).toMatch(GENERATED_PASSWORD_PATTERN);
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
    }
  });

  it('gives passwords the policy accepts', () => {
    for (const password of passwords) expect(weakPasswordReason(password)).toBeNull();
  });
});
