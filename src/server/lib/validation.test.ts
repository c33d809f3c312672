import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTERS_MESSAGE,
  SINGLE_LINE_MESSAGE,
  findControlCharacters,
} from '../../shared/validators.js';
import { validStudentBody } from '../test/records-fixtures.js';
import { MAX_NESTING, NESTING_MESSAGE, nestedDeeperThan } from './validation.js';
import { signedIn, setupTestApp } from '../test/test-app.js';

const t = setupTestApp();

describe('control characters', () => {
  it('finds them in any string of a value, keys included, but not tab or line breaks', () => {
    expect(
      findControlCharacters({ a: 'ok\n\tok\r', b: ['x', 'y\u0000'], c: { 'k\u001b': 1 }, d: 5 }),
    ).toEqual([
      ['b', 1],
      ['c', 'k\u001b'],
    ]);
    expect(findControlCharacters('\u007f')).toEqual([[]]);
    expect(findControlCharacters('\u0085')).toEqual([[]]);
    expect(findControlCharacters('acentuação, emoji 😀, aspas “”')).toEqual([]);
  });

  it('a NUL byte in a JSON string is a 400 with the field path, not a 500', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const student = await t.app.inject({
      method: 'POST',
      url: '/api/alunos',
      headers: { cookie },
      payload: validStudentBody({ nome: 'Ana\u0000Clara' }),
    });
    expect(student.statusCode).toBe(400);
    expect(student.json()).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message: CONTROL_CHARACTERS_MESSAGE,
      details: [{ path: 'nome', message: CONTROL_CHARACTERS_MESSAGE }],
    });

    // A route whose body is free-form JSON (stored as jsonb, which refuses \u0000 as well).
    const content = await t.app.inject({
      method: 'PUT',
      url: '/api/content/hero',
      headers: { cookie },
      payload: { titulo: 'Bem-vindos\u0000', outro: { 'chave\u0000': 1 } },
    });
    expect(content.statusCode).toBe(400);
    expect(content.json().details.map((detail: { path: string }) => detail.path)).toEqual([
      'titulo',
      'outro.chave\u0000',
    ]);

    // Query strings and path segments too; escape codes as well as NUL.
    const query = await t.app.inject({ method: 'GET', url: '/api/alunos?q=a%00b', headers: { cookie } });
    expect(query.statusCode).toBe(400);
    expect(query.json().details).toEqual([{ path: 'q', message: CONTROL_CHARACTERS_MESSAGE }]);
    const escape = await t.app.inject({ method: 'GET', url: '/api/alunos?q=%1B%5B31m', headers: { cookie } });
    expect(escape.statusCode).toBe(400);
    const path = await t.app.inject({
      method: 'GET',
      url: '/api/content/hero%00/history',
      headers: { cookie },
    });
    expect(path.statusCode).toBe(400);
  });

  // Attacker's review (2026-12-07): JSON may escape half of a surrogate pair ("\ud800"), which is no
  // character at all. The text column took it, the audit's jsonb refused it (22P02) and the answer was a
  // 500; a browser's form never sends one.
  it('a lone surrogate is a 400 with the field path, not a 500; a real emoji still passes', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    expect(findControlCharacters({ a: 'ok \ud800', b: 'x\udfffy', c: '😀' })).toEqual([['a'], ['b']]);
    const send = (categoria: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/financeiro/transacoes',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({
          descricao: 'Conta de luz',
          categoria,
          valor: 100,
          tipo: 'despesa',
          data: '2026-06-16',
          status: 'pago',
        }),
      });
    for (const categoria of ['Energia \ud800', 'Energia \udfff']) {
      const refused = await send(categoria);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([{ path: 'categoria', message: CONTROL_CHARACTERS_MESSAGE }]);
    }
    expect((await send('Energia ⚡😀')).statusCode).toBe(201);
    const query = await t.app.inject({ method: 'GET', url: '/api/alunos?q=%ED%A0%80', headers: { cookie } });
    expect(query.statusCode).toBeLessThan(500);
  });

  it('keeps tabs and line breaks in multi-line fields and refuses them in one-line fields', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const multiLine = await t.app.inject({
      method: 'POST',
      url: '/api/alunos',
      headers: { cookie },
      payload: validStudentBody({ observacoes: 'Alergia a amendoim.\n\tUsa óculos.' }),
    });
    expect(multiLine.statusCode).toBe(201);
    expect(multiLine.json().data.aluno.observacoes).toBe('Alergia a amendoim.\n\tUsa óculos.');

    const oneLine = await t.app.inject({
      method: 'POST',
      url: '/api/alunos',
      headers: { cookie },
      payload: validStudentBody({ nome: 'Ana\nClara', endereco: 'Rua A,\tnº 1' }),
    });
    expect(oneLine.statusCode).toBe(400);
    expect(oneLine.json().details).toEqual(
      expect.arrayContaining([
        { path: 'nome', message: SINGLE_LINE_MESSAGE },
        { path: 'endereco', message: SINGLE_LINE_MESSAGE },
      ]),
    );
  });

  it('deeply nested JSON is a 400, not a 500 from a stack overflow, signed in or not', async () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(nestedDeeperThan(JSON.parse(deep(MAX_NESTING)), MAX_NESTING)).toBe(false);
    expect(nestedDeeperThan(JSON.parse(deep(MAX_NESTING + 1)), MAX_NESTING)).toBe(true);
    expect(nestedDeeperThan({ a: [{ b: 'x' }] }, 3)).toBe(false);

    const { cookie } = await signedIn(t, 'administrador');
    for (const [url, headers] of [
      ['/api/auth/login', {}],
      ['/api/notificacoes/lidas', { cookie }],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: deep(50_000),
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        success: false,
        code: 'VALIDATION',
        message: NESTING_MESSAGE,
      });
    }
  });
});
