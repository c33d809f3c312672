import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { signedIn, setupTestApp } from './test/test-app.js';

const t = setupTestApp();

describe('bad input never gets a 5xx', () => {
  it('malformed JSON → 400 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message: 'O corpo da requisição não é um JSON válido.',
    });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'non-JSON body %s on a state-changing route → 415',
    async (type) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload: 'email=a@b.c&password=123456',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('body over 1 MB → 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('unknown fields → 400; wrong types → 400 with field details', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@escola.test', password: '123456', admin: true },
    });
    expect(unknown.statusCode).toBe(400);
    const { cookie } = await signedIn(t, 'administrador');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: { nome: 42, email: 'x@escola.test', tipo: 'rei' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.map((detail: { path: string }) => detail.path)).toEqual(
      expect.arrayContaining(['nome', 'tipo']),
    );
  });

  it('an unknown API path → 404 envelope', async () => {
    const response = await t.app.inject({ url: '/api/nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      message: 'Recurso não encontrado.',
      code: 'NOT_FOUND',
    });
  });
});

/** Sends raw bytes as a request and reads the whole answer (the server closes the connection). */
function rawRequest(port: number, head: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests refused before any route', () => {
  it('a raw non-ASCII byte in the address → 400 with the envelope, not the framework’s JSON', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    for (const path of ['/api/alunos/\xe9', '/api/alunos?q=Jos\xe9', '/media/\xff']) {
      const answer = await rawRequest(
        port,
        Buffer.concat([
          Buffer.from('GET '),
          Buffer.from(path, 'latin1'),
          Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n'),
        ]),
      );
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head, path).toMatch(/^HTTP\/1\.1 400 /);
      expect(head.toLowerCase(), path).toContain('content-type: application/json; charset=utf-8');
      expect(JSON.parse(body), path).toEqual({
        success: false,
        message: 'Endereço inválido.',
        code: 'VALIDATION',
      });
    }
    const oversized = await rawRequest(
      port,
      Buffer.from(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(oversized).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(oversized.split('\r\n\r\n')[1]!)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // A percent-encoded one reaches the router, which refuses it the same way.
    const encoded = await t.app.inject({ url: '/api/alunos/%' });
    expect(encoded.json()).toEqual({ success: false, message: 'Endereço inválido.', code: 'VALIDATION' });
  });
});

describe('cross-site requests', () => {
  it('refuses a foreign Origin and Sec-Fetch-Site: cross-site on state-changing requests', async () => {
    const payload = { email: 'a@escola.test', password: '123456' };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'escola.test' },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://escola.test', host: 'escola.test', 'sec-fetch-site': 'same-origin' },
      payload,
    });
    expect(sameOrigin.statusCode).toBe(401);
  });
});

describe('headers', () => {
  it('sends a strict CSP, nosniff, no X-Powered-By and no-store on personal data', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const response = await t.app.inject({ url: '/api/users', headers: { cookie } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
    expect(csp).toContain("object-src 'none'");
    // An image the school gives by its https:// address shows (ADR 0087); plain http:// does not.
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).not.toMatch(/img-src[^;]*http:/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    // The same headers on a refused request and on the next one (the middleware is built once).
    for (const each of [
      await t.app.inject({ url: '/api/users' }),
      await t.app.inject({ url: '/api/users', headers: { cookie } }),
    ]) {
      expect(each.headers['content-security-policy']).toBe(csp);
      expect(each.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('health answers ok when the database does', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
