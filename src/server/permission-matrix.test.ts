// PostgreSQL stage: skipped — who may call each route is decided by the app's access check, not by the database.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  builtInPerfilNivel,
  builtInPerfilPermissions,
  builtInPerfis,
  can,
  type BuiltInPerfil,
} from '../shared/permissions.js';
import { eq } from 'drizzle-orm';
import { perfis, userPerfis } from './db/schema/perfis.js';
import { ensureBuiltInPerfis } from './features/perfis/perfis.service.js';
import { buildApp } from './app.js';
import { createSession } from './features/auth/sessions.service.js';
import { currentUserSchema } from '../shared/auth.schemas.js';
import { userSchema } from '../shared/users.schemas.js';
import { ok } from './lib/http.js';
import { okResponse } from './lib/responses.js';
import { FILE_ROUTES } from './plugins/route-access.js';
import { createUserRow, testConfig, setupTestApp } from './test/test-app.js';

/**
 * Walks every /api route as anonymous and as a holder of each built-in profile (Direção, Secretaria,
 * Coordenação pedagógica, Financeiro, Professor, Responsável, ADR 0025; Aluno, ADR 0029) and checks what each gets
 * against the profiles in src/shared/permissions.ts. New routes join automatically.
 */
const t = setupTestApp({}, { keepData: true });

/**
 * Routes still answering without a response schema (docs/architecture.md, "Como adicionar uma rota").
 * The list only shrinks: a new route without a schema fails the walk, and a route that gains one must
 * leave this list (the next test checks both).
 */
const RESPONSE_SCHEMA_PENDING: readonly string[] = [];

/**
 * Routes open to every signed-in account that still refuse one kind of account (ADR 0029): a student's
 * own account never reaches the family's conversations with the school, not even the list.
 */
const REFUSED_BY_KIND: Partial<Record<BuiltInPerfil, readonly string[]>> = {
  aluno: [
    'GET /api/mensagens',
    'GET /api/mensagens/destinos',
    'GET /api/mensagens/:id',
    'POST /api/mensagens',
    'POST /api/mensagens/:id',
  ],
};
const cookies = new Map<BuiltInPerfil, () => Promise<string>>();

beforeAll(async () => {
  await ensureBuiltInPerfis(t.database.db);
  for (const chave of builtInPerfis) {
    const user = await createUserRow(t.database, builtInPerfilNivel[chave]);
    const [perfil] = await t.database.db.select().from(perfis).where(eq(perfis.chave, chave));
    await t.database.db.insert(userPerfis).values({ usuarioId: user.id, perfilId: perfil!.id });
    // A fresh session per request: some routes (logout, password change) end the one they run on.
    cookies.set(chave, async () => {
      const session = await createSession(t.database.db, user.id, false, { ip: null, userAgent: null });
      return `sid=${session.token}`;
    });
  }
});

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => (/id$/i.test(name) ? randomUUID() : 'hero'));
}

describe('permission matrix', () => {
  it('has routes to walk', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(10);
  });

  it('answers each profile as its permissions say, for every route', async () => {
    const mismatches: string[] = [];
    for (const route of t.app.routeAccess) {
      const url = concreteUrl(route.url);
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      for (const who of ['anonimo', ...builtInPerfis] as const) {
        const headers: Record<string, string> =
          who === 'anonimo' ? {} : { cookie: await cookies.get(who)!() };
        // A server-sent events route never ends: read its status, then drop the stream.
        const streaming = route.url.endsWith('/stream');
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(hasBody ? { payload: {} } : {}),
          ...(streaming ? { payloadAsStream: true } : {}),
        });
        if (streaming) response.stream().destroy();
        const status = response.statusCode;
        const granted = who === 'anonimo' ? undefined : builtInPerfilPermissions[who];
        const refused = who !== 'anonimo' && REFUSED_BY_KIND[who]?.includes(`${route.method} ${route.url}`);
        const allowed = can(granted, route.access) && !refused;
        const expected = allowed ? 'not 401/403' : granted ? '403' : '401';
        const ok = allowed ? status !== 401 && status !== 403 : status === (granted ? 403 : 401);
        if (!ok || status >= 500)
          mismatches.push(`${route.method} ${route.url} as ${who}: ${status}, expected ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('declares a response schema on every route but the named file routes', () => {
    const missing = t.app.routeAccess
      .map((route) => ({ name: `${route.method} ${route.url}`, hasSchema: route.hasResponseSchema }))
      .filter((route) => !route.hasSchema && !FILE_ROUTES.includes(route.name))
      .map((route) => route.name)
      .filter((name) => !RESPONSE_SCHEMA_PENDING.includes(name));
    expect(missing).toEqual([]);
  });

  it('keeps the file-route and pending lists true: each names an existing route without a schema', () => {
    const bare = new Set(
      t.app.routeAccess
        .filter((route) => !route.hasResponseSchema)
        .map((route) => `${route.method} ${route.url}`),
    );
    expect([...FILE_ROUTES, ...RESPONSE_SCHEMA_PENDING].filter((name) => !bare.has(name))).toEqual([]);
  });

  it('drops from an answer every field its contract lacks (a password hash)', async () => {
    const app = await buildApp(testConfig(), { database: t.database, serveClient: false });
    await app.register(async (plugin) => {
      plugin.get(
        '/api/teste-contrato',
        {
          schema: { response: okResponse(userSchema.pick({ id: true, nome: true })) },
          config: { access: 'public' },
        },
        async () => ok({ id: randomUUID(), nome: 'Ana', passwordHash: '$argon2id$v=19$segredo' }),
      );
    });
    const response = await app.inject({ method: 'GET', url: '/api/teste-contrato' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<{ data: object }>().data).sort()).toEqual(['id', 'nome']);
    expect(response.body).not.toContain('argon2');
    await app.close();
  });

  it('drops fields outside the contract on a real route: the signed-in user has no hash', async () => {
    const cookie = await cookies.get('direcao')!();
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const user = response.json<{ data: { user: Record<string, unknown> } }>().data.user;
    expect(Object.keys(user).sort()).toEqual(Object.keys(currentUserSchema.shape).sort());
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
