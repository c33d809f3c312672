import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { seedDemo } from '../demo/seed-demo.js';
import { clock } from '../lib/clock.js';
import { setupTestApp, type TestApp } from './test-app.js';

/**
 * The demo school (`seedDemo`, as `npm run demo` writes it) for a test file that only reads it: seeded
 * once before the file's tests with the clock pinned on `today` (17/06/2026 unless told) until they end;
 * the rows stay from one test to the next. Seeding takes long on a loaded machine, hence the timeout.
 */
export function setupDemoSchool(options: { today?: string; timeoutMs?: number } = {}): TestApp {
  const t = setupTestApp({}, { keepData: true });
  beforeAll(async () => {
    clock.pin(options.today ?? '2026-06-17');
    await seedDemo(t.app.ctx);
    // The database came from the file before (ADR 0065) with its planner statistics of nearly empty
    // tables: the thousands of rows just seeded are read with plans made for none (a join of the grade
    // history took 90 s on PostgreSQL). A school's database is analysed by autovacuum; this one now.
    await t.database.db.execute(sql`analyze`);
  }, options.timeoutMs ?? 120_000);
  afterAll(() => clock.unpin());
  return t;
}
