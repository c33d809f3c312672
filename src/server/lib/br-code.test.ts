import { describe, expect, it } from 'vitest';
import { brCodeText } from './br-code.js';

describe('brCodeText', () => {
  it('writes a name as a BR Code carries it: no accents nor symbols, one space, upper case, cut at the limit', () => {
    expect(brCodeText('  Colégio  São José & Cia. (Unidade 2)  ', 99)).toBe(
      'COLEGIO SAO JOSE CIA. UNIDADE 2',
    );
    expect(brCodeText('Escola Girassol de Educação Infantil', 25)).toBe('ESCOLA GIRASSOL DE EDUCAC');
    expect(brCodeText('★ ☆', 25)).toBe('');
  });
});
