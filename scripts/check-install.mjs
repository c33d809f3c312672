// The production install (issue 10/11): a copy of the project, `npm ci --omit=dev`, `npm start`, then
// GET /api/health and GET /. Proves that what `npm start` builds with and runs on are dependencies,
// not dev dependencies. Run by `npm test` in CI (CI=true) or with `npm test -- --only=package`.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './local-services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'escola-install-'));
const copy = path.join(work, 'app');
const fail = (message) => {
  console.error(`✘ ${message}`);
  process.exitCode = 1;
};

let server = null;
try {
  // The files git knows (tracked, or new and not ignored): what a clean clone would hold.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(copy, file));
  }
  console.log(`Cópia limpa com ${files.length} arquivos em ${copy}; npm ci --omit=dev...`);
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: copy,
    stdio: 'inherit',
  });

  const port = await freePort();
  server = spawn('npm', ['start'], {
    cwd: copy,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data') },
  });
  const base = `http://127.0.0.1:${port}`;
  let healthy = false;
  // The first start builds the client, the public page and the server: minutes on a slow machine.
  for (let i = 0; i < 600 && !healthy && server.exitCode === null; i++) {
    try {
      healthy = (await fetch(`${base}/api/health`)).ok;
    } catch {
      // still starting
    }
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!healthy) {
    fail('npm start não respondeu em /api/health');
  } else {
    const health = await (await fetch(`${base}/api/health`)).json();
    if (health.status !== 'ok') fail(`/api/health respondeu ${JSON.stringify(health)}`);
    const home = await fetch(`${base}/`);
    const html = await home.text();
    if (home.status !== 200) fail(`/ respondeu ${home.status}`);
    // Server-rendered: the school's name and the content are in the HTML itself.
    else if (!/<h1[^>]*>[^<]+/.test(html) || !html.includes('application/ld+json'))
      fail('/ não veio renderizado no servidor');
    else console.log('✔ npm ci --omit=dev && npm start: /api/health ok, / renderizado no servidor');
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.on('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
  // One check, counted in npm test's closing line (the shape of a Vitest JSON report).
  if (process.env.INSTALL_REPORT) {
    const ok = process.exitCode !== 1;
    writeFileSync(
      process.env.INSTALL_REPORT,
      JSON.stringify({
        numPassedTests: ok ? 1 : 0,
        numFailedTests: ok ? 0 : 1,
        numPendingTests: 0,
        numTodoTests: 0,
      }),
    );
  }
}
