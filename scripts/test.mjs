// `npm test`: every test on a fresh machine. Installs Debian's Chromium and PostgreSQL when missing,
// runs the Vitest suite on PGlite, the server suite again on a throwaway PostgreSQL cluster, then
// builds the app and runs the Playwright journeys against the real server.
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { build, root } from './build-lib.mjs';
import { postgresBin, startPostgresCluster } from './local-services.mjs';

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7);
const extra = process.argv.slice(2).filter((arg) => !arg.startsWith('--only='));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Most journeys run in Chromium's headless shell, the ones about the service worker in the full browser
// (playwright.config.ts, ADR 0084): both are Debian packages of the same Chromium.
const chromiumShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
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

const reports = mkdtempSync(path.join(os.tmpdir(), 'escola-test-report-'));

/** Test counts from a runner's JSON report (Vitest and Playwright write different shapes). */
function countTests(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

/**
 * The failed tests of a runner's JSON report, each with its file and the first line of its error: printed
 * again in the closing summary, since CI keeps only the tail of a run's output and a failure's own lines
 * are far above it.
 */
function failedTests(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const firstLine = (text) =>
    stripVTControlCharacters(String(text ?? ''))
      .trim()
      .split('\n')[0];
  const failed = [];
  for (const result of report.testResults ?? []) {
    const file = path.relative(root, result.name);
    const tests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of tests)
      failed.push({ file, title: test.fullName ?? test.title, error: firstLine(test.failureMessages?.[0]) });
    // A file that failed before its tests ran (an import error, a hook) has no failed test to name.
    if (tests.length === 0 && result.status === 'failed')
      failed.push({ file, title: '(o arquivo)', error: firstLine(result.message) });
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected')
          failed.push({
            file: spec.file ?? suite.file,
            title: [...titles, spec.title].join(' › '),
            error: firstLine(test.results?.at(-1)?.error?.message),
          });
    for (const inner of suite.suites ?? []) walk(inner, suite.file ? [...titles, inner.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return failed;
}

/** Seconds per test file from a runner's JSON report, so the slowest can be named (Vitest and Playwright). */
function fileSeconds(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const totals = new Map();
  const add = (name, ms) => totals.set(name, (totals.get(name) ?? 0) + ms);
  for (const result of report.testResults ?? [])
    add(result.name, (result.endTime ?? 0) - (result.startTime ?? 0));
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const run of test.results ?? []) add(spec.file ?? suite.file, run.duration ?? 0);
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...totals].map(([name, ms]) => ({ name: path.relative(root, name), seconds: ms / 1000 }));
}

/** The ten slowest files of a stage: where to look first when `npm test` grows (it must stay well under 20 min). */
function printSlowest(report) {
  const files = fileSeconds(report).sort((a, b) => b.seconds - a.seconds);
  if (files.length === 0) return;
  console.log('\nArquivos mais lentos desta etapa:');
  for (const file of files.slice(0, 10))
    console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`);
}

function finishStep(name, ok, started, report, ended = Date.now()) {
  const counts = report ? countTests(report) : null;
  const failed = report ? failedTests(report) : [];
  if (report) printSlowest(report);
  results.push({ name, ok, counts, failed, seconds: Math.round((ended - started) / 1000) });
  return ok;
}

/**
 * A stage in the foreground, its output on the terminal. Waited for without blocking, so a stage beside
 * it (`stepBeside`) is seen ending when it ends.
 */
function step(name, command, args, env = {}, report) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  }).then((ok) => finishStep(name, ok, started, report));
}

/**
 * A stage run beside the others: its output goes to a file, printed whole once it ends (two stages
 * never interleave their lines). Resolves to a function that prints it and records its result.
 */
function stepBeside(name, command, args, env = {}, report) {
  const log = path.join(reports, `${results.length}-${name.replace(/\W+/g, '-')}.log`);
  const started = Date.now();
  const out = openSync(log, 'w');
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
  });
  closeSync(out);
  return new Promise((resolve) => {
    // Its time is its own (start to exit), though it is printed only when the stage beside it ends.
    const done = (code) => {
      const ended = Date.now();
      resolve(() => {
        console.log(`\n▶ ${name}`);
        process.stdout.write(readFileSync(log, 'utf8'));
        return finishStep(name, code === 0, started, report, ended);
      });
    };
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });
}

function vitestArgs(args) {
  const report = path.join(reports, `${results.length}-vitest.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return { report, args: ['run', ...args, ...reporters, ...extra] };
}

function vitest(name, args, env = {}) {
  const run = vitestArgs(args);
  return step(name, bin('vitest'), run.args, env, run.report);
}

async function startPostgres() {
  let pgBin = postgresBin();
  if (!pgBin) {
    aptInstall(['postgresql']);
    pgBin = postgresBin();
  }
  return startPostgresCluster(pgBin, {
    prefix: 'escola-pg-',
    // autovacuum off: the test databases live minutes, and a vacuum between two tests hands the rows a test
    // deleted (ADR 0066's reset) to the next test's inserts, so a table read without `order by` stopped
    // coming back in insertion order at random (ensino-medio's audit rows, once in a run).
    settings: ['fsync=off', 'autovacuum=off'],
    stopMode: 'immediate',
  });
}

/**
 * The PostgreSQL stage is there for the database's behaviour (ADR 0047): it runs the server test files
 * that opened a database in the PGlite stage of this same run (openTestDatabase lists them in
 * TEST_DATABASE_FILES), plus the ones that read TEST_DATABASE_URL themselves. A file that never opens
 * one would run the same code twice. With no complete list (the PGlite stage did not run, or failed),
 * every server file runs.
 */
const databaseFiles = path.join(reports, 'database-files.txt');
const POSTGRES_SKIP = 'PostgreSQL stage: skipped —';
function postgresFiles() {
  const pglite = results.find((r) => r.name === 'Vitest (PGlite)');
  if (!pglite?.ok || !existsSync(databaseFiles)) return null;
  // Real paths on both sides: Vitest reports a file by its real path, and root may hold a symlink.
  const server = realpathSync(path.join(root, 'src', 'server'));
  const all = readdirSync(server, { recursive: true })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(server, file));
  const opened = new Set(
    readFileSync(databaseFiles, 'utf8')
      .split('\n')
      .filter((file) => file && existsSync(file))
      .map((file) => realpathSync(file)),
  );
  // A file may say why the database adds nothing to it (`PostgreSQL stage: skipped — <reason>`): the
  // API's input fuzzing and the permission matrix check the app's answers, which the database does not
  // shape, and together took about 70 s of this stage.
  const chosen = all.filter((file) => {
    const text = readFileSync(file, 'utf8');
    if (text.includes(POSTGRES_SKIP)) return false;
    return opened.has(file) || text.includes('TEST_DATABASE_URL');
  });
  console.log(
    `\nPostgreSQL: ${chosen.length} dos ${all.length} arquivos de teste do servidor (os que abrem um banco; ADR 0047; os marcados '${POSTGRES_SKIP}' ficam fora).`,
  );
  return chosen.map((file) => path.relative(root, file));
}

const started = Date.now();
// Coverage of the PGlite run, printed and never gated, on request (COVERAGE=1): V8's counters cost
// about a minute of the stage on 2 cores, and `npm test` must stay well under 20 minutes. Needs
// @vitest/coverage-v8 at Vitest's exact version.
const coverageDir = path.join(reports, 'coverage');
const wantsCoverage = process.env.COVERAGE === '1';
const hasCoverage =
  wantsCoverage && existsSync(path.join(root, 'node_modules', '@vitest', 'coverage-v8', 'package.json'));
if (!only || only === 'unit') {
  const coverage = hasCoverage
    ? [
        '--coverage.enabled',
        '--coverage.provider=v8',
        '--coverage.include=src/**/*.{ts,tsx}',
        '--coverage.reporter=text-summary',
        `--coverage.reportsDirectory=${coverageDir}`,
      ]
    : [];
  await vitest('Vitest (PGlite)', coverage, { TEST_DATABASE_FILES: databaseFiles });
  if (wantsCoverage && !hasCoverage)
    console.log('Cobertura: instale @vitest/coverage-v8 da mesma versão do Vitest para vê-la.');
}
// The PostgreSQL stage. In a full run it runs beside the Playwright stage: the journeys, one at a time,
// leave part of the 2 cores idle (the runner, the server and Chromium take turns), and the stage alone
// took 190–360 s of the run (ADR 0091). It keeps its two workers: with one it stretched over the whole
// of the journeys and ended after them (1,234 s on a loaded machine); with two it is done early. Its
// output is printed once it ends, as the production install's.
const POSTGRES_STAGE = 'Vitest do servidor (PostgreSQL)';
let postgresStage = null;
async function startPostgresStage() {
  const files = postgresFiles();
  const cluster = await startPostgres();
  const run = vitestArgs(files ?? ['src/server']);
  const printed = stepBeside(
    POSTGRES_STAGE,
    bin('vitest'),
    run.args,
    { TEST_DATABASE_URL: cluster.url },
    run.report,
  );
  postgresStage = printed.finally(() => cluster.stop());
}
const postgresBeside = !only;
if (only === 'pg') {
  const cluster = await startPostgres();
  try {
    await vitest(POSTGRES_STAGE, postgresFiles() ?? ['src/server'], { TEST_DATABASE_URL: cluster.url });
  } finally {
    cluster.stop();
  }
}
// The production install on a clean copy (npm ci --omit=dev, npm start): minutes of installing, so only
// in CI or when asked (--only=package). In a full run it runs beside the Playwright stage: its npm ci is
// mostly network and disk, and one Playwright worker leaves part of 2 cores idle. Started earlier, beside
// the PGlite or the PostgreSQL stage, it was starved and became the run's long pole (1,048 s and
// 1,736 s against about 1,350 s for the whole run this way). Its output is printed once it ends.
const wantsPackage = only === 'package' || (!only && process.env.CI === 'true');
let packageStage = null;
function startPackageCheck() {
  const report = path.join(reports, 'install.json');
  packageStage = stepBeside(
    'Instalação de produção (npm ci --omit=dev, npm start)',
    process.execPath,
    [path.join(root, 'scripts/check-install.mjs')],
    { INSTALL_REPORT: report },
    report,
  );
}

if (!only || only === 'e2e') {
  // Without the shell the journeys still run, all in the full browser (slower): only root installs it.
  const wanted = [chromium, ...(process.getuid?.() === 0 ? [chromiumShell] : [])];
  const missing = wanted.filter((file) => !existsSync(file));
  if (missing.length > 0)
    aptInstall(missing.map((file) => (file === chromium ? 'chromium' : 'chromium-headless-shell')));
  console.log('\n▶ Build');
  build();
  if (postgresBeside) {
    console.log('(O PostgreSQL roda junto com o Playwright; a saída aparece no fim.)');
    await startPostgresStage();
  }
  if (wantsPackage) {
    console.log('(A instalação de produção roda junto com o Playwright; a saída aparece no fim.)');
    startPackageCheck();
  }
  const report = path.join(reports, 'playwright.json');
  await step(
    'Playwright (Chromium)',
    bin('playwright'),
    ['test', '--reporter=list,json', ...extra],
    {
      CHROMIUM_PATH: chromium,
      CHROMIUM_HEADLESS_SHELL_PATH: chromiumShell,
      PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    },
    report,
  );
}

// Started after the build in a full run (the only kind that runs it beside the journeys).
if (postgresStage) (await postgresStage)();
if (wantsPackage) {
  if (!packageStage) startPackageCheck();
  (await packageStage)();
}

// The closing line counts tests, not stages. A stage that failed without a report (it crashed before
// running, or its runner broke) counts as one failure, so the total can never read as all green.
const total = { passed: 0, failed: 0, skipped: 0 };
console.log('\nResumo:');
for (const r of results) {
  const counts = r.counts ?? { passed: 0, failed: r.ok ? 0 : 1, skipped: 0 };
  if (!r.ok && counts.failed === 0) counts.failed = 1;
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  const detail = r.counts
    ? `${counts.passed} ok, ${counts.failed} falhas, ${counts.skipped} ignorados`
    : 'sem relatório';
  console.log(`  ${r.ok ? '✔' : '✘'} ${r.name}: ${detail} (${r.seconds}s)`);
  for (const test of r.failed.slice(0, 20)) {
    console.log(`      ✘ ${test.file} › ${test.title}`);
    if (test.error) console.log(`        ${test.error.slice(0, 300)}`);
  }
  if (r.failed.length > 20) console.log(`      … e mais ${r.failed.length - 20}`);
}
rmSync(reports, { recursive: true, force: true });
console.log(`Tempo total: ${Math.round((Date.now() - started) / 1000)}s`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
