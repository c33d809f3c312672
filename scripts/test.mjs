// `npm test`: every test on a fresh machine. Installs Debian's Chromium and PostgreSQL when missing,
// runs the Vitest suite on PGlite, the server suite again on a throwaway PostgreSQL cluster, then
// builds the app and runs the Playwright journeys against the real server.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build, root } from './build-lib.mjs';

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7);
const extra = process.argv.slice(2).filter((arg) => !arg.startsWith('--only='));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = [];

function aptInstall(packages) {
  if (process.getuid?.() !== 0) {
    console.error(`Instale com: sudo apt-get install -y ${packages.join(' ')}`);
    process.exit(1);
  }
  console.log(`Instalando ${packages.join(', ')} (apt)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}

function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(base, version, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

async function withPostgres(run) {
  let pgBin = postgresBin();
  if (!pgBin) {
    aptInstall(['postgresql']);
    pgBin = postgresBin();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'escola-pg-'));
  chmodSync(dir, 0o777);
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const exec = (cmd, args) => {
    const [head, ...rest] = [...asPostgres, path.join(pgBin, cmd), ...args];
    execFileSync(head, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  exec('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  try {
    return run(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } finally {
    try {
      exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

const started = Date.now();
if (!only || only === 'unit') {
  step('Vitest (PGlite)', bin('vitest'), ['run', ...extra]);
}
if (!only || only === 'pg') {
  await withPostgres((url) =>
    step('Vitest do servidor (PostgreSQL)', bin('vitest'), ['run', 'src/server', ...extra], {
      TEST_DATABASE_URL: url,
    }),
  );
}
if (!only || only === 'e2e') {
  if (!existsSync(chromium)) aptInstall(['chromium']);
  console.log('\n▶ Build');
  build();
  step('Playwright (Chromium)', bin('playwright'), ['test', ...extra], { CHROMIUM_PATH: chromium });
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log('\nResumo:');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds}s)`);
console.log(`Tempo total: ${Math.round((Date.now() - started) / 1000)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
