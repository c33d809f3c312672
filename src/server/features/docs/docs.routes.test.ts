import { describe, expect, it } from 'vitest';
import { signedIn, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp({}, { keepData: true });

interface OpenApi {
  openapi: string;
  paths: Record<
    string,
    Record<string, { 'x-acesso'?: string; requestBody?: unknown; parameters?: unknown[] }>
  >;
}

describe('API description', () => {
  it('is for administrators only', async () => {
    for (const url of ['/api/docs', '/api/docs/openapi.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const nivel of ['professor', 'responsavel'] as const) {
        const { cookie } = await signedIn(t, nivel);
        expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(403);
      }
    }
  });

  it('describes every route from its own zod schemas', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApi>();
    expect(document.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const missing = t.app.routeAccess
      .filter((route) => !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url.replace(/(.)\/$/, '$1')}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    // Field constraints come through: the student form's limits and enums, the access of each route.
    const create = document.paths['/api/alunos']!.post!;
    expect(create['x-acesso']).toBe('students.write');
    expect(JSON.stringify(create.requestBody)).toContain('"maxLength":120');
    expect(JSON.stringify(create.requestBody)).toContain(
      '"enum":["pai","mae","avo","ava","tio","tia","outro"]',
    );
    expect(document.paths['/api/health']!.get!['x-acesso']).toBe('public');
  });

  it('has a readable page that runs no script and loads nothing from elsewhere', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const response = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('/api/alunos');
    expect(html).toContain('<details');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3)/);
  });
});
