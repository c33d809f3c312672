/** What the calendar tests share: the test app and its hooks, and the 2026 school year's body. */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { clock } from '../../lib/clock.js';
import { createTestApp, type TestApp, requestsOf } from '../../test/test-app.js';

export let t: TestApp;

/** The test app of the calendar tests: a fresh database before each test, the clock pinned to 20/03/2026. */
export function setupCalendarTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    clock.pin('2026-03-20');
  });
  afterEach(() => clock.unpin());
}

export const { send, get } = requestsOf(() => t.app);

export const year2026 = {
  ano: 2026,
  inicio: '2026-02-02',
  fim: '2026-12-11',
  tipo_periodo: 'bimestre',
};
