// Shared pieces for the benchmarks: start the built server on a fresh data dir, drive a bounded
// load from this process over loopback, and report percentiles.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/local-services.mjs';

export { freePort };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts dist/node/server/main.js (run `npm run build` first) and resolves when healthy. On a fresh
 * data dir that stop() removes, unless `dataDir` is given (then the caller owns it: see tempDataDir).
 */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startServer(env = {}, { dataDir: given, serverRoot = root, quiet = false } = {}) {
  const port = await freePort();
  const startedAt = Date.now();
  const dataDir = given ?? tempDataDir();
  // BENCH_NODE_ARGS: flags for the server's Node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // `serverRoot`: another checkout's build (a before/after comparison in one run).
  const child = spawn(process.execPath, [...nodeArgs, path.join(serverRoot, 'dist/node/server/main.js')], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // starting
    }
    await sleep(100);
  }
  return {
    base,
    port,
    dataDir,
    pid: child.pid,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => child.on('exit', resolve));
      if (!quiet) warnBackupsSince(dataDir, startedAt);
      if (!given) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The daily backups in a data dir's BACKUP_DIR (the default, DATA_DIR/backups), with their times. */
function dailyBackups(dataDir) {
  const dir = path.join(dataDir, 'backups');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith('diario-'))
    .map((name) => ({ name, mtimeMs: statSync(path.join(dir, name)).mtimeMs }));
}

/**
 * A daily backup written while a server ran shared the machine with what was measured (on PGlite it
 * holds the only connection): said, so a figure is not read without it.
 */
export function warnBackupsSince(dataDir, startedAt) {
  const during = dailyBackups(dataDir).filter((file) => file.mtimeMs >= startedAt);
  if (during.length > 0)
    console.warn(
      `[bench] backup diário gravado durante este servidor (${during.map((file) => file.name).join(', ')}): as medidas dividiram a máquina com ele`,
    );
}

/**
 * The first start of a bench's database (schema, administrator), stopped once its day's automatic
 * backup is written. Stopped at once instead, the backup job stays queued (SIGTERM lets the job in hand
 * finish, not one not yet taken) and the next start — the measured one, on the seeded school — runs a
 * full backup while it is measured (at 50,000 students, seconds of the only PGlite connection).
 */
export async function firstStart(env = {}, { dataDir: given } = {}) {
  const dataDir = given ?? tempDataDir();
  const server = await startServer(env, { dataDir, quiet: true });
  try {
    for (let waited = 0; dailyBackups(dataDir).length === 0; waited += 100) {
      if (waited >= 120_000) {
        console.warn('[bench] o backup diário da primeira partida não apareceu em 2 min; seguindo');
        break;
      }
      await sleep(100);
    }
  } finally {
    await server.stop();
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  }
}

export function tempDataDir() {
  return mkdtempSync(path.join(os.tmpdir(), 'escola-bench-'));
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One request over a keep-alive agent (lib's, at most 256 sockets, unless `agent` is given); resolves to
 * { status, headers, body, ms } — `ms` from the call to the end of the body.
 */
export function request(base, pathname, { method = 'GET', headers = {}, body, agent: via = agent } = {}) {
  const url = new URL(pathname, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      {
        method,
        agent: via,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Runs `make(id, i)` (returns a promise) from `concurrency` clients for `seconds` (bounded, loopback
 * only), each sending its next request as soon as the last one answers — or, with `pauseMs`, that long
 * after it (a person's open tab rather than a load generator; the clients start spread over the first
 * pause so they do not all ask at once). Returns requests/s and latency percentiles in ms.
 */
export async function load({ concurrency, seconds, make, pauseMs = 0 }) {
  const latencies = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  let counter = 0;
  const worker = async (id) => {
    if (pauseMs > 0) await sleep((id / concurrency) * pauseMs);
    while (Date.now() < until) {
      const started = performance.now();
      try {
        const response = await make(id, counter++);
        if (response.status >= 400) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
      if (pauseMs > 0) await sleep(pauseMs);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, (_, id) => worker(id)));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p95: Number(percentile(latencies, 95).toFixed(1)),
  };
}

export function report(title, rows) {
  console.log(`\n## ${title}`);
  console.table(rows);
}
