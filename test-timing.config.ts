/**
 * Every wait in the tests that depends on how fast the machine is, in one place. A school's CI is often
 * a small shared runner: `npm test` on 2 cores at load 10–20 took 63 min, and failed where a wait had
 * no margin — Testing Library's 1 s `findBy`, a server that took over 60 s to start. The margins below
 * cost nothing when the machine is fast (a wait ends as soon as what it waits for is there) and are
 * never a retry: a test that really fails still fails, only later.
 *
 * `TEST_TIME_SCALE` (a number from 1 to 20, default 1) multiplies them all for a slower machine.
 */
export interface TestTiming {
  scale: number;
  /** A wait for something to appear: Testing Library's `findBy…`/`waitFor`, `vi.waitFor`. */
  waitMs: number;
  /** One Vitest test, and one hook (a `beforeAll` that builds an app and its database). */
  testMs: number;
  hookMs: number;
  /** A built server process, from spawn to `/api/health` answering (a fresh data directory migrates). */
  serverStartMs: number;
  /** One Playwright journey, and one of its `expect`s. */
  e2eTestMs: number;
  e2eExpectMs: number;
}

export function testTimingFor(value: string | undefined): TestTiming {
  const scale = value === undefined || value.trim() === '' ? 1 : Number(value);
  if (!Number.isFinite(scale) || scale < 1 || scale > 20)
    throw new Error(`TEST_TIME_SCALE deve ser um número de 1 a 20 (recebido: ${String(value)})`);
  const scaled = (ms: number) => Math.round(ms * scale);
  return {
    scale,
    waitMs: scaled(10_000),
    testMs: scaled(90_000),
    hookMs: scaled(120_000),
    serverStartMs: scaled(180_000),
    e2eTestMs: scaled(60_000),
    e2eExpectMs: scaled(10_000),
  };
}

export const testTiming = testTimingFor(process.env.TEST_TIME_SCALE);
