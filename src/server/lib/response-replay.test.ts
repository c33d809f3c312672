import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '../../shared/content.defaults.js';
import { buildApp, type App } from '../app.js';
import { signedIn, testConfig, setupTestApp } from '../test/test-app.js';
import { createReplayingServer, pageEncodingFor, ResponseReplay } from './response-replay.js';

function listen(server: ReturnType<typeof createReplayingServer>): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

describe('ResponseReplay', () => {
  let tag = 'v1';
  let fallbacks = 0;
  const replay = new ResponseReplay(() => tag);
  const server = createReplayingServer(
    replay,
    (_request, response) => {
      fallbacks++;
      response.writeHead(299);
      response.end('fastify');
    },
    {},
  );
  let base = '';
  beforeAll(async () => {
    base = await listen(server);
    replay.rememberPage(
      'identity',
      'v1',
      { 'content-type': 'text/html', 'x-check': 'a' },
      Buffer.from('<p>1</p>'),
    );
    replay.rememberPage('gzip', 'v1', { 'content-encoding': 'gzip', 'x-check': 'g' }, Buffer.from('gz'));
    replay.rememberNotModified('v1', { etag: 'v1', 'x-check': '304' });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('writes the remembered page for the encoding the request accepts, with its headers', async () => {
    const plain = await fetch(`${base}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-check')).toBe('a');
    expect(plain.headers.get('content-length')).toBe('8');
    expect(await plain.text()).toBe('<p>1</p>');
    expect(pageEncodingFor('gzip, deflate, br')).toBe('br');
    expect(pageEncodingFor('gzip')).toBe('gzip');
    const head = await fetch(`${base}/`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.headers.get('x-check')).toBe('a');
    expect(fallbacks).toBe(0);
  });

  it('answers 304 only to a poller holding the current tag', async () => {
    const fresh = await fetch(`${base}/api/content/public`, { headers: { 'if-none-match': 'v1' } });
    expect(fresh.status).toBe(304);
    expect(fresh.headers.get('x-check')).toBe('304');
    expect(fallbacks).toBe(0);
    const stale = await fetch(`${base}/api/content/public`, { headers: { 'if-none-match': 'v0' } });
    expect(stale.status).toBe(299);
    expect(fallbacks).toBe(1);
  });

  it('leaves to Fastify anything else: another version, an encoding not seen, a query, another method', async () => {
    const before = fallbacks;
    expect((await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } })).status).toBe(299);
    expect((await fetch(`${base}/?utm=1`, { headers: { 'accept-encoding': 'identity' } })).status).toBe(299);
    expect((await fetch(`${base}/`, { method: 'POST', body: '' })).status).toBe(299);
    tag = 'v2';
    expect((await fetch(`${base}/`, { headers: { 'accept-encoding': 'identity' } })).status).toBe(299);
    const poll = await fetch(`${base}/api/content/public`, { headers: { 'if-none-match': 'v1' } });
    expect(poll.status).toBe(299);
    expect(fallbacks).toBe(before + 5);
  });
});

describe('the content polling on a real server', () => {
  const t = setupTestApp({}, { keepData: true });
  let app: App;
  let base = '';
  let reachedFastify = 0;
  beforeAll(async () => {
    app = await buildApp(testConfig(), { database: t.database, serveClient: false });
    app.addHook('onRequest', async () => {
      reachedFastify++;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('answers a repeated 304 without Fastify, with the same headers, and 200 as soon as the content changes', async () => {
    const first = await fetch(`${base}/api/content/public`);
    const etag = first.headers.get('etag')!;
    const viaFastify = await fetch(`${base}/api/content/public`, { headers: { 'if-none-match': etag } });
    expect(viaFastify.status).toBe(304);
    const counted = reachedFastify;
    const replayed = await fetch(`${base}/api/content/public`, { headers: { 'if-none-match': etag } });
    expect(replayed.status).toBe(304);
    expect(reachedFastify).toBe(counted);
    const headersOf = (response: Response) =>
      [...response.headers].filter(
        ([name]) => !['date', 'connection', 'keep-alive', 'x-request-id'].includes(name),
      );
    expect(headersOf(replayed)).toEqual(headersOf(viaFastify));
    // Each answer has its own request id, the replayed ones too (ADR 0015).
    expect(replayed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(replayed.headers.get('x-request-id')).not.toBe(viaFastify.headers.get('x-request-id'));
    expect(replayed.headers.get('content-security-policy')).toContain("default-src 'self'");

    // A save through this app (the other one, sharing the database, sees it on its next load).
    const { cookie } = await signedIn(t, 'administrador');
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/content/hero',
      headers: { cookie, 'if-match': '"1"' },
      payload: { ...defaultSiteContent.hero, titulo: 'Matrículas abertas' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await fetch(`${base}/api/content/public`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { data: { hero: { titulo: string } } }).data.hero.titulo).toBe(
      'Matrículas abertas',
    );
  });
});
