// Issue 38 (ADR 0060): what a signed-in request costs on PostgreSQL. 5,000 students (bench/seed.mjs), 50
// connections; health, health with a session cookie (a signed-in request that does nothing), the list
// (20 students and 1) and the search in alternating rounds; for each, the throughput and the CPU time per
// request of the server process and of the PostgreSQL processes (from /proc), which the machine's load
// disturbs much less than the throughput. BENCH_SECONDS, BENCH_ROUNDS; BENCH_NODE_ARGS to profile the
// server; PROFILE_ONLY=list (or health, search…): one 15 s run of that target only.
import autocannon from 'autocannon';
import { readFileSync, readdirSync } from 'node:fs';
const TICK = 100; // USER_HZ
function cpuOf(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / TICK);
  } catch {
    return 0;
  }
}
function childrenCpu(parent) {
  let total = 0;
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const f = readFileSync(`/proc/${e}/stat`, 'utf8');
      const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === parent) total += (Number(fields[11]) + Number(fields[12])) * (1000 / TICK);
    } catch {
      // gone
    }
  }
  return total;
}
function postmasterPid(port) {
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      if (readFileSync(`/proc/${e}/cmdline`, 'utf8').replace(/\0/g, ' ').includes(`-p ${port}`))
        return Number(e);
    } catch {
      // gone
    }
  }
  return null;
}
import { firstStart, request, startServer, tempDataDir } from './lib.mjs';
import { startPostgres } from './postgres.mjs';
import { ADMIN, seed } from './seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
function cannon(url, cookies, seconds = SECONDS) {
  let next = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections: 50,
        duration: seconds,
        setupClient: cookies ? (c) => c.setHeaders({ cookie: cookies[next++ % cookies.length] }) : undefined,
      },
      (e, r) => (e ? reject(e) : resolve(r)),
    ),
  );
}
const pg = await startPostgres();
const dataDir = tempDataDir();
const env = { DATABASE_URL: pg.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
try {
  const nodeArgs = process.env.BENCH_NODE_ARGS;
  delete process.env.BENCH_NODE_ARGS;
  await firstStart(env, { dataDir });
  await seed({ kind: 'postgres', url: pg.url });
  if (nodeArgs) process.env.BENCH_NODE_ARGS = nodeArgs;
  const server = await startServer(env, { dataDir });
  const cookies = [];
  for (let i = 0; i < 50; i++) {
    const r = await request(server.base, '/api/auth/login', { method: 'POST', body: ADMIN });
    cookies.push(String(r.headers['set-cookie']).split(';')[0]);
  }
  const targets = [
    ['health', `${server.base}/api/health`, null],
    ['health+sessão', `${server.base}/api/health`, cookies],
    ['list', `${server.base}/api/alunos?page=1&pageSize=20`, cookies],
    ['list pageSize=1', `${server.base}/api/alunos?page=1&pageSize=1`, cookies],
    ['search', `${server.base}/api/alunos?q=Silva&page=1&pageSize=20`, cookies],
  ];
  if (process.env.PROFILE_ONLY) {
    const [, url, c] = targets.find((t) => t[0] === process.env.PROFILE_ONLY);
    await cannon(url, c, 3);
    const r = await cannon(url, c, 15);
    console.log(process.env.PROFILE_ONLY, r.requests.average, r.latency.p50, r.latency.p99);
  } else {
    for (const [, url, c] of targets) await cannon(url, c, 3);
    const sums = Object.fromEntries(targets.map((t) => [t[0], []]));
    const cpu = Object.fromEntries(targets.map((t) => [t[0], { node: 0, pg: 0, n: 0 }]));
    const pm = postmasterPid(new URL(pg.url).port);
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, url, c] of targets) {
        const n0 = cpuOf(server.pid),
          p0 = childrenCpu(pm);
        const r = await cannon(url, c);
        cpu[name].node += cpuOf(server.pid) - n0;
        cpu[name].pg += childrenCpu(pm) - p0;
        cpu[name].n += r.requests.total;
        if (r.non2xx) throw new Error(`${name}: ${r.non2xx} non-2xx`);
        sums[name].push(r.requests.average);
      }
    for (const [name, c] of Object.entries(cpu))
      console.log(
        `${name}: CPU per request: server ${((1000 * c.node) / c.n).toFixed(0)} µs, PostgreSQL ${((1000 * c.pg) / c.n).toFixed(0)} µs (${c.n} requests)`,
      );
    const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const h = avg(sums.health);
    console.log(JSON.stringify(sums));
    console.log(
      `list ÷ health ${(avg(sums.list) / h).toFixed(2)}  search ÷ health ${(avg(sums.search) / h).toFixed(2)}`,
    );
  }
  await server.stop();
} finally {
  pg.stop();
}
