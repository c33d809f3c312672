import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../app.js';
import { loginAs, signedIn, testConfig, TEST_PASSWORD, setupTestApp } from '../../test/test-app.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { sessions } from '../../db/schema/auth.js';
import { sha256 } from './sessions.service.js';
import { applyAuthChange, SessionCache, SESSION_CACHE_TTL_MS, type CachedSession } from './session-cache.js';

const entry = (userId: string, sessionId = `s-${userId}`): CachedSession =>
  ({
    session: { id: sessionId, userId, lastSeenAt: new Date() },
    user: { id: userId, status: 'ativo' },
  }) as unknown as CachedSession;

describe('SessionCache', () => {
  it('forgets an entry once its life is over, whatever else happens', () => {
    let now = 1_000;
    const cache = new SessionCache(() => now);
    cache.set('a', entry('u1'), cache.begin());
    now += SESSION_CACHE_TTL_MS - 1;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not store what was read before an invalidation (the read may predate the write)', () => {
    const cache = new SessionCache();
    const generation = cache.begin();
    cache.forgetUser('someone-else');
    cache.set('a', entry('u1'), generation);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', entry('u1'), cache.begin());
    expect(cache.get('a')).toBeDefined();
  });

  it('forgets by token, session, user and everything; stores nothing while suspended', () => {
    const cache = new SessionCache();
    cache.set('a', entry('u1', 's1'), cache.begin());
    cache.set('b', entry('u1', 's2'), cache.begin());
    cache.set('c', entry('u2', 's3'), cache.begin());
    applyAuthChange(cache, 'session:s3');
    expect(cache.get('c')).toBeUndefined();
    applyAuthChange(cache, 'user:u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    cache.set('d', entry('u3'), cache.begin());
    applyAuthChange(cache, '*');
    expect(cache.size).toBe(0);
    cache.suspend();
    cache.set('e', entry('u4'), cache.begin());
    expect(cache.get('e')).toBeUndefined();
    cache.resume();
    cache.set('e', entry('u4'), cache.begin());
    expect(cache.get('e')).toBeDefined();
  });

  it('keeps at most its bound, dropping the oldest', () => {
    const cache = new SessionCache(Date.now, SESSION_CACHE_TTL_MS, 2);
    cache.set('a', entry('u1'), cache.begin());
    cache.set('b', entry('u2'), cache.begin());
    cache.set('c', entry('u3'), cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });
});

describe('a revoked session is refused on the very next request', () => {
  const t = setupTestApp();

  const me = (cookie: string, app: App = t.app) =>
    app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  const as = (cookie: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** Signs the user in and makes sure the session is answered from the cache from now on. */
  async function cachedSession(user: UserRow): Promise<string> {
    const cookie = await loginAs(t.app, user.email);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    return cookie;
  }

  it('after logout', async () => {
    const { cookie } = await signedIn(t, 'professor');
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await as(cookie, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('after an administrator disables the user', async () => {
    const admin = await signedIn(t, 'administrador');
    const { user } = await signedIn(t, 'professor');
    const cookie = await cachedSession(user);
    const toggled = await as(admin.cookie, 'PATCH', `/api/users/${user.id}/toggle-status`);
    expect(toggled.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('after a password change: every other session ends, this browser gets a new one', async () => {
    const { user } = await signedIn(t, 'responsavel');
    const other = await cachedSession(user);
    const current = await cachedSession(user);
    const changed = await as(current, 'POST', '/api/auth/change-password', {
      senhaAtual: TEST_PASSWORD,
      novaSenha: 'Jabuticaba-Roxa-77',
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(401);
    const renewed = changed.cookies.find((item) => item.name === 'sid')!;
    expect((await me(`sid=${renewed.value}`)).statusCode).toBe(200);
  });

  it('after an administrator resets the password', async () => {
    const admin = await signedIn(t, 'administrador');
    const { user } = await signedIn(t, 'professor');
    const cookie = await cachedSession(user);
    // Resetting another user's password asks for the administrator's own (issue 10).
    const reset = await as(admin.cookie, 'POST', `/api/users/${user.id}/reset-password`, {
      senha_atual: TEST_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('after an administrator ends it in Configurações → Segurança, or ends all the others', async () => {
    const admin = await signedIn(t, 'administrador');
    const { user } = await signedIn(t, 'professor');
    const first = await cachedSession(user);
    const second = await cachedSession(user);
    const [row] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(first.slice('sid='.length))));
    const ended = await as(admin.cookie, 'DELETE', `/api/configuracoes/sessoes/${row!.id}`);
    expect(ended.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    expect((await as(admin.cookie, 'DELETE', '/api/configuracoes/sessoes')).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(admin.cookie)).statusCode).toBe(200);
  });

  it('shows a changed user at once: a new name, a new level', async () => {
    const admin = await signedIn(t, 'administrador');
    const { user } = await signedIn(t, 'professor');
    const cookie = await cachedSession(user);
    const updated = await as(admin.cookie, 'PUT', `/api/users/${user.id}`, {
      nome: 'Nome Novo da Silva',
      email: user.email,
      tipo: 'professor',
      version: user.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await me(cookie)).json()).toMatchObject({ data: { user: { nome: 'Nome Novo da Silva' } } });
  });

  it('after a change written straight to the database (the triggers notify the cache)', async () => {
    const { user } = await signedIn(t, 'professor');
    const cookie = await cachedSession(user);
    await t.database.db.update(users).set({ status: 'inativo' }).where(eq(users.id, user.id));
    await vi.waitFor(async () => expect((await me(cookie)).statusCode).toBe(401), { timeout: 10_000 });
  });

  it('on another instance sharing the database, once the notification arrives', async () => {
    const other = await buildApp(testConfig(), { database: t.database, serveClient: false });
    try {
      const { user } = await signedIn(t, 'professor');
      const cookie = await loginAs(t.app, user.email);
      expect((await me(cookie, other)).statusCode).toBe(200);
      expect((await me(cookie, other)).statusCode).toBe(200);
      expect((await as(cookie, 'POST', '/api/auth/logout')).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await me(cookie, other)).statusCode).toBe(401), {
        timeout: 10_000,
      });
    } finally {
      await other.close();
    }
  });
});
