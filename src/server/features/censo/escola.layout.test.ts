import { describe, expect, it } from 'vitest';
import type { Campo } from './layout.js';
import { layoutDoAno } from './layouts/index.js';
import { r00 } from './layouts/2024/r00.js';
import { r10 } from './layouts/2024/r10.js';

/** Records 00 and 10 of the 2024 layout against INEP's numbering (i-Educar's Registro00/10.php). */
describe.each([
  ['00', r00, 56],
  ['10', r10, 186],
] as const)('record %s of the 2024 layout', (tipo, campos: readonly Campo[], total) => {
  it(`has INEP's ${String(total)} fields numbered 1..${String(total)} in order, the first the record type`, () => {
    expect(campos.map((campo) => campo.n)).toEqual(Array.from({ length: total }, (_, index) => index + 1));
    expect(campos[0]).toMatchObject({ formato: 'fixo', valor: tipo });
    expect(layoutDoAno(2024)?.registros[tipo]).toBe(campos);
  });

  it('has unique keys, a list for every code field and a size for every text and number', () => {
    expect(new Set(campos.map((campo) => campo.chave)).size).toBe(campos.length);
    for (const campo of campos) {
      if (campo.formato === 'codigo') expect(campo.codigos?.length, campo.chave).toBeGreaterThan(0);
      if (campo.formato === 'texto' || campo.formato === 'numero')
        expect(campo.tamanho, campo.chave).toBeGreaterThan(0);
    }
  });

  it('makes a field depend only on a field of the same record', () => {
    const chaves = new Set(campos.map((campo) => campo.chave));
    for (const campo of campos) {
      const condicao =
        campo.somenteQuando ?? (typeof campo.obrigatorio === 'object' ? campo.obrigatorio : null);
      if (condicao) expect(chaves.has(condicao.quando), `${campo.chave} → ${condicao.quando}`).toBe(true);
    }
  });
});

describe('record 10 for the screen', () => {
  it('puts every item after the school code in a group, and only indicators are exclusive', () => {
    for (const campo of r10.slice(2)) expect(campo.grupo, campo.chave).toBeTruthy();
    const exclusivos = r10.filter((campo) => campo.exclusivo);
    expect(exclusivos.every((campo) => campo.formato === 'indicador')).toBe(true);
    expect(exclusivos.map((campo) => campo.n)).toEqual([
      23, 27, 31, 40, 79, 89, 100, 113, 119, 138, 156, 169, 178, 186,
    ]);
  });

  it('keeps one exclusive item per conjunto', () => {
    const porConjunto = new Map<string, number>();
    for (const campo of r10.filter((item) => item.exclusivo)) {
      const chave = `${campo.grupo ?? ''}|${campo.conjunto ?? ''}`;
      porConjunto.set(chave, (porConjunto.get(chave) ?? 0) + 1);
    }
    expect([...porConjunto.values()].every((count) => count === 1)).toBe(true);
  });
});
