/**
 * What the Educação Infantil tests (pareceres, photos, the stage's rules) share: the app, emptied before
 * each test with the clock on 20/03/2026 (the 1st bimestre of the 2026 year), and the Pré II stage.
 */
import { afterEach, beforeEach } from 'vitest';
import { clock } from '../../lib/clock.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';

/** A class's stage fields for the Pré II of Educação Infantil (morning). */
export const PRE_II = { nivel: 'Educação Infantil', serie: 'Pré II', turno: 'manha' } as const;

/** Registers the file's hooks; returns the app and its request helpers, as setupTestApp/requestsOf do. */
export function setupInfantilTest() {
  const t = setupTestApp();
  beforeEach(() => clock.pin('2026-03-20'));
  afterEach(() => clock.unpin());
  return { t, ...requestsOf(() => t.app) };
}
