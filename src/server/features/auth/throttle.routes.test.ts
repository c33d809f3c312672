import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createUserRow, signedIn, TEST_PASSWORD, setupTestApp } from '../../test/test-app.js';
import { clock } from '../../lib/clock.js';
import { auditLog } from '../../db/schema/audit.js';
import { getSchoolIdentity } from '../settings/school-identity.js';
import { passwordMetrics } from './passwords.js';
import { THROTTLE } from './throttle.service.js';

/** Issue 10, findings 1, 2 and 10: the password-attempt throttle (ADR 0007). */
const t = setupTestApp();
afterEach(() => clock.unpin());

function login(email: string, password: string, options: { ip?: string; cookie?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

function cookieOf(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((item) => item.name === name);
  if (!cookie) throw new Error(`sem cookie ${name} (status ${response.statusCode})`);
  return `${name}=${cookie.value}`;
}

function statuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

describe('attempts are counted before the password is checked (finding 1)', () => {
  it('of 40 parallel wrong passwords at most the free ones reach argon2; the rest get 429', async () => {
    const user = await createUserRow(t.database, 'administrador');
    const before = passwordMetrics.verifications;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(user.email, `errada-${i}`)),
    );
    const hashed = passwordMetrics.verifications - before;
    expect(hashed).toBeLessThanOrEqual(THROTTLE.pairFreeFailures);
    expect(statuses(responses)).toEqual({ 401: hashed, 429: 40 - hashed });
    for (const response of responses.filter((item) => item.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    }
    // And the right password, right after the burst, is refused too.
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('per address: of 130 parallel wrong passwords on different accounts at most 100 reach argon2', async () => {
    const before = passwordMetrics.verifications;
    const responses = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        login(`aluno${i}@escola.test`, 'senha-errada', { ip: '10.9.8.7' }),
      ),
    );
    const hashed = passwordMetrics.verifications - before;
    expect(hashed).toBeLessThanOrEqual(THROTTLE.ipMaxFailures);
    expect(statuses(responses)[429]).toBe(130 - hashed);
    // Another address is not affected.
    const user = await createUserRow(t.database, 'professor');
    expect((await login(user.email, TEST_PASSWORD, { ip: '10.9.8.8' })).statusCode).toBe(200);
  });

  it('a success clears the account counter and gives the address its slot back', async () => {
    const user = await createUserRow(t.database, 'professor');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < THROTTLE.pairFreeFailures - 1; i++) {
        expect((await login(user.email, 'senha-errada')).statusCode).toBe(401);
      }
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    }
  });
});

describe('every password re-check is under the same counter (finding 2)', () => {
  const changePassword = (cookie: string, senhaAtual: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { senhaAtual, novaSenha: 'Jabuticaba-Madura-9' },
    });

  it('wrong current passwords on change-password are throttled like logins, without hashing', async () => {
    const { user, cookie } = await signedIn(t, 'professor');
    for (let i = 0; i < THROTTLE.pairFreeFailures; i++) {
      const response = await changePassword(cookie, `errada-${i}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ path: 'senhaAtual', message: 'Senha atual incorreta' }]);
    }
    const before = passwordMetrics.verifications;
    const throttled = await changePassword(cookie, TEST_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(passwordMetrics.verifications).toBe(before);
    // The same counter: a login from this browser is refused as well.
    expect((await login(user.email, TEST_PASSWORD, { cookie })).statusCode).toBe(429);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'confirmacao_senha_falhou'));
    expect(audited).toHaveLength(THROTTLE.pairFreeFailures);
  });

  it('backup, download, restore and wipe re-checks count against the same account counter', async () => {
    const { user, cookie } = await signedIn(t, 'administrador');
    // The wipe checks the typed school name first: it gets the right one, so the password is checked.
    const { nome } = await getSchoolIdentity(t.database.db);
    const wrong = [
      { url: '/api/configuracoes/backup', payload: { senha: 'errada-1' } },
      {
        url: '/api/configuracoes/backups/diario-2026-01-01T03-00-00Z.json/download',
        payload: { senha: 'errada-2' },
      },
      {
        url: '/api/configuracoes/backups/diario-2026-01-01T03-00-00Z.json/restore',
        payload: { senha: 'errada-3' },
      },
      { url: '/api/configuracoes/limpar', payload: { confirmacao: nome, senha: 'errada-4' } },
      { url: '/api/auth/change-password', payload: { senhaAtual: 'errada-5', novaSenha: 'Jabuticaba-9x' } },
    ];
    for (const request of wrong) {
      const response = await t.app.inject({ method: 'POST', headers: { cookie }, ...request });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().message, request.url).toMatch(/^Senha (atual )?incorreta/);
    }
    const before = passwordMetrics.verifications;
    const backup = await t.app.inject({
      method: 'POST',
      url: '/api/configuracoes/backup',
      headers: { cookie },
      payload: { senha: TEST_PASSWORD },
    });
    expect(backup.statusCode).toBe(429);
    expect(passwordMetrics.verifications).toBe(before);
    expect((await login(user.email, TEST_PASSWORD, { cookie })).statusCode).toBe(429);
  });

  it('of 20 parallel wrong re-checks at most the free ones reach argon2', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const before = passwordMetrics.verifications;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/configuracoes/backup',
          headers: { cookie },
          payload: { senha: `errada-${i}` },
        }),
      ),
    );
    const hashed = passwordMetrics.verifications - before;
    expect(hashed).toBeLessThanOrEqual(THROTTLE.pairFreeFailures);
    expect(statuses(responses)).toEqual({ 400: hashed, 429: 20 - hashed });
  });
});

describe('strangers cannot lock an account out (finding 10)', () => {
  it('failures from one address hold back only that address: the owner signs in from another', async () => {
    const admin = await createUserRow(t.database, 'administrador');
    for (let i = 0; i < 3 * THROTTLE.pairFreeFailures; i++) {
      await login(admin.email, `errada-${i}`, { ip: '203.0.113.66' });
    }
    expect((await login(admin.email, TEST_PASSWORD, { ip: '203.0.113.66' })).statusCode).toBe(429);
    expect((await login(admin.email, TEST_PASSWORD, { ip: '198.51.100.20' })).statusCode).toBe(200);
  });

  it('after the free failures each further one waits twice as long', async () => {
    const user = await createUserRow(t.database, 'professor');
    const start = new Date('2026-03-02T10:00:00-03:00').getTime();
    clock.pin(new Date(start));
    for (let i = 0; i < THROTTLE.pairFreeFailures; i++) {
      expect((await login(user.email, 'senha-errada')).statusCode).toBe(401);
    }
    let elapsed = 0;
    for (const expected of [30, 60, 120, 240]) {
      const blocked = await login(user.email, 'senha-errada');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBe(expected);
      elapsed += (expected - 1) * 1000;
      clock.pin(new Date(start + elapsed));
      expect((await login(user.email, 'senha-errada')).statusCode).toBe(429);
      elapsed += 1000;
      clock.pin(new Date(start + elapsed));
      expect((await login(user.email, 'senha-errada')).statusCode).toBe(401);
    }
    expect(Number((await login(user.email, TEST_PASSWORD)).headers['retry-after'])).toBe(480);
  });

  it('at the account threshold: locked for unknown devices, audited, logged and mailed; a known device still signs in', async () => {
    const owner = await createUserRow(t.database, 'administrador');
    const otherAdmin = await createUserRow(t.database, 'administrador');
    // The owner signed in from this browser before: it keeps a device cookie.
    const earlier = await login(owner.email, TEST_PASSWORD, { ip: '192.0.2.10' });
    expect(earlier.statusCode).toBe(200);
    const device = cookieOf(earlier, 'did');
    const warn = vi.spyOn(t.app.ctx.log, 'warn');

    // A distributed attack: the free failures from each of many addresses.
    const addresses = Math.ceil(THROTTLE.accountLockFailures / THROTTLE.pairFreeFailures);
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < THROTTLE.pairFreeFailures; i++) {
        expect((await login(owner.email, 'senha-errada', { ip: `198.18.0.${a + 1}` })).statusCode).toBe(401);
      }
    }
    const fresh = await login(owner.email, TEST_PASSWORD, { ip: '198.18.1.1' });
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(THROTTLE.accountLockMinutes * 60 - 60);

    const locks = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'conta_bloqueada'));
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ entityId: owner.id });
    expect(warn).toHaveBeenCalledWith(
      { userId: owner.id, minutos: THROTTLE.accountLockMinutes },
      'conta bloqueada por excesso de tentativas de senha',
    );
    expect(JSON.stringify(warn.mock.calls)).not.toContain(owner.email);
    await t.app.ctx.jobs.drain();
    expect(t.mailer.sent.map((mail) => mail.to).sort()).toEqual([owner.email, otherAdmin.email].sort());
    expect(t.mailer.sent.find((mail) => mail.to === owner.email)!.subject).toMatch(/bloqueada/);

    // The owner's browser still gets in, from the same address the attack used or any other.
    expect((await login(owner.email, TEST_PASSWORD, { ip: '198.18.0.1', cookie: device })).statusCode).toBe(
      200,
    );
    // A device cookie of another account does not count for this one.
    const stranger = await createUserRow(t.database, 'responsavel');
    const strangerDevice = cookieOf(await login(stranger.email, TEST_PASSWORD, { ip: '198.18.2.1' }), 'did');
    expect(
      (await login(owner.email, TEST_PASSWORD, { ip: '198.18.2.1', cookie: strangerDevice })).statusCode,
    ).toBe(429);
  });
});
