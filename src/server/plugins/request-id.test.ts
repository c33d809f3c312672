import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryLog, signedIn, setupTestApp } from '../test/test-app.js';
import { SYSTEM_SETTINGS_DEFAULTS } from '../test/settings-fixtures.js';

/**
 * Every answer carries its request id (`X-Request-Id`), and it is the `reqId` of the request's log
 * lines: the answers given before any route runs (no session, rate limit, maintenance, a body too large
 * or malformed, an unknown route, a bad address), the ones replayed from memory and the hand-written
 * ones (the notification stream) included.
 */
const log = new MemoryLog();
const t = setupTestApp({ logLevel: 'info' }, { logStream: log, keepData: true });
let base = '';
let port = 0;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${String(port)}`;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The reqIds of the log lines Fastify wrote on receiving requests to `url` ("incoming request"). */
function loggedIds(url: string): string[] {
  return log
    .entries()
    .filter((entry) => (entry as { req?: { url?: string } }).req?.url === url)
    .map((entry) => String(entry.reqId));
}

describe('X-Request-Id on every answer', () => {
  it('is set before any hook answers, and is the reqId of the log line', async () => {
    const admin = await signedIn(t, 'administrador');
    const guardian = await signedIn(t, 'responsavel');
    const cases: { name: string; status: number; run: () => Promise<Response> }[] = [
      { name: 'sem sessão', status: 401, run: () => fetch(`${base}/api/auth/me`) },
      { name: 'rota desconhecida', status: 404, run: () => fetch(`${base}/api/nao-existe`) },
      {
        name: 'JSON malformado',
        status: 400,
        run: () =>
          fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"email": ',
          }),
      },
      {
        name: 'corpo grande demais',
        status: 413,
        run: () =>
          fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) }),
          }),
      },
      {
        name: 'endereço malformado (o roteador recusa)',
        status: 400,
        run: () => fetch(`${base}/api/alunos/%E0%A4%A`),
      },
      {
        name: 'proibido',
        status: 403,
        run: () => fetch(`${base}/api/users`, { headers: { cookie: guardian.cookie } }),
      },
    ];
    for (const { name, status, run } of cases) {
      const response = await run();
      expect(response.status, name).toBe(status);
      const id = response.headers.get('x-request-id');
      expect(id, name).toMatch(UUID);
      await response.arrayBuffer();
      const path = new URL(response.url).pathname;
      expect(loggedIds(path), name).toContain(id);
    }

    // Rate limited: the 11th confirmation within a minute from one address.
    let limited: Response | undefined;
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await fetch(`${base}/api/responsaveis/confirmar-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'x'.repeat(43) }),
      });
      await response.arrayBuffer();
      if (response.status === 429) {
        limited = response;
        break;
      }
    }
    expect(limited?.status).toBe(429);
    expect(limited?.headers.get('x-request-id')).toMatch(UUID);
    expect(loggedIds('/api/responsaveis/confirmar-email')).toContain(limited?.headers.get('x-request-id'));

    // Maintenance: a signed-in guardian gets 503.
    const put = (manutencao: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/configuracoes/sistema',
        headers: { cookie: admin.cookie },
        payload: { ...SYSTEM_SETTINGS_DEFAULTS, manutencao },
      });
    expect((await put(true)).statusCode).toBe(200);
    try {
      const maintenance = await fetch(`${base}/api/notificacoes`, { headers: { cookie: guardian.cookie } });
      await maintenance.arrayBuffer();
      expect(maintenance.status).toBe(503);
      expect(maintenance.headers.get('x-request-id')).toMatch(UUID);
    } finally {
      expect((await put(false)).statusCode).toBe(200);
    }
  });

  it('the 304 of the content, from Fastify and replayed from memory, carries one too', async () => {
    const first = await fetch(`${base}/api/content/public`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const viaFastify = await fetch(`${base}/api/content/public`, { headers: { 'if-none-match': etag } });
    const replayed = await fetch(`${base}/api/content/public`, { headers: { 'if-none-match': etag } });
    for (const response of [first, viaFastify, replayed])
      expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect(viaFastify.status).toBe(304);
    expect(replayed.status).toBe(304);
    expect(new Set([first, viaFastify, replayed].map((r) => r.headers.get('x-request-id'))).size).toBe(3);
  });

  it('the notification stream, written by hand, carries one', async () => {
    const guardian = await signedIn(t, 'responsavel');
    const controller = new AbortController();
    const response = await fetch(`${base}/api/notificacoes/stream`, {
      headers: { cookie: guardian.cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    controller.abort();
  });

  it('what Node’s parser refuses (no request to log) still carries one', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(Buffer.from('GET /api/alunos/\xe9 HTTP/1.1\r\nHost: localhost\r\n\r\n', 'latin1')),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
  });
});
