// Issue 11: the performance table, as ratios measured in one run, on PGlite and on PostgreSQL.
// The server is started with `npm start` as the README says (process tree: npm and what it starts),
// the school has 5,000 students (bench/seed.mjs), and the load is 50 concurrent connections from
// autocannon in this process. Every ratio's baseline (health, a bare node:http server, nginx) is
// measured in the same run, right after the figure it divides.
//   BENCH_SECONDS (default 4) × BENCH_ROUNDS (default 3): seconds per measure · BENCH_DB=pglite|postgres: only one database ·
//   LIGHTHOUSE=0: skip Lighthouse.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, request, root, tempDataDir, warnBackupsSince } from './lib.mjs';
import { startPostgres } from './postgres.mjs';
import { ADMIN, seed, STUDENTS } from './seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Memory of a process tree, from /proc.

function childrenOf() {
  const byParent = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may contain spaces and parentheses: the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      if (!byParent.has(parent)) byParent.set(parent, []);
      byParent.get(parent).push(Number(entry));
    } catch {
      // gone
    }
  }
  return byParent;
}

function kibibytes(file, field) {
  const match = readFileSync(file, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return match ? Number(match[1]) : 0;
}

/** RSS (and PSS) of `pid` and every descendant, in MB. */
function memoryDetail(memory) {
  const parts = memory.processes.map((each) => `${each.command} ${Math.round(each.rss)}`).join(' + ');
  return `${parts}; aos 5 s: ${memory.early}`;
}

export function treeMemory(pid) {
  const byParent = childrenOf();
  const pids = [];
  const stack = [pid];
  while (stack.length > 0) {
    const next = stack.pop();
    pids.push(next);
    stack.push(...(byParent.get(next) ?? []));
  }
  const processes = [];
  for (const each of pids) {
    try {
      const command = readFileSync(`/proc/${each}/cmdline`, 'utf8').split('\0').filter(Boolean);
      processes.push({
        pid: each,
        command: command
          .slice(0, 3)
          .map((part) => path.basename(part))
          .join(' '),
        rss: kibibytes(`/proc/${each}/status`, 'VmRSS') / 1024,
        pss: kibibytes(`/proc/${each}/smaps_rollup`, 'Pss') / 1024,
      });
    } catch {
      // exited meanwhile
    }
  }
  const sum = (key) => Math.round(processes.reduce((total, each) => total + each[key], 0));
  return { rss: sum('rss'), pss: sum('pss'), processes };
}

// ---------------------------------------------------------------------------------------------
// `npm start`, as the README says.

async function waitHealthy(base, child, output) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`npm start saiu (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // starting
    }
    await sleep(100);
  }
  throw new Error(`o servidor não respondeu em 120 s:\n${output()}`);
}

export async function npmStart(env) {
  const port = await freePort();
  // The server's output goes to a file, as to a terminal or the journal: a pipe this busy process
  // drained late would block the server's synchronous log writes and show up as latency.
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'escola-bench-log-'));
  const logFile = path.join(logDir, 'server.log');
  const out = openSync(logFile, 'w');
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const log = () => readFileSync(logFile, 'utf8').slice(-4000);
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  await waitHealthy(base, child, log);
  const startSeconds = (Date.now() - started) / 1000;
  return {
    base,
    port,
    startSeconds,
    log,
    logFile,
    /**
     * Idle memory, no load: 15 s after the first healthy answer, once the first poll of the job queue
     * (10 s) and V8's memory reducer (8 s) have freed what starting left behind — the server's RSS drops
     * by 15–20 MB between 6 and 10 s and then stays (docs/performance.md). The 5 s figure goes with it.
     */
    async idleMemory() {
      await sleep(5000);
      const early = treeMemory(child.pid);
      await sleep(10_000);
      return { ...treeMemory(child.pid), early: early.rss };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
      if (env.DATA_DIR) warnBackupsSince(env.DATA_DIR, started);
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Load.

function cannon(url, { headers = {}, cookies, seconds = SECONDS, connections = CONNECTIONS } = {}) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        headers,
        // One signed-in session per connection, as 50 people at 50 browsers.
        setupClient: cookies
          ? (client) => client.setHeaders({ ...headers, cookie: cookies[next++ % cookies.length] })
          : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function summarise(result) {
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
  );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    latency: result.latency,
    statuses,
    errors: result.errors + result.timeouts,
  };
}

/** Warms up (JIT, every session's first lookup) with the same load for 3 s, then measures. */
export async function measure(url, options = {}) {
  await cannon(url, { ...options, seconds: 3 });
  return summarise(await cannon(url, options));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Measures several targets in alternating rounds (A B C, A B C, …) so that a change in the machine's
 * load (other processes on the two cores) falls on all of them alike. Throughput: all rounds added up;
 * latency: the median round's p50, p99 and p99 ÷ p50.
 */
export async function compare(targets, rounds = ROUNDS) {
  for (const target of targets) await cannon(target.url, { ...target.options, seconds: 3 });
  const runs = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      const run = summarise(await cannon(target.url, { ...target.options, seconds: SECONDS }));
      expectOnly(run, target.status ?? 200, target.url);
      runs[index].push(run);
    }
  }
  return runs.map((each) => ({
    rps: Math.round(each.reduce((total, run) => total + run.rps, 0) / each.length),
    p50: median(each.map((run) => run.p50)),
    p99: median(each.map((run) => run.p99)),
    tail: Number(median(each.map((run) => run.p99 / run.p50)).toFixed(2)),
  }));
}

function expectOnly(result, status, what) {
  const other = Object.keys(result.statuses).filter((code) => Number(code) !== status);
  if (other.length > 0 || result.errors > 0)
    throw new Error(
      `${what}: respostas inesperadas ${JSON.stringify(result.statuses)}, erros ${result.errors}`,
    );
}

// ---------------------------------------------------------------------------------------------
// Baselines: a bare node:http server answering the same 304, and nginx serving the same HTML.

const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export function copyHeaders(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

/**
 * A bare node:http server in a process of its own: `setup` is source run once, `handler` the body of
 * `(req, res) => { … }`. Resolves once it listens.
 */
async function startBareNode(setup, handler) {
  const port = await freePort();
  const source = `
    const http = require('node:http');
    ${setup}
    http.createServer((req, res) => { ${handler} })
      .listen(${port}, '127.0.0.1', () => console.log('pronto'));
  `;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

function startBareNode304(etag, headers) {
  return startBareNode(
    `const etag = ${JSON.stringify(etag)}; const headers = ${JSON.stringify(headers)};`,
    `if (req.headers['if-none-match'] === etag) { res.writeHead(304, headers); res.end(); return; }
     res.writeHead(200, { 'content-type': 'text/plain' }); res.end('?');`,
  );
}

/**
 * The floor for p99 ÷ p50: a bare node:http server that spends `workMs` of synchronous CPU on each
 * request (what one of ours costs at its throughput). Under 50 closed-loop connections one saturated
 * Node thread already has a tail on this machine; this measures how much of ours is that.
 */
function startBareNodeWork(workMs) {
  return startBareNode(
    `const work = () => { const end = performance.now() + ${workMs}; while (performance.now() < end); };`,
    `work(); res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}');`,
  );
}

function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  return null;
}

export async function startNginx(html, headers) {
  const nginx = findNginx();
  if (!nginx) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'escola-bench-nginx-'));
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'index.html'), html);
  chmodSync(path.join(dir, 'index.html'), 0o644);
  const port = await freePort();
  const addHeaders = Object.entries(headers)
    .filter(([name]) => !['content-type', 'etag', 'last-modified', 'vary'].includes(name))
    .map(([name, value]) => `add_header ${name} '${String(value).replace(/'/g, "\\'")}' always;`)
    .join('\n        ');
  const temp = (name) => `${name}_temp_path ${path.join(dir, name)};`;
  const config = `
worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  access_log ${path.join(dir, 'access.log')};
  types { text/html html; }
  default_type text/html;
  sendfile on;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location = / {
        ${addHeaders}
        try_files /index.html =404;
    }
  }
}`;
  writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child = spawn(nginx, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {
      await sleep(50);
    }
  }
  return {
    base,
    async stop() {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function startBareNodeStatic(html, headers) {
  return startBareNode(
    `const body = Buffer.from(${JSON.stringify(html)});
     const headers = { ...${JSON.stringify(headers)}, 'content-length': body.length };`,
    `res.writeHead(200, headers); res.end(body);`,
  );
}

// ---------------------------------------------------------------------------------------------
// Lighthouse (mobile), through npx on the system Chromium.

function lighthouse(url) {
  const output = path.join(mkdtempSync(path.join(os.tmpdir(), 'escola-lh-')), 'lh.json');
  const result = spawnSync(
    'npx',
    [
      '-y',
      'lighthouse@12',
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      '--form-factor=mobile',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    },
  );
  if (result.status !== 0 || !existsSync(output)) return null;
  const report = JSON.parse(readFileSync(output, 'utf8'));
  rmSync(path.dirname(output), { recursive: true, force: true });
  const audit = (name) => Math.round(report.audits[name]?.numericValue ?? 0);
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------

export async function signIn(base) {
  const response = await request(base, '/api/auth/login', { method: 'POST', body: ADMIN });
  if (response.status !== 200) throw new Error(`login ${response.status}: ${response.body}`);
  return String(response.headers['set-cookie']).split(';')[0];
}

const ratio = (a, b) => Number((a / b).toFixed(2));

async function runOn(kind) {
  const rows = [];
  const add = (figure, value, goal, ok, detail) =>
    rows.push({ figure, value, goal, ok: ok ? 'sim' : 'NÃO', detail });
  let postgres = null;
  const dataDir = tempDataDir();
  try {
    let env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    if (kind === 'postgres') {
      postgres = await startPostgres();
      if (!postgres) {
        console.log('PostgreSQL não está instalado (apt-get install -y postgresql): pulando.');
        return null;
      }
      env = { ...env, DATABASE_URL: postgres.url };
    }

    // 1. First start on a fresh data dir (PGlite runs initdb here).
    const first = await npmStart(env);
    const firstMemory = await first.idleMemory();
    await first.stop();
    add(
      'memória idle, 1º início (MB, RSS da árvore)',
      firstMemory.rss,
      '≤ 250',
      firstMemory.rss <= 250,
      memoryDetail(firstMemory),
    );

    // 2. The school: 5,000 students, written while the server is stopped.
    await seed(kind === 'postgres' ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir });

    // 3. Restart on the same data; this server takes the load.
    const server = await npmStart(env);
    try {
      const restartMemory = await server.idleMemory();
      add(
        'memória idle, após reinício (MB)',
        restartMemory.rss,
        '≤ 250',
        restartMemory.rss <= 250,
        memoryDetail(restartMemory),
      );

      const cookies = [];
      for (let i = 0; i < CONNECTIONS; i++) cookies.push(await signIn(server.base));
      const sample = JSON.parse(
        (await request(server.base, '/api/alunos', { headers: { cookie: cookies[0] } })).body,
      );
      if (sample.data.total !== STUDENTS)
        throw new Error(`esperava ${STUDENTS} alunos, veio ${sample.data.total}`);

      // The floor's work per request: what a list request costs here, from a short run of it.
      const probe = await measure(`${server.base}/api/alunos?page=1&pageSize=20`, { cookies });
      const floorServer = await startBareNodeWork(Number((1000 / probe.rps).toFixed(2)));
      let health, page, search, floor;
      try {
        [health, page, search, floor] = await compare([
          { url: `${server.base}/api/health` },
          { url: `${server.base}/api/alunos?page=1&pageSize=20`, options: { cookies } },
          { url: `${server.base}/api/alunos?q=Silva&page=1&pageSize=20`, options: { cookies } },
          { url: `${floorServer.base}/` },
        ]);
      } finally {
        floorServer.stop();
      }
      add(
        '/api/alunos pág. 1 ÷ /api/health (req/s)',
        ratio(page.rps, health.rps),
        '≥ 0,5',
        page.rps / health.rps >= 0.5,
        `${page.rps} ÷ ${health.rps}`,
      );
      add(
        '/api/alunos?q=Silva ÷ /api/health (req/s)',
        ratio(search.rps, health.rps),
        '≥ 0,5',
        search.rps / health.rps >= 0.5,
        `${search.rps} ÷ ${health.rps}`,
      );
      // Health's own tail in the same rounds, and the floor's (a bare node:http server doing the same
      // CPU work per request): what the machine and one saturated thread add to every request.
      const floorNote = `piso node:http ${floor.tail} (p50 ${floor.p50}, p99 ${floor.p99} ms, ${floor.rps} req/s); health ${health.tail}`;
      add(
        'p99 ÷ p50, pág. 1',
        page.tail,
        '≤ 3',
        page.tail <= 3,
        `p50 ${page.p50} ms, p99 ${page.p99} ms; ${floorNote}`,
      );
      add(
        'p99 ÷ p50, ?q=Silva',
        search.tail,
        '≤ 3',
        search.tail <= 3,
        `p50 ${search.p50} ms, p99 ${search.p99} ms, ${search.rps} req/s`,
      );

      // 304 on the content polling vs a bare node:http server answering the same 304.
      const content = await request(server.base, '/api/content/public');
      const etag = content.headers.etag;
      const notModified = await request(server.base, '/api/content/public', {
        headers: { 'if-none-match': etag },
      });
      if (notModified.status !== 304) throw new Error(`esperava 304, veio ${notModified.status}`);
      const bare = await startBareNode304(etag, copyHeaders(notModified.headers));
      let ours304, bare304;
      try {
        const poll = { headers: { 'if-none-match': etag } };
        [ours304, bare304] = await compare([
          { url: `${server.base}/api/content/public`, options: poll, status: 304 },
          { url: `${bare.base}/api/content/public`, options: poll, status: 304 },
        ]);
      } finally {
        bare.stop();
      }
      add(
        '/api/content/public 304 ÷ node:http puro',
        ratio(ours304.rps, bare304.rps),
        '≥ 0,70',
        ours304.rps / bare304.rps >= 0.7,
        `${ours304.rps} ÷ ${bare304.rps}`,
      );

      // `/` vs nginx serving the same HTML (and the same headers) as a static file.
      const home = await request(server.base, '/');
      if (home.status !== 200) throw new Error(`/ respondeu ${home.status}`);
      let reference = await startNginx(home.body, copyHeaders(home.headers));
      let referenceName = 'nginx (1 worker)';
      if (!reference) {
        console.log(
          'nginx não está instalado (apt-get install -y nginx): comparando com node:http estático.',
        );
        reference = await startBareNodeStatic(home.body, copyHeaders(home.headers));
        referenceName = 'node:http estático';
      }
      let ourHome, theirHome;
      try {
        [ourHome, theirHome] = await compare([{ url: `${server.base}/` }, { url: `${reference.base}/` }]);
      } finally {
        await reference.stop();
      }
      add(
        `/ ÷ ${referenceName}`,
        ratio(ourHome.rps, theirHome.rps),
        '≥ 0,75',
        ourHome.rps / theirHome.rps >= 0.75,
        `${ourHome.rps} ÷ ${theirHome.rps} (${home.body.length} bytes)`,
      );

      if (process.env.LIGHTHOUSE !== '0') {
        const lh = lighthouse(`${server.base}/`);
        if (lh) {
          add(
            'Lighthouse mobile, desempenho em /',
            lh.score,
            '100',
            lh.score === 100,
            `FCP ${lh.fcp} ms, LCP ${lh.lcp} ms, TBT ${lh.tbt} ms, CLS ${lh.cls.toFixed(3)}`,
          );
        } else {
          add('Lighthouse mobile, desempenho em /', 'falhou', '100', false, 'npx lighthouse@12 não rodou');
        }
      }
    } finally {
      await server.stop();
    }
    return rows;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    postgres?.stop();
  }
}

const only = process.env.BENCH_DB;
const isMain = process.argv[1] === new URL(import.meta.url).pathname;
for (const kind of ['pglite', 'postgres']) {
  if (!isMain || (only && only !== kind)) continue;
  const rows = await runOn(kind);
  if (!rows) continue;
  console.log(
    `\n## Desempenho (issue 11) em ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${STUDENTS} alunos, ` +
      `${CONNECTIONS} conexões, ${SECONDS} s por medida, ${os.cpus().length} núcleos`,
  );
  console.table(rows);
}
