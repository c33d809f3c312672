import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-setup';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues.map((issue) => issue.message);
};

describe('zod messages without a schema message of their own: plain Brazilian Portuguese', () => {
  it('names a missing field and a wrong value, not the validator types', () => {
    expect(messageOf(z.object({ nome: z.string() }), {})).toEqual(['Campo obrigatório']);
    expect(messageOf(z.object({ itens: z.array(z.string()) }), { itens: 3 })).toEqual(['Valor inválido']);
  });

  it('sizes in characters, items and values', () => {
    expect(messageOf(z.string().min(1), '')).toEqual(['Campo obrigatório']);
    expect(messageOf(z.string().min(5), 'abc')).toEqual(['Ao menos 5 caracteres']);
    expect(messageOf(z.string().max(1), 'abc')).toEqual(['No máximo 1 caractere']);
    expect(messageOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toEqual(['No máximo 2 itens']);
    expect(messageOf(z.number().int().min(2000), 1999)).toEqual(['O valor mínimo é 2000']);
    expect(messageOf(z.number().max(12), 99)).toEqual(['O valor máximo é 12']);
  });

  it('formats, options and unknown fields', () => {
    expect(messageOf(z.email(), 'x@')).toEqual(['E-mail inválido']);
    expect(messageOf(z.enum(['a', 'b']), 'c')).toEqual(['Opção inválida']);
    expect(messageOf(z.strictObject({}), { extra: 1 })).toEqual(['Campo não permitido: extra']);
  });

  it('never in European Portuguese, and a schema message still wins', () => {
    expect(messageOf(z.number().min(2000), 1)).not.toContain('Demasiado');
    expect(messageOf(z.string().min(3, 'Nome curto'), 'a')).toEqual(['Nome curto']);
  });
});
