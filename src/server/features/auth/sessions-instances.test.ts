import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.js';
import { sessions } from '../../db/schema/auth.js';
import {
  createUserRow,
  loginAs,
  setupSecondInstance,
  setupTestApp,
  signedIn,
  TEST_PASSWORD,
} from '../../test/test-app.js';
import { sha256 } from './sessions.service.js';

/**
 * Issue 38, ADR 0060: on PostgreSQL a cached session is confirmed by one small read (the session exists,
 * the user's auth_version is the cached one), so a change made through instance A is refused by
 * instance B on its very next request — B hears of it from nobody, there is no NOTIFY on this path.
 * Each case signs in, warms B's cache with two requests, changes something on A, and asks B once.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('two instances on one PostgreSQL: the very next request on B', () => {
  const t = setupTestApp();
  const b = setupSecondInstance(t, adminUrl!);

  const onA = (cookie: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const onB = (cookie: string, url = '/api/auth/me') =>
    b.app.inject({ method: 'GET', url, headers: { cookie } });

  /** Signs `email` in on A and has B answer it twice (the second from its cache). */
  async function warmOnB(email: string, password = TEST_PASSWORD): Promise<string> {
    const cookie = await loginAs(t.app, email, password);
    expect((await onB(cookie)).statusCode).toBe(200);
    expect((await onB(cookie)).statusCode).toBe(200);
    return cookie;
  }

  it('logout on A', async () => {
    const { user } = await signedIn(t, 'professor');
    const cookie = await warmOnB(user.email);
    expect((await onA(cookie, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await onB(cookie)).statusCode).toBe(401);
  });

  it("the session ended by an administrator in 'Sessões' on A", async () => {
    const admin = await signedIn(t, 'administrador');
    const user = await createUserRow(t.database, 'professor');
    const ended = await warmOnB(user.email);
    const kept = await warmOnB(user.email);
    const [row] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(ended.slice('sid='.length))));
    expect((await onA(admin.cookie, 'DELETE', `/api/configuracoes/sessoes/${row!.id}`)).statusCode).toBe(200);
    expect((await onB(ended)).statusCode).toBe(401);
    expect((await onB(kept)).statusCode).toBe(200);
  });

  it('the user deactivated on A', async () => {
    const admin = await signedIn(t, 'administrador');
    const user = await createUserRow(t.database, 'professor');
    const cookie = await warmOnB(user.email);
    expect((await onA(admin.cookie, 'PATCH', `/api/users/${user.id}/toggle-status`)).statusCode).toBe(200);
    expect((await onB(cookie)).statusCode).toBe(401);
  });

  it('the user deactivated straight in the database (the session row stays: only the version tells)', async () => {
    const user = await createUserRow(t.database, 'professor');
    const cookie = await warmOnB(user.email);
    await t.database.db.update(users).set({ status: 'suspenso' }).where(eq(users.id, user.id));
    expect((await onB(cookie)).statusCode).toBe(401);
  });

  it("the user's custom profile loses a permission on A → 403 on B; gains it back → 200", async () => {
    const admin = await signedIn(t, 'administrador');
    const created = await onA(admin.cookie, 'POST', '/api/perfis', {
      nome: 'Portaria',
      permissoes: ['dashboard.read', 'teachers.read'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const perfilId = created.json<{ data: { id: string } }>().data.id;
    const holder = await createUserRow(t.database, 'administrador');
    const granted = await onA(admin.cookie, 'PATCH', `/api/users/${holder.id}`, {
      perfis: [perfilId],
      senha_atual: TEST_PASSWORD,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const cookie = await warmOnB(holder.email);
    expect((await onB(cookie, '/api/professores')).statusCode).toBe(200);
    expect((await onB(cookie, '/api/professores')).statusCode).toBe(200);

    const lost = await onA(admin.cookie, 'PATCH', `/api/perfis/${perfilId}`, {
      permissoes: ['dashboard.read'],
    });
    expect(lost.statusCode, lost.body).toBe(200);
    expect((await onB(cookie, '/api/professores')).statusCode).toBe(403);

    await onA(admin.cookie, 'PATCH', `/api/perfis/${perfilId}`, {
      permissoes: ['dashboard.read', 'teachers.read'],
    });
    expect((await onB(cookie, '/api/professores')).statusCode).toBe(200);
  });

  it('a profile taken from the user on A → 403 on B', async () => {
    const admin = await signedIn(t, 'administrador');
    const holder = await createUserRow(t.database, 'administrador');
    const cookie = await warmOnB(holder.email);
    expect((await onB(cookie, '/api/professores')).statusCode).toBe(200);
    const apoio = await onA(admin.cookie, 'POST', '/api/perfis', {
      nome: 'Apoio',
      permissoes: ['dashboard.read'],
    });
    expect(apoio.statusCode, apoio.body).toBe(201);
    const onlyApoio = apoio.json<{ data: { id: string } }>().data.id;
    const changed = await onA(admin.cookie, 'PATCH', `/api/users/${holder.id}`, {
      perfis: [onlyApoio],
      senha_atual: TEST_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await onB(cookie, '/api/professores')).statusCode).toBe(403);
  });

  it('password changed on A: the other sessions get 401 on B', async () => {
    const { user } = await signedIn(t, 'responsavel');
    const other = await warmOnB(user.email);
    const current = await warmOnB(user.email);
    const changed = await onA(current, 'POST', '/api/auth/change-password', {
      senhaAtual: TEST_PASSWORD,
      novaSenha: 'Jabuticaba-Roxa-77',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await onB(other)).statusCode).toBe(401);
    expect((await onB(current)).statusCode).toBe(401);
    const renewed = changed.cookies.find((item) => item.name === 'sid')!;
    expect((await onB(`sid=${renewed.value}`)).statusCode).toBe(200);
  });

  it('a new name on A shows on B at once; a deleted user is refused', async () => {
    const user = await createUserRow(t.database, 'professor');
    const cookie = await warmOnB(user.email);
    await t.database.db.update(users).set({ nome: 'Nome Novo da Silva' }).where(eq(users.id, user.id));
    expect((await onB(cookie)).json()).toMatchObject({ data: { user: { nome: 'Nome Novo da Silva' } } });
    expect((await onB(cookie)).json()).toMatchObject({ data: { user: { nome: 'Nome Novo da Silva' } } });
    await t.database.db.delete(users).where(eq(users.id, user.id));
    expect((await onB(cookie)).statusCode).toBe(401);
  });
});

describe('the session cache is used', () => {
  const t = setupTestApp();
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  const touching = (query: string) => /"(sessions|users|user_perfis|perfis)"/.test(query);

  it('a cached session costs one confirmation read on PostgreSQL and no query on PGlite', async () => {
    const { cookie } = await signedIn(t, 'professor');
    expect((await me(cookie)).statusCode).toBe(200);
    const queries = (await t.queriesOf(async () => expect((await me(cookie)).statusCode).toBe(200))).filter(
      touching,
    );
    if (t.database.kind === 'pglite') {
      expect(queries).toEqual([]);
      return;
    }
    // One statement: the session by its primary key and its user's version — not the token lookup,
    // not the profiles.
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/"auth_version"/);
    expect(queries[0]).toMatch(/where "sessions"\."id" = any\(\$1::uuid\[\]\)/);
    expect(queries[0]).not.toMatch(/token_hash|user_perfis/);
  });

  it.runIf(adminUrl)(
    'requests read in the same turn are confirmed by one statement on PostgreSQL; a session ended before them is refused',
    async () => {
      const cookies: string[] = [];
      for (let i = 0; i < 12; i++) {
        const user = await createUserRow(t.database, 'professor');
        const cookie = await loginAs(t.app, user.email, TEST_PASSWORD);
        expect((await me(cookie)).statusCode).toBe(200);
        cookies.push(cookie);
      }
      // Ended behind the cache's back (another instance, an administrator): only the confirmation tells.
      await t.database.db
        .delete(sessions)
        .where(eq(sessions.tokenHash, sha256(cookies[5]!.slice('sid='.length))));
      let statuses: number[] = [];
      const queries = await t.queriesOf(async () => {
        statuses = (await Promise.all(cookies.map(me))).map((response) => response.statusCode);
      });
      expect(statuses).toEqual(cookies.map((_, index) => (index === 5 ? 401 : 200)));
      const confirmations = queries.filter((query) => query.includes('any($1::uuid[])'));
      expect(confirmations).toHaveLength(1);
      expect(queries.filter(touching)).toHaveLength(1);
    },
  );

  it('a changed user is read in full once, then cached again', async () => {
    const { user, cookie } = await signedIn(t, 'professor');
    expect((await me(cookie)).statusCode).toBe(200);
    await t.database.db.update(users).set({ telefone: '11999990000' }).where(eq(users.id, user.id));
    const full = (await t.queriesOf(() => me(cookie))).filter(touching);
    expect(full.some((query) => query.includes('"user_perfis"'))).toBe(true);
    const again = (await t.queriesOf(() => me(cookie))).filter(touching);
    expect(again.some((query) => query.includes('"user_perfis"'))).toBe(false);
  });
});
