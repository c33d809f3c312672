/**
 * The school home's 'Turmas Ativas': the classes of this school year — not next year's, opened in
 * December, nor past years' — and, between two years, the one just ended until the next begins.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardEscola } from '../../../shared/dashboard.schemas.js';
import { clock } from '../../lib/clock.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { dataOf, insertClass } from '../../test/records-fixtures.js';
import { createSchoolYear, YEAR_2027 } from '../../test/school-fixtures.js';

const t = setupTestApp();
const { get } = requestsOf(() => t.app);

afterEach(() => clock.unpin());

async function turmas(cookie: string) {
  return dataOf<DashboardEscola>(await get('/api/dashboard/stats', cookie)).total_turmas;
}

describe('GET /api/dashboard/stats: Turmas Ativas', () => {
  it('counts the classes of the current school year only', async () => {
    clock.pin('2026-12-06');
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    await insertClass(t, null);
    await insertClass(t, null);
    // 2027's classes, opened in December for the rematrícula; a 2025 class left 'ativo'; an inactive one.
    await insertClass(t, null, 25, { anoLetivo: '2027' });
    await insertClass(t, null, 25, { anoLetivo: '2025' });
    await insertClass(t, null, 25, { status: 'inativo' });
    expect(await turmas(admin.cookie)).toBe(2);
  });

  it('between two years, the one just ended (its classes concluded too) until the next begins', async () => {
    clock.pin('2026-12-06');
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    await createSchoolYear(t, admin.cookie, YEAR_2027);
    await insertClass(t, null, 25, { status: 'concluido' });
    await insertClass(t, null, 25, { status: 'concluido' });
    await insertClass(t, null, 25, { anoLetivo: '2027' });
    clock.pin('2027-01-15');
    expect(await turmas(admin.cookie)).toBe(2);
    clock.pin('2027-02-01');
    expect(await turmas(admin.cookie)).toBe(1);
  });
});
