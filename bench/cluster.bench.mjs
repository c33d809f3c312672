// Several instances (issue 18): two servers on one throwaway PostgreSQL, 200 concurrent signed-in
// sessions spread over both for BENCH_SECONDS (default 60), a mix of student list, student detail,
// dashboard and public page; then the same load on one instance; then the student search p95 at
// 50,000 students. Loopback only; prints the load average so the figures can be judged.
import os from 'node:os';
import { firstStart, load, percentile, report, request, startServer } from './lib.mjs';
import { startPostgres } from './postgres.mjs';
import { ADMIN, seed } from './seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SESSIONS = 200;

async function signIn(base) {
  const response = await request(base, '/api/auth/login', { method: 'POST', body: ADMIN });
  if (response.status !== 200) throw new Error(`login ${response.status}: ${response.body}`);
  return String(response.headers['set-cookie']).split(';')[0];
}

async function database(postgres, name) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return postgres.url.replace(/\/postgres$/, `/${name}`);
}

/** The mix, per request: by route, so each gets its own percentiles. */
async function mixedLoad(bases, sessions, studentIds) {
  const routes = {
    'GET /api/alunos': (base, cookie) =>
      request(base, '/api/alunos?page=1&pageSize=20', { headers: { cookie } }),
    'GET /api/alunos/:id': (base, cookie, n) =>
      request(base, `/api/alunos/${studentIds[n % studentIds.length]}`, { headers: { cookie } }),
    'GET /api/dashboard/stats': (base, cookie) =>
      request(base, '/api/dashboard/stats', { headers: { cookie } }),
    'GET /': (base) => request(base, '/', { headers: { 'accept-encoding': 'br' } }),
  };
  const names = Object.keys(routes);
  const latencies = Object.fromEntries(names.map((name) => [name, []]));
  const errors = Object.fromEntries(names.map((name) => [name, 0]));
  const total = await load({
    concurrency: SESSIONS,
    seconds: SECONDS,
    make: async (id, n) => {
      const name = names[n % names.length];
      const base = bases[id % bases.length];
      const started = performance.now();
      const response = await routes[name](base, sessions[id], n).catch(() => ({ status: 599 }));
      latencies[name].push(performance.now() - started);
      if (response.status >= 400) errors[name]++;
      return response;
    },
  });
  const rows = {};
  for (const name of names) {
    const sorted = latencies[name].sort((a, b) => a - b);
    rows[name] = {
      requests: sorted.length,
      errors: errors[name],
      p50: Number(percentile(sorted, 50).toFixed(1)),
      p95: Number(percentile(sorted, 95).toFixed(1)),
      p99: Number(percentile(sorted, 99).toFixed(1)),
    };
  }
  rows.total = {
    requests: total.requests,
    errors: total.errors,
    rps: total.rps,
    p50: total.p50,
    p95: total.p95,
  };
  return rows;
}

const postgres = await startPostgres();
if (!postgres) {
  console.log('PostgreSQL não instalado (apt-get install postgresql): bench de cluster ignorado.');
  process.exit(0);
}
const servers = [];
try {
  const url = await database(postgres, 'cluster_bench');
  const env = { DATABASE_URL: url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  await firstStart(env);
  await seed({ kind: 'postgres', url });
  const [a, b] = await Promise.all([startServer(env), startServer(env)]);
  servers.push(a, b);
  const sessions = [];
  for (let i = 0; i < SESSIONS; i++) sessions.push(await signIn(i % 2 === 0 ? a.base : b.base));
  const page = JSON.parse(
    (await request(a.base, '/api/alunos?pageSize=100', { headers: { cookie: sessions[0] } })).body,
  );
  const ids = page.data.items.map((student) => student.id);

  const loadBefore = os.loadavg()[0].toFixed(2);
  const two = await mixedLoad([a.base, b.base], sessions, ids);
  report(
    `Two instances, ${SESSIONS} sessions, ${SECONDS} s, PostgreSQL (load average before ${loadBefore}, after ${os.loadavg()[0].toFixed(2)})`,
    two,
  );
  const one = await mixedLoad([a.base], sessions, ids);
  report(`One instance, same load (load average after ${os.loadavg()[0].toFixed(2)})`, one);
  await Promise.all(servers.splice(0).map((server) => server.stop()));

  // Student search at 50,000 students on PostgreSQL.
  const bigUrl = await database(postgres, 'search_bench');
  const bigEnv = { ...env, DATABASE_URL: bigUrl };
  await firstStart(bigEnv);
  await seed({ kind: 'postgres', url: bigUrl }, { students: 50_000 });
  const big = await startServer(bigEnv);
  servers.push(big);
  const searchSessions = [];
  for (let i = 0; i < 20; i++) searchSessions.push(await signIn(big.base));
  const terms = ['silva', 'santos', 'maria', 'oliveira', 'pedro', 'souza', 'lima', 'ana'];
  const search = await load({
    concurrency: 20,
    seconds: Math.min(SECONDS, 30),
    // A different term each time: the list cache cannot answer a search it has not seen at this version.
    make: (id, n) =>
      request(big.base, `/api/alunos?q=${terms[n % terms.length]}${n % 97}&page=1&pageSize=20`, {
        headers: { cookie: searchSessions[id] },
      }),
  });
  report(
    `Student search, 50,000 students, 20 sessions, PostgreSQL (load average ${os.loadavg()[0].toFixed(2)})`,
    {
      'GET /api/alunos?q=…': search,
    },
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  postgres.stop();
}
