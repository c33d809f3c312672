import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, niveis, type Nivel } from '../shared/permissions.js';
import { buildApp } from './app.js';
import { createSession } from './features/auth/sessions.service.js';
import { createTestApp, createUserRow, testConfig, type TestApp } from './test/test-app.js';

/**
 * Walks every /api route as anonymous, guardian, teacher and admin and checks what each gets against
 * the matrix in src/shared/permissions.ts. New routes join automatically.
 */
let t: TestApp;
const cookies = new Map<Nivel, () => Promise<string>>();

beforeAll(async () => {
  t = await createTestApp();
  for (const nivel of niveis) {
    const user = await createUserRow(t.database, nivel);
    // A fresh session per request: some routes (logout, password change) end the one they run on.
    cookies.set(nivel, async () => {
      const session = await createSession(t.database.db, user.id, false, { ip: null, userAgent: null });
      return `sid=${session.token}`;
    });
  }
});
afterAll(() => t.close());

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => (/id$/i.test(name) ? randomUUID() : 'hero'));
}

describe('permission matrix', () => {
  it('has routes to walk', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(10);
  });

  it('answers each role as the matrix says, for every route', async () => {
    const mismatches: string[] = [];
    for (const route of t.app.routeAccess) {
      const url = concreteUrl(route.url);
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      for (const who of ['anonimo', ...niveis] as const) {
        const headers: Record<string, string> =
          who === 'anonimo' ? {} : { cookie: await cookies.get(who)!() };
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(hasBody ? { payload: {} } : {}),
        });
        const status = response.statusCode;
        const nivel = who === 'anonimo' ? undefined : who;
        const allowed = can(nivel, route.access);
        const expected = allowed ? 'not 401/403' : nivel ? '403' : '401';
        const ok = allowed ? status !== 401 && status !== 403 : status === (nivel ? 403 : 401);
        if (!ok || status >= 500)
          mismatches.push(`${route.method} ${route.url} as ${who}: ${status}, expected ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses to start when a route declares no permission', async () => {
    const app = await buildApp(testConfig(), { database: t.database, serveClient: false });
    const start = async () => {
      await app.register(async (plugin) => {
        plugin.get('/api/sem-permissao', async () => ({ ok: true }));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/não declara a permissão/);
  });
});
