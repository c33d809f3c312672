import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from './env.js';
import { auditLog } from './db/schema/audit.js';
import { sessions } from './db/schema/auth.js';
import { THROTTLE } from './features/auth/throttle.service.js';
import { createUserRow, TEST_PASSWORD, type TestApp, setupTestApp } from './test/test-app.js';

/** Issue 10, findings 3 (TRUST_PROXY) and 12 (over HTTPS only `__Host-sid`). */

function configError(env: Record<string, string>): string {
  const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error('exit');
  });
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    loadConfig(env);
    return '';
  } catch {
    return error.mock.calls.flat().join('\n');
  } finally {
    exit.mockRestore();
    error.mockRestore();
  }
}

describe('the simulated bank and NFS-e API (ADR 0083)', () => {
  it('refuse to start on a public https installation outside the demo, with a clear message', () => {
    const publicSite = { PUBLIC_URL: 'https://escola.exemplo.com.br' };
    expect(configError({ ...publicSite, PIX_PROVIDER: 'simulado' })).toContain(
      'PIX_PROVIDER: PIX_PROVIDER=simulado liga o banco de teste, que não pode rodar numa instalação pública',
    );
    expect(configError({ ...publicSite, NFSE_PROVIDER: 'simulado' })).toContain(
      'NFSE_PROVIDER=simulado liga o emissor de NFS-e de teste',
    );
    // The demo (even published) and the tests on http:// keep them.
    expect(loadConfig({ ...publicSite, PIX_PROVIDER: 'simulado', DEMO: '1' }).pixProvider).toBe('simulado');
    expect(
      loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4173', HOST: '127.0.0.1', NFSE_PROVIDER: 'simulado' })
        .nfseProvider,
    ).toBe('simulado');
    expect(loadConfig(publicSite).pixProvider).toBeNull();
  });

  it('refuse to start on a server the network reaches, even without PUBLIC_URL (security review, ADR 0101)', () => {
    // HOST defaults to 0.0.0.0: with no PUBLIC_URL anyone on the network reached /banco-simulado/pagar.
    expect(configError({ PIX_PROVIDER: 'simulado' })).toContain(
      'PIX_PROVIDER=simulado liga o banco de teste, que não pode rodar num servidor aberto à rede (HOST=0.0.0.0)',
    );
    expect(
      configError({
        HOST: '192.168.0.10',
        PUBLIC_URL: 'http://192.168.0.10:3000',
        NFSE_PROVIDER: 'simulado',
      }),
    ).toContain(
      'NFSE_PROVIDER=simulado liga o emissor de NFS-e de teste, que não pode rodar num servidor aberto à rede',
    );
    for (const HOST of ['127.0.0.1', '::1', 'localhost'])
      expect(loadConfig({ HOST, PIX_PROVIDER: 'simulado' }).pixProvider).toBe('simulado');
    expect(loadConfig({ PIX_PROVIDER: 'simulado', DEMO: '1' }).pixProvider).toBe('simulado');
  });

  it('refuse it however the https scheme of PUBLIC_URL is written (URL schemes are case-insensitive)', () => {
    for (const PUBLIC_URL of ['HTTPS://escola.exemplo.com.br', 'Https://escola.exemplo.com.br/'])
      expect(configError({ PUBLIC_URL, PIX_PROVIDER: 'simulado' })).toContain(
        'PIX_PROVIDER=simulado liga o banco de teste',
      );
  });
});

describe('TRUST_PROXY (finding 3)', () => {
  it('takes a hop count or a list of addresses and CIDRs, and refuses a bare true with a clear message', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const value of ['true', 'TRUE']) {
      const message = configError({ TRUST_PROXY: value });
      expect(message).toContain('TRUST_PROXY=true confiaria em qualquer X-Forwarded-For');
      expect(message).toContain('TRUST_PROXY=1');
    }
    expect(configError({ TRUST_PROXY: '10.0.0.0/33' })).toContain('não é endereço IP nem faixa CIDR');
    expect(configError({ TRUST_PROXY: 'proxy.local' })).toContain('não é endereço IP nem faixa CIDR');
  });
});

async function failUntilBlocked(
  t: TestApp,
  request: (i: number) => { remoteAddress: string; headers?: Record<string, string> },
): Promise<number> {
  for (let i = 0; i < THROTTLE.ipMaxFailures + 5; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `conta${i}@escola.test`, password: 'senha-errada' },
      ...request(i),
    });
    if (response.statusCode === 429) return i;
  }
  return -1;
}

/** A new user of `role`, logged in with the right password from `from` (address and headers). */
async function logIn(
  t: TestApp,
  role: Parameters<typeof createUserRow>[1],
  from: { remoteAddress?: string; headers: Record<string, string> },
) {
  const user = await createUserRow(t.database, role);
  const signed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
    ...from,
  });
  return { user, signed };
}

async function loginIp(
  t: TestApp,
  userId: string,
): Promise<{ session: string | null; audit: string | null }> {
  const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
  const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, userId));
  return { session: session?.ip ?? null, audit: entry?.ip ?? null };
}

describe('behind one proxy (TRUST_PROXY=1)', () => {
  const t = setupTestApp({ trustProxy: 1 });

  it('a rotated X-Forwarded-For cannot escape the address limit nor forge the IP in audit and sessions', async () => {
    // The client writes whatever it likes first; the proxy appends the address it saw.
    const blockedAt = await failUntilBlocked(t, (i) => ({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `10.${i}.0.1, 203.0.113.7` },
    }));
    expect(blockedAt).toBe(THROTTLE.ipMaxFailures);

    const { user, signed } = await logIn(t, 'professor', {
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '192.0.2.99, 198.51.100.4' },
    });
    expect(signed.statusCode).toBe(200);
    expect(await loginIp(t, user.id)).toEqual({ session: '198.51.100.4', audit: '198.51.100.4' });
  });
});

describe('with a list of proxies (TRUST_PROXY=10.0.0.0/8)', () => {
  const t = setupTestApp({ trustProxy: ['10.0.0.0/8'] });

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    const direct = await failUntilBlocked(t, (i) => ({
      remoteAddress: '198.51.100.200',
      headers: { 'x-forwarded-for': `172.16.${i}.9` },
    }));
    expect(direct).toBe(THROTTLE.ipMaxFailures);

    const { user, signed: viaProxy } = await logIn(t, 'responsavel', {
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(viaProxy.statusCode).toBe(200);
    expect(await loginIp(t, user.id)).toEqual({ session: '198.51.100.77', audit: '198.51.100.77' });
  });
});

describe('no proxy (default)', () => {
  const t = setupTestApp();

  it('ignores X-Forwarded-For and X-Forwarded-Proto for limits, audit, sessions and cookies', async () => {
    const blockedAt = await failUntilBlocked(t, (i) => ({
      remoteAddress: '198.51.100.50',
      headers: { 'x-forwarded-for': `10.${i}.0.1` },
    }));
    expect(blockedAt).toBe(THROTTLE.ipMaxFailures);
    const { user, signed } = await logIn(t, 'professor', {
      remoteAddress: '198.51.100.51',
      headers: { 'x-forwarded-for': '192.0.2.1', 'x-forwarded-proto': 'https' },
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.cookies.map((cookie) => cookie.name).sort()).toEqual(['did', 'sid']);
    expect(await loginIp(t, user.id)).toEqual({ session: '198.51.100.51', audit: '198.51.100.51' });
  });
});

describe('over HTTPS (finding 12)', () => {
  const t = setupTestApp({ trustProxy: 1 });

  it('reads only __Host-sid: a plain sid cookie (as a sibling subdomain could plant) is no session', async () => {
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.9' };
    const { signed } = await logIn(t, 'administrador', { headers: https });
    expect(signed.statusCode).toBe(200);
    const cookie = signed.cookies.find((item) => item.name === '__Host-sid')!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Strict' });
    expect(signed.cookies.find((item) => item.name === '__Host-did')).toMatchObject({ secure: true });
    expect(signed.cookies.some((item) => item.name === 'sid')).toBe(false);

    const me = (cookieHeader: string) =>
      t.app.inject({ url: '/api/auth/me', headers: { ...https, cookie: cookieHeader } });
    expect((await me(`__Host-sid=${cookie.value}`)).statusCode).toBe(200);
    expect((await me(`sid=${cookie.value}`)).statusCode).toBe(401);
    // Over plain HTTP the server sets and reads the plain cookie (the browser keeps it apart).
    const plain = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `sid=${cookie.value}` } });
    expect(plain.statusCode).toBe(200);
  });
});
