import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { EnvironmentGroupedSequencer } from './test-sequencer.config';
import { testTiming } from './test-timing.config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Migrates one database; each test file's database is a copy of it.
    globalSetup: ['src/server/test/global-setup.ts'],
    // One fresh in-memory database per test file; files run in parallel workers.
    pool: 'forks',
    // A worker keeps its modules from one file to the next instead of importing the app again for each
    // (about 3 s a file on 2 cores; the PGlite stage went from 400 s to 256 s). Safe because nothing
    // module-level outlives a file: every cache is keyed by its database (a WeakMap), each file opens
    // its own, and a pinned clock is unpinned in the file that pinned it.
    isolate: false,
    // …and is handed the next file only when that file has its environment: the files of one environment
    // run together (test-sequencer.config.ts).
    sequence: { sequencer: EnvironmentGroupedSequencer },
    // At least two: Vitest's default (cores − 1) runs one file at a time on a 2-core machine, and the files
    // wait on their database much of the time. Measured on a quiet 2-core machine, PostgreSQL stage:
    // 416 s with one worker, 209 s with two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A stray `.only` must fail CI, not silently skip the rest of the suite.
    allowOnly: !process.env.CI,
    // Generous, from test-timing.config.ts: the walks over every route and the password-hashing throttle
    // tests take seconds on a quiet machine and several times that on 2 shared cores (30 s at load 13).
    testTimeout: testTiming.testMs,
    hookTimeout: testTiming.hookMs,
  },
});
