import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { globalPlugin } from '../../plugins/global-plugin.js';

/** Latency buckets, in seconds (Prometheus histogram `le`). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface RouteSeries {
  count: number;
  sum: number;
  buckets: number[];
}

/** Request counts and latency by route pattern (never by raw URL: ids would explode the series). */
export class RequestMetrics {
  readonly requests = new Map<string, number>();
  readonly latency = new Map<string, RouteSeries>();

  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    const counted = `${key} ${status}`;
    this.requests.set(counted, (this.requests.get(counted) ?? 0) + 1);
    let series = this.latency.get(key);
    if (!series) {
      series = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
      this.latency.set(key, series);
    }
    series.count++;
    series.sum += seconds;
    BUCKETS.forEach((limit, index) => {
      if (seconds <= limit) series.buckets[index]!++;
    });
  }
}

const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

interface MetricsSources {
  requests: RequestMetrics;
  database: Database;
  jobs: { runs: Map<string, number>; failures: Map<string, number> };
  queueDepth: () => Promise<number>;
}

/** The Prometheus text exposition (format 0.0.4). */
export async function renderMetrics(sources: MetricsSources): Promise<string> {
  const lines: string[] = [];
  lines.push('# HELP escola_http_requests_total Requisições respondidas, por rota e status.');
  lines.push('# TYPE escola_http_requests_total counter');
  for (const [key, total] of sources.requests.requests) {
    const [method = '', route = '', status = ''] = key.split(' ');
    lines.push(
      `escola_http_requests_total{method="${label(method)}",route="${label(route)}",status="${status}"} ${total}`,
    );
  }
  lines.push('# HELP escola_http_request_duration_seconds Tempo de resposta, por rota.');
  lines.push('# TYPE escola_http_request_duration_seconds histogram');
  for (const [key, series] of sources.requests.latency) {
    const [method = '', route = ''] = key.split(' ');
    const labels = `method="${label(method)}",route="${label(route)}"`;
    BUCKETS.forEach((limit, index) => {
      lines.push(
        `escola_http_request_duration_seconds_bucket{${labels},le="${limit}"} ${series.buckets[index]}`,
      );
    });
    lines.push(`escola_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${series.count}`);
    lines.push(`escola_http_request_duration_seconds_sum{${labels}} ${series.sum}`);
    lines.push(`escola_http_request_duration_seconds_count{${labels}} ${series.count}`);
  }
  const pool = sources.database.poolStats?.();
  if (pool) {
    lines.push('# HELP escola_db_pool_connections Conexões do pool com o PostgreSQL, por estado.');
    lines.push('# TYPE escola_db_pool_connections gauge');
    lines.push(`escola_db_pool_connections{state="total"} ${pool.total}`);
    lines.push(`escola_db_pool_connections{state="idle"} ${pool.idle}`);
    lines.push(`escola_db_pool_connections{state="waiting"} ${pool.waiting}`);
    lines.push(`escola_db_pool_max ${pool.max}`);
  }
  lines.push('# HELP escola_job_runs_total Tarefas concluídas nesta instância, por tipo.');
  lines.push('# TYPE escola_job_runs_total counter');
  for (const [kind, total] of sources.jobs.runs)
    lines.push(`escola_job_runs_total{kind="${label(kind)}"} ${total}`);
  lines.push(
    '# HELP escola_job_failures_total Tentativas de tarefas que falharam nesta instância, por tipo.',
  );
  lines.push('# TYPE escola_job_failures_total counter');
  for (const [kind, total] of sources.jobs.failures)
    lines.push(`escola_job_failures_total{kind="${label(kind)}"} ${total}`);
  lines.push('# HELP escola_job_queue_depth Tarefas na fila (todas as instâncias).');
  lines.push('# TYPE escola_job_queue_depth gauge');
  lines.push(`escola_job_queue_depth ${await sources.queueDepth()}`);
  return `${lines.join('\n')}\n`;
}

function isToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts every answer Fastify gives (the replayed `/` and 304s are not seen: they never reach it), and
 * serves `GET /metrics` to a scraper holding METRICS_TOKEN; without the variable the route is 404.
 */
export const metrics = globalPlugin<{ database: Database }>('metrics', async (app, options) => {
  const requests = new RequestMetrics();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'sem_rota';
    requests.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  const token = app.ctx.config.metricsToken;
  const routes: FastifyPluginAsyncZod = async (scoped) => {
    // The token is the access rule: not a portal role (ADR 0015).
    scoped.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
      if (!token) return reply.callNotFound();
      if (!isToken(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ success: false, message: 'Token de métricas inválido.', code: 'UNAUTHENTICATED' });
      }
      const body = await renderMetrics({
        requests,
        database: options.database,
        jobs: app.ctx.jobs.stats,
        queueDepth: () => app.ctx.jobs.depth(),
      });
      return reply
        .header('cache-control', 'no-store')
        .type('text/plain; version=0.0.4; charset=utf-8')
        .send(body);
    });
  };
  await app.register(routes);
});
