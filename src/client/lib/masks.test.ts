import { describe, expect, it } from 'vitest';
import { applyMask, caretAfter, significantCount } from './masks';

describe('caret after reformatting', () => {
  it('stays after the characters that were before it', () => {
    // Typing the 4th digit of a CPF: '123|' becomes '123.4|'.
    const typed = '1234';
    const masked = applyMask('cpf', typed);
    expect(masked).toBe('123.4');
    expect(caretAfter('cpf', masked, significantCount('cpf', typed))).toBe(5);
    // Editing in the middle of a phone: the caret after the DDD stays after the DDD.
    const phone = applyMask('phone', '11987654321');
    expect(caretAfter('phone', phone, significantCount('phone', '(11'))).toBe(3);
    expect(caretAfter('money', applyMask('money', '12345'), 4)).toBe(5);
    expect(caretAfter('cep', '01001-000', 0)).toBe(0);
  });

  it('turns a landline into a mobile when the 11th digit comes, and back when one is deleted', () => {
    expect(applyMask('phone', '(11) 3123-45678')).toBe('(11) 31234-5678');
    expect(applyMask('phone', '(11) 31234-567')).toBe('(11) 3123-4567');
  });
});
