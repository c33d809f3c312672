import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import {
  createUserRow,
  loginAs,
  requestsOf,
  sessionCookieOf,
  signedIn,
  TEST_PASSWORD,
  setupTestApp,
} from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { users } from '../../db/schema/users.js';
import { THROTTLE } from './throttle.service.js';
import { passwordMetrics, SENHA_PROVISORIA_DIAS, SENHA_PROVISORIA_EXPIRADA } from './passwords.js';
import { vi } from 'vitest';

const t = setupTestApp();
const { send } = requestsOf(() => t.app);

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });

describe('POST /api/auth/login', () => {
  it('signs in with a session cookie and no token in the body', async () => {
    const user = await createUserRow(t.database, 'professor');
    const response = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      data: { user: { email: user.email, nivel: 'professor', tipo: 'teacher', ativo: true } },
    });
    expect(JSON.stringify(body)).not.toMatch(/token|hash/i);
    const cookie = response.cookies.find((item) => item.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    // The session's absolute limit (12 hours without 'lembrar'): the portal's offline copy ends there.
    const limit = Date.parse(body.data.sessao_expira_em as string) - Date.now();
    expect(limit).toBeGreaterThan(11 * 3600_000);
    expect(limit).toBeLessThanOrEqual(12 * 3600_000);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.maxAge).toBeUndefined();
  });

  it('makes the cookie persistent with lembrar', async () => {
    const user = await createUserRow(t.database, 'responsavel');
    const response = await login({ email: user.email, password: TEST_PASSWORD, lembrar: true });
    expect(response.cookies.find((item) => item.name === 'sid')!.maxAge).toBe(30 * 24 * 3600);
    const cookie = `sid=${response.cookies.find((item) => item.name === 'sid')!.value}`;
    const me = (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json();
    // `/me` tells the same absolute limit as the sign-in (it never moves with use, unlike the idle one).
    expect(me.data.sessao_expira_em).toBe(response.json().data.sessao_expira_em);
    expect(Date.parse(me.data.sessao_expira_em as string) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it('answers every failure with the same 401 Credenciais inválidas and audits it', async () => {
    const user = await createUserRow(t.database, 'professor');
    const inactive = await createUserRow(t.database, 'professor', { status: 'inativo' });
    for (const payload of [
      { email: user.email, password: 'senha-errada' },
      { email: 'ninguem@escola.test', password: TEST_PASSWORD },
      { email: inactive.email, password: TEST_PASSWORD },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: 'Credenciais inválidas',
        code: 'UNAUTHENTICATED',
      });
    }
    const failures = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'login_falhou'));
    expect(failures).toHaveLength(3);
  });

  it('validates with the spec messages', async () => {
    const response = await login({ email: '', password: '123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'E-mail é obrigatório' },
        { path: 'password', message: 'Senha deve ter pelo menos 6 caracteres' },
      ]),
    );
    const invalid = await login({ email: 'nao-e-email', password: '123456' });
    expect(invalid.json().details).toEqual([{ path: 'email', message: 'E-mail inválido' }]);
  });

  it('throttles an account after a few failures, with Retry-After, without hashing', async () => {
    const user = await createUserRow(t.database, 'professor');
    for (let i = 0; i < THROTTLE.pairFreeFailures; i++) {
      expect((await login({ email: user.email, password: 'senha-errada' })).statusCode).toBe(401);
    }
    const before = passwordMetrics.verifications;
    const throttled = await login({ email: user.email, password: TEST_PASSWORD });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json().code).toBe('RATE_LIMITED');
    expect(passwordMetrics.verifications).toBe(before);
  });

  it('throttles an address only after many failures, and successes never count', async () => {
    const user = await createUserRow(t.database, 'professor');
    for (let i = 0; i < 30; i++) {
      expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    }
    // Failures spread over many accounts from one school address.
    for (let i = 0; i < THROTTLE.ipMaxFailures; i++) {
      await login({ email: `aluno${i}@escola.test`, password: 'senha-errada' });
    }
    const blocked = await login({ email: user.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('/me answers the current user; logout revokes the session on the server', async () => {
    const user = await createUserRow(t.database, 'administrador');
    const cookie = await loginAs(t.app, user.email);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json().data.user).toMatchObject({
      id: user.id,
      nivel: 'administrador',
      tipo: 'admin',
      primeiro_login: false,
    });
    expect(me.headers['cache-control']).toBe('no-store');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('disabling a user ends their open sessions at once', async () => {
    const admin = await createUserRow(t.database, 'administrador');
    const teacher = await createUserRow(t.database, 'professor');
    const adminCookie = await loginAs(t.app, admin.email);
    const teacherCookie = await loginAs(t.app, teacher.email);
    const toggled = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${teacher.id}/toggle-status`,
      headers: { cookie: adminCookie },
    });
    expect(toggled.json().data.status).toBe('inativo');
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: teacherCookie } })).statusCode).toBe(
      401,
    );
  });

  it('changing the password ends the other sessions and keeps this one', async () => {
    const user = await createUserRow(t.database, 'professor');
    const other = await loginAs(t.app, user.email);
    const mine = await loginAs(t.app, user.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: mine },
      payload: { senhaAtual: TEST_PASSWORD, novaSenha: 'Jabuticaba-Madura-9' },
    });
    expect(response.statusCode).toBe(200);
    const rotated = sessionCookieOf(response);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: mine } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: rotated } })).statusCode).toBe(200);
    expect((await login({ email: user.email, password: 'Jabuticaba-Madura-9' })).statusCode).toBe(200);
  });

  it('first login: only me, logout and change-password are reachable until the password changes', async () => {
    const user = await createUserRow(t.database, 'administrador', { primeiroLogin: true });
    const cookie = await loginAs(t.app, user.email);
    expect((await t.app.inject({ url: '/api/users', headers: { cookie } })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().data.user.primeiro_login,
    ).toBe(true);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { senhaAtual: TEST_PASSWORD, novaSenha: 'Cajueiro-Florido-31' },
    });
    expect(changed.json().data.user.primeiro_login).toBe(false);
    expect(
      (await t.app.inject({ url: '/api/users', headers: { cookie: sessionCookieOf(changed) } })).statusCode,
    ).toBe(200);
  });
});

describe('a provisional password (security review, ADR 0102)', () => {
  it('signs in for a few days only; after that it is refused with what to do, and a changed password has no end', async () => {
    const expired = await createUserRow(t.database, 'responsavel', {
      primeiroLogin: true,
      senhaProvisoriaExpiraEm: new Date(Date.now() - 60_000),
    });
    const refused = await login({ email: expired.email, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SENHA_PROVISORIA_EXPIRADA);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, expired.id));
    expect(audit).toMatchObject({ action: 'login_falhou', details: { motivo: 'senha_provisoria_expirada' } });
    // A wrong password still reads as any wrong password (the expiry says nothing to a guesser).
    const wrong = await login({ email: expired.email, password: 'Outra-Senha-Qualquer-7' });
    expect(wrong.json().message).toBe('Credenciais inválidas');

    const fresh = await createUserRow(t.database, 'responsavel', {
      primeiroLogin: true,
      senhaProvisoriaExpiraEm: new Date(Date.now() + 60_000),
    });
    const cookie = await loginAs(t.app, fresh.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { senhaAtual: TEST_PASSWORD, novaSenha: 'Cajueiro-Florido-31' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, fresh.id));
    expect(row!.senhaProvisoriaExpiraEm).toBeNull();
  });

  it('a new account and an administrator’s reset get SENHA_PROVISORIA_DIAS days', async () => {
    const admin = await signedIn(t, 'administrador');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin.cookie },
      payload: { nome: 'Paula Prado', email: 'paula.prado@familia.test', tipo: 'responsavel' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'paula.prado@familia.test'));
    const days = (row!.senhaProvisoriaExpiraEm!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(SENHA_PROVISORIA_DIAS - 0.01);
    expect(days).toBeLessThanOrEqual(SENHA_PROVISORIA_DIAS);
    const mail = t.mailer.sent.find((one) => one.to === 'paula.prado@familia.test');
    expect(mail?.text).toContain(`A senha provisória vale ${String(SENHA_PROVISORIA_DIAS)} dias`);
  });

  it('made before ADR 0102, lasts seven days from the upgrade; an administrator’s and a changed one, no end (ADR 0105)', async () => {
    const legacy = await createUserRow(t.database, 'responsavel', { primeiroLogin: true });
    const student = await createUserRow(t.database, 'aluno', { primeiroLogin: true });
    const firstAdmin = await createUserRow(t.database, 'administrador', { primeiroLogin: true });
    const own = await createUserRow(t.database, 'professor', { primeiroLogin: false });
    const migration = readFileSync(
      new URL('../../db/migrations/0069_senha-provisoria-legada.sql', import.meta.url),
      'utf8',
    );
    await t.database.db.execute(sql.raw(migration));
    const expiry = async (id: string) =>
      (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.senhaProvisoriaExpiraEm;
    for (const user of [legacy, student]) {
      const days = ((await expiry(user.id))!.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(SENHA_PROVISORIA_DIAS - 0.01);
      expect(days).toBeLessThanOrEqual(SENHA_PROVISORIA_DIAS);
    }
    expect(await expiry(firstAdmin.id)).toBeNull();
    expect(await expiry(own.id)).toBeNull();
  });
});

describe('the first administrator’s name (issue 29: comunicados signed "De: Administrador")', () => {
  it('is asked with the first sign-in’s password change, and only then', async () => {
    const user = await createUserRow(t.database, 'administrador', {
      primeiroLogin: true,
      nome: 'Administrador',
    });
    const cookie = await loginAs(t.app, user.email);
    const change = (payload: object, session = cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie: session },
        payload,
      });
    const generic = await change({
      senhaAtual: TEST_PASSWORD,
      novaSenha: 'Cajueiro-Florido-31',
      nome: 'administrador',
    });
    expect(generic.statusCode).toBe(400);
    expect(generic.json().details).toEqual([expect.objectContaining({ path: 'nome' })]);

    const changed = await change({
      senhaAtual: TEST_PASSWORD,
      novaSenha: 'Cajueiro-Florido-31',
      nome: ' Marta Ribeiro ',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.user).toMatchObject({ nome: 'Marta Ribeiro', primeiro_login: false });
    const session = sessionCookieOf(changed);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: session } });
    expect(me.json().data.user.nome).toBe('Marta Ribeiro');

    // Afterwards the password screen changes the password only.
    const later = await change(
      { senhaAtual: 'Cajueiro-Florido-31', novaSenha: 'Jabuticaba-Madura-93', nome: 'Outra Pessoa' },
      session,
    );
    expect(later.statusCode, later.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.nome).toBe('Marta Ribeiro');
  });
});

describe('a family’s name at the first sign-in', () => {
  it('stays the one the school registered: a guardian cannot rename the account (it could read "Secretaria")', async () => {
    const user = await createUserRow(t.database, 'responsavel', {
      primeiroLogin: true,
      nome: 'Juliana Freitas',
    });
    const cookie = await loginAs(t.app, user.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { senhaAtual: TEST_PASSWORD, novaSenha: 'Cajueiro-Florido-31', nome: 'Secretaria da Escola' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.user).toMatchObject({ nome: 'Juliana Freitas', primeiro_login: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.nome).toBe('Juliana Freitas');
  });
});

describe('password rules', () => {
  it.each(['12345678', 'senha123', 'brasil2024', 'Senha123!', 'aaaaaaaaaa', 'curta'])(
    'refuses the weak password %s with a 400 message',
    async (novaSenha) => {
      const user = await createUserRow(t.database, 'professor');
      const cookie = await loginAs(t.app, user.email);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie },
        payload: { senhaAtual: TEST_PASSWORD, novaSenha },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/senha/i);
    },
  );

  it('refuses a password containing the user name', async () => {
    const user = await createUserRow(t.database, 'professor', { nome: 'Mariana Albuquerque' });
    const cookie = await loginAs(t.app, user.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { senhaAtual: TEST_PASSWORD, novaSenha: 'albuquerque-2026' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('stores argon2id hashes', async () => {
    const user = await createUserRow(t.database, 'professor');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown e-mails, and mails a single-use link', async () => {
    const user = await createUserRow(t.database, 'responsavel');
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'x@escola.test' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await t.app.ctx.jobs.drain();
    expect(t.mailer.sent).toHaveLength(1);
    const token = /token=([\w-]+)/.exec(t.mailer.last()!.text)![1]!;
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, novaSenha: 'Pitanga-Vermelha-55' },
      });
    expect((await reset()).statusCode).toBe(200);
    expect((await login({ email: user.email, password: 'Pitanga-Vermelha-55' })).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(400);
  });

  it('a link mailed before the password or the e-mail changed sets nothing (the old mailbox is shut out)', async () => {
    const admin = await signedIn(t, 'administrador');
    const linkFor = async (email: string) => {
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      await t.app.ctx.jobs.drain();
      return /token=([\w-]+)/.exec(t.mailer.last()!.text)![1]!;
    };
    const resetWith = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, novaSenha: 'Intruso-Com-Link-Velho-31' },
      });

    // The owner changes the password while signed in, after someone asked for a link.
    const owner = await signedIn(t, 'responsavel');
    const afterChange = await linkFor(owner.user.email);
    const changed = await send('POST', '/api/auth/change-password', owner.cookie, {
      senhaAtual: TEST_PASSWORD,
      novaSenha: 'Dona-Da-Conta-Troca-48',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await resetWith(afterChange)).statusCode).toBe(400);

    // The school resets it.
    const afterAdminReset = await linkFor(owner.user.email);
    const reset = await send('POST', `/api/users/${owner.user.id}/reset-password`, admin.cookie, {
      senha_atual: TEST_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await resetWith(afterAdminReset)).statusCode).toBe(400);

    // The school moves the account to a new e-mail: the link mailed to the old one no longer works.
    const moved = await signedIn(t, 'professor');
    const afterMove = await linkFor(moved.user.email);
    const updated = await send('PUT', `/api/users/${moved.user.id}`, admin.cookie, {
      nome: moved.user.nome,
      email: 'novo.endereco@escola.test',
      tipo: 'professor',
      version: moved.user.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await resetWith(afterMove)).statusCode).toBe(400);
    expect((await login({ email: 'novo.endereco@escola.test', password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired link', async () => {
    const user = await createUserRow(t.database, 'responsavel');
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    await t.app.ctx.jobs.drain();
    const token = /token=([\w-]+)/.exec(t.mailer.last()!.text)![1]!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, novaSenha: 'Pitanga-Vermelha-55' },
      });
      expect(response.statusCode).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });
});
