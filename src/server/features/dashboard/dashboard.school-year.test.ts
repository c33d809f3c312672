/**
 * The school home's 'Turmas Ativas' and 'Alunos Ativos': the classes and the students of this school
 * year — not next year's, opened and pre-enrolled in December, nor past years' — and, between two
 * years, the one just ended until the next begins.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardEscola } from '../../../shared/dashboard.schemas.js';
import { clock } from '../../lib/clock.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { students } from '../../db/schema/students.js';
import { createSchoolYear, YEAR_2027 } from '../../test/school-fixtures.js';
import { forgetSharedReads } from '../finance/index.js';

const t = setupTestApp();
const { get } = requestsOf(() => t.app);

afterEach(() => clock.unpin());

/**
 * The home's figures are shared for a second between identical reads (`sharedRead`, keyed by the day);
 * these tests write their rows straight to the database, not through a write that drops them, and two
 * tests pinned to one day may run within that second.
 */
async function stats(cookie: string) {
  forgetSharedReads(t.database.db);
  return dataOf<DashboardEscola>(await get('/api/dashboard/stats', cookie));
}

async function turmas(cookie: string) {
  return (await stats(cookie)).total_turmas;
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

async function alunos(cookie: string) {
  const figures = await stats(cookie);
  return { total: figures.total_alunos, ano: figures.ano_letivo };
}

/** The year-end rematrícula's move: the membership of last year's class ends, next year's begins. */
async function moveUp(alunoId: string, turmaId: string, inicio: string, fim: string) {
  await t.database.db.update(classMemberships).set({ fim }).where(eq(classMemberships.alunoId, alunoId));
  await t.database.db.insert(classMemberships).values({ alunoId, turmaId, inicio });
  await t.database.db
    .update(students)
    .set({ turmaId, dataEnturmacao: inicio })
    .where(eq(students.id, alunoId));
}

describe('GET /api/dashboard/stats: Alunos Ativos', () => {
  it('counts the active students of the current school year, not the ones pre-enrolled for next year', async () => {
    clock.pin('2026-12-06');
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    const turma = await insertClass(t, null);
    const next = await insertClass(t, null, 25, { anoLetivo: '2027' });
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    // A transferred student; a new family's child enrolled in December in a 2027 class.
    const gone = await insertStudent(t, turma.id, undefined, '2026-02-02');
    await t.database.db.update(students).set({ status: 'transferido' }).where(eq(students.id, gone.id));
    await insertStudent(t, next.id, undefined, '2026-12-01');
    expect(await alunos(admin.cookie)).toEqual({ total: 2, ano: 2026 });
  });

  it('between two years, the students of the one just ended (moved up to the new classes) until the next begins', async () => {
    clock.pin('2026-12-06');
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    await createSchoolYear(t, admin.cookie, YEAR_2027);
    const turma = await insertClass(t, null, 25, { status: 'concluido' });
    const next = await insertClass(t, null, 25, { anoLetivo: '2027' });
    const [ana, bia] = [
      await insertStudent(t, turma.id, undefined, '2026-02-02'),
      await insertStudent(t, turma.id, undefined, '2026-02-02'),
    ];
    await moveUp(ana.id, next.id, '2027-02-01', '2027-01-31');
    await moveUp(bia.id, next.id, '2027-02-01', '2027-01-31');
    await insertStudent(t, next.id, undefined, '2026-12-01');
    await insertStudent(t, next.id, undefined, '2026-12-01');
    clock.pin('2027-01-15');
    expect(await alunos(admin.cookie)).toEqual({ total: 2, ano: 2026 });
    clock.pin('2027-02-01');
    expect(await alunos(admin.cookie)).toEqual({ total: 4, ano: 2027 });
  });
});

describe('GET /api/dashboard/stats: a new school set up in December for next year', () => {
  it('is about the first year on its calendar before it begins (its classes and students), not today’s', async () => {
    clock.pin('2026-12-07');
    const admin = await signedIn(t, 'administrador');
    // Only 2027 on the calendar: the school opened in December, classes begin in February.
    await createSchoolYear(t, admin.cookie, YEAR_2027);
    const turma = await insertClass(t, null, 25, { anoLetivo: '2027' });
    await insertStudent(t, turma.id, undefined, '2026-12-07');
    await insertStudent(t, turma.id, undefined, '2026-12-07');
    const home = await stats(admin.cookie);
    expect(home).toMatchObject({ ano_letivo: 2027, total_turmas: 1, total_alunos: 2 });
  });
});

describe('GET /api/dashboard/stats: the charts of the school year', () => {
  it('count the students of the current school year, not next year’s nor past years’', async () => {
    clock.pin('2026-12-06');
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    const turma = await insertClass(t, null);
    const next = await insertClass(t, null, 25, { anoLetivo: '2027' });
    const past = await insertClass(t, null, 25, { anoLetivo: '2025', status: 'concluido' });
    const enrolled = async (turmaId: string, dataMatricula: string) => {
      const row = await insertStudent(t, turmaId, undefined, '2026-02-02');
      await t.database.db.update(students).set({ dataMatricula }).where(eq(students.id, row.id));
      return row;
    };
    // 2026's: two enrolled long ago, one in August, one transferred in October.
    await enrolled(turma.id, '2024-02-01');
    await enrolled(turma.id, '2025-02-01');
    await enrolled(turma.id, '2026-08-10');
    const gone = await enrolled(turma.id, '2025-02-01');
    await t.database.db.update(students).set({ status: 'transferido' }).where(eq(students.id, gone.id));
    // Not 2026's: two children enrolled in December for a 2027 class; a 2025 student who left.
    await enrolled(next.id, '2026-12-01');
    await enrolled(next.id, '2026-12-02');
    const left = await enrolled(past.id, '2023-02-01');
    await t.database.db.update(students).set({ status: 'inativo' }).where(eq(students.id, left.id));

    const figures = await stats(admin.cookie);
    expect(figures.ano_letivo).toBe(2026);
    expect([...figures.alunos_por_status].sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { status: 'ativo', total: 3 },
      { status: 'transferido', total: 1 },
    ]);
    expect(figures.matriculas_por_mes).toEqual([
      { mes: '2026-07', novas: 0, total: 3 },
      { mes: '2026-08', novas: 1, total: 4 },
      { mes: '2026-09', novas: 0, total: 4 },
      { mes: '2026-10', novas: 0, total: 4 },
      { mes: '2026-11', novas: 0, total: 4 },
      { mes: '2026-12', novas: 0, total: 4 },
    ]);
  });
});
