// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { siblingNames } from './child-switcher';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const of = (...nomes: string[]) => nomes.map((nome, index) => ({ id: String(index), nome }));

describe('telling siblings apart: siblingNames', () => {
  it('siblings who share the surname and the first letter get letters of their own', () => {
    const [a, b] = of('Lucas Freitas', 'Luiza Freitas');
    expect(siblingNames(a!, [a!, b!])).toEqual({ nome: 'Lucas', iniciais: 'Luc' });
    expect(siblingNames(b!, [a!, b!])).toEqual({ nome: 'Luiza', iniciais: 'Lui' });
    // A second name tells them apart first; a shared first name shows both names.
    const [c, d] = of('Ana Clara Souza', 'Ana Beatriz Souza');
    expect(siblingNames(c!, [c!, d!])).toEqual({ nome: 'Ana Clara', iniciais: 'AC' });
    expect(siblingNames(d!, [c!, d!])).toEqual({ nome: 'Ana Beatriz', iniciais: 'AB' });
    // Unlike initials (and an only child) keep the first and last names'.
    const [e, f] = of('Ana Souza', 'Beto Souza');
    expect(siblingNames(e!, [e!, f!]).iniciais).toBe('AS');
    expect(siblingNames(e!, [e!]).iniciais).toBe('AS');
    // Three: only the two alike change.
    const [g, h, i] = of('Lucas Freitas', 'Luiza Freitas', 'Ana Freitas');
    expect([g!, h!, i!].map((child) => siblingNames(child, [g!, h!, i!]).iniciais)).toEqual([
      'Luc',
      'Lui',
      'AF',
    ]);
  });
});
