/** What the calendar tests share: the test app and its hooks, and the 2026 school year's body. */
import { afterEach, beforeEach } from 'vitest';
import { clock } from '../../lib/clock.js';
import { setupTestApp, type TestApp, requestsOf } from '../../test/test-app.js';
import { SCHOOL_YEAR_2026 } from '../../test/school-fixtures.js';

export let t: TestApp;

/** The test app of the calendar tests: a fresh database before each test, the clock pinned to 20/03/2026. */
export function setupCalendarTestApp(): void {
  t = setupTestApp();
  beforeEach(() => clock.pin('2026-03-20'));
  afterEach(() => clock.unpin());
}

export const { send, get } = requestsOf(() => t.app);

/** The 2026 year without its periods: the server cuts it into equal bimestres. */
export const year2026 = {
  ano: SCHOOL_YEAR_2026.ano,
  inicio: SCHOOL_YEAR_2026.inicio,
  fim: SCHOOL_YEAR_2026.fim,
  tipo_periodo: SCHOOL_YEAR_2026.tipo_periodo,
};
