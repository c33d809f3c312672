import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/test-app.js';

/** The operator's side: readiness, metrics behind a token, request ids. */
const token = 'metricas-do-teste-0123456789';
const t = setupTestApp({}, { keepData: true });
const withMetrics = setupTestApp({ metricsToken: token }, { keepData: true });

describe('GET /api/ready', () => {
  it('is ready with the database reachable and every migration applied', async () => {
    const response = await t.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'pronto', banco: true, migracoes: true, encerrando: false });
  });
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('asks for the token, and refuses a wrong one', async () => {
    expect((await withMetrics.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await withMetrics.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer errado' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('reports requests by route pattern with latency, job runs and the queue depth', async () => {
    await withMetrics.app.inject({ url: '/api/health' });
    await withMetrics.app.inject({ url: '/api/alunos/00000000-0000-0000-0000-000000000000' });
    await withMetrics.app.ctx.jobs.enqueue(withMetrics.app.ctx.db, 'teste.metricas', {});
    const response = await withMetrics.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const body = response.body;
    expect(body).toContain('escola_http_requests_total{method="GET",route="/api/health",status="200"} 1');
    // The pattern, never the id in the URL.
    expect(body).toContain('route="/api/alunos/:id",status="401"');
    expect(body).not.toContain('00000000-0000');
    expect(body).toMatch(
      /escola_http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} 1/,
    );
    expect(body).toContain('escola_job_queue_depth 1');
    if (process.env.TEST_DATABASE_URL)
      expect(body).toMatch(/escola_db_pool_connections\{state="total"\} \d+/);
  });
});

describe('X-Request-Id', () => {
  it('gives every answer its own id', async () => {
    const first = await t.app.inject({ url: '/api/health' });
    const second = await t.app.inject({ url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it("keeps the proxy's id when it looks like one, and replaces anything else", async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'proxy-abc-12345' } });
    expect(kept.headers['x-request-id']).toBe('proxy-abc-12345');
    const replaced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a b<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
