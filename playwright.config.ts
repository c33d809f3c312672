import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './e2e/support';
import { testTiming } from './test-timing.config';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh data directory per run: the journeys start from an empty school.
// Set once in the runner's process so the workers (which inherit its environment) see the same one.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'escola-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

// Two builds of Debian's Chromium (ADR 0084). The journeys run in its headless shell (Blink without the
// browser around it: half the CPU of the full browser for the same pages); the ones about the portal's
// service worker — installing, push, offline, a spec that says `serviceWorkers: 'allow'` — run in the
// full browser, which has what they check. Without the shell (a machine that only has `chromium`), every
// journey runs in the full browser.
const fullBrowser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const everyJourneyWithWorker = process.env.E2E_SW === 'allow';
const shell = existsSync(shellPath) && !everyJourneyWithWorker ? shellPath : fullBrowser;
const journeys = path.join(import.meta.dirname, 'e2e');
const workerJourneys = readdirSync(journeys)
  .filter((file) => file.endsWith('.spec.ts'))
  .filter((file) => /serviceWorkers:\s*'allow'/.test(readFileSync(path.join(journeys, file), 'utf8')));
const inFullBrowser = workerJourneys.map((file) => `**/${file}`);
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const launchIn = (executablePath: string) => ({ launchOptions: { executablePath, args: chromiumArgs } });

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  forbidOnly: Boolean(process.env.CI),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Waits that depend on the machine's speed come from test-timing.config.ts (TEST_TIME_SCALE).
  timeout: testTiming.e2eTestMs,
  expect: { timeout: testTiming.e2eExpectMs },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'pt-BR',
    // Every fresh context would install the portal's service worker and precache the whole app (≈ 220
    // files) for a journey that never goes offline: a tenth of the stage's CPU. The journeys about the
    // worker (pwa, chamada-offline, push) and one of a new school's first week allow it; `E2E_SW=allow`
    // runs every journey under it, as a browser has it (ADR 0069).
    serviceWorkers: process.env.E2E_SW === 'allow' ? 'allow' : 'block',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace of every journey made the e2e stage ≈ 25 % slower (grades + lgpd + records:
    // 143–149 s against 105–111 s). A failure is retried once in CI, and that retry is traced; locally,
    // `npx playwright test --trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/, use: launchIn(shell) },
    {
      name: 'chromium',
      testMatch: /.*\.spec\.ts/,
      testIgnore: inFullBrowser,
      dependencies: ['setup'],
      use: launchIn(shell),
    },
    {
      name: 'chromium-completo',
      testMatch: inFullBrowser,
      dependencies: ['setup'],
      use: launchIn(fullBrowser),
    },
  ],
  webServer: {
    command: 'node dist/node/server/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: testTiming.serverStartMs,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.firstPassword,
      LOG_LEVEL: 'warn',
    },
  },
});
