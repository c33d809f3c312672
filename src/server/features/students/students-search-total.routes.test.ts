import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_TOTAL_CAP, type StudentsPage } from '../../../shared/students.schemas.js';
import { signedIn, setupTestApp } from '../../test/test-app.js';
import { dataOf } from '../../test/records-fixtures.js';

const t = setupTestApp();
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** `count` students named 'Capado 0001' … straight in the database (a school's worth, in one statement). */
async function insertNamed(prefix: string, count: number) {
  await t.database.db.execute(sql`
    insert into students (nome, data_nascimento, matricula, data_matricula)
    select ${prefix} || ' ' || lpad(g::text, 4, '0'), '2015-03-01', ${prefix} || '-' || g, '2024-02-01'
    from generate_series(1, ${count}) g`);
}

// Issue 38: a search's total counts at most SEARCH_TOTAL_CAP matches (or to the end of the page asked),
// so its cost stops growing with the school; beyond it the answer says the total is a lower bound.
describe('the total of a search', () => {
  it('stops at the cap, says so, and every page still answers in name order', async () => {
    const admin = await signedIn(t, 'administrador');
    const matches = SEARCH_TOTAL_CAP + 45;
    await insertNamed('Capado', matches);
    await insertNamed('Outro', 3);
    const page = async (n: number, size = 20) =>
      dataOf<StudentsPage>(await get(`/api/alunos?q=capado&page=${n}&pageSize=${size}`, admin.cookie));

    const first = await page(1);
    expect(first.total).toBe(SEARCH_TOTAL_CAP);
    expect(first.totalCapped).toBe(true);
    expect(first.items.map((item) => item.nome)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Capado ${String(i + 1).padStart(4, '0')}`),
    );
    // The counters of the whole list stay exact.
    expect(first.counts.total).toBe(matches + 3);

    // The page at the cap and the ones past it: the count reaches the page asked.
    const atCap = await page(SEARCH_TOTAL_CAP / 20);
    expect(atCap.items[19]!.nome).toBe(`Capado ${String(SEARCH_TOTAL_CAP).padStart(4, '0')}`);
    expect(atCap.totalCapped).toBe(true);
    const past = await page(SEARCH_TOTAL_CAP / 20 + 1);
    expect(past.items.map((item) => item.nome)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Capado ${String(SEARCH_TOTAL_CAP + i + 1).padStart(4, '0')}`),
    );
    expect(past.total).toBe(SEARCH_TOTAL_CAP + 20);
    expect(past.totalCapped).toBe(true);
    // The last page: not full, so the total is exact again.
    const last = await page(SEARCH_TOTAL_CAP / 20 + 3);
    expect(last.items).toHaveLength(5);
    expect(last.total).toBe(matches);
    expect(last.totalCapped).toBe(false);
    // Beyond the end: no rows, the exact total (the screen moves to the last page).
    const beyond = await page(SEARCH_TOTAL_CAP / 20 + 9);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(matches);
    expect(beyond.totalCapped).toBe(false);
  });

  it('is exact under the cap, on a full page and on a short one, and on filters without a search', async () => {
    const admin = await signedIn(t, 'administrador');
    await insertNamed('Pouco', 25);
    const full = dataOf<StudentsPage>(await get('/api/alunos?q=pouco&page=1&pageSize=20', admin.cookie));
    expect(full).toMatchObject({ total: 25, totalCapped: false });
    expect(full.items).toHaveLength(20);
    const short = dataOf<StudentsPage>(await get('/api/alunos?q=pouco&page=2&pageSize=20', admin.cookie));
    expect(short).toMatchObject({ total: 25, totalCapped: false });
    expect(short.items).toHaveLength(5);
    const none = dataOf<StudentsPage>(await get('/api/alunos?q=ninguem&page=1', admin.cookie));
    expect(none).toMatchObject({ total: 0, totalCapped: false, items: [] });

    // A status filter alone is counted in full, whatever the size (the cap is the search's).
    await insertNamed('Muitos', SEARCH_TOTAL_CAP + 5);
    const active = dataOf<StudentsPage>(await get('/api/alunos?status=ativo&pageSize=20', admin.cookie));
    expect(active).toMatchObject({ total: SEARCH_TOTAL_CAP + 30, totalCapped: false });
  });

  it("reads a search's full page and its total in one pass over the matches, and only the page when the total is known", async () => {
    const admin = await signedIn(t, 'administrador');
    await insertNamed('Junto', 25);
    await insertNamed('Outro', 3);
    // Statements that read the students (the version and the guardians are read from other tables; the
    // counters, which read the students too, are cached by the list's first page below).
    const readsOfStudents = async (url: string) =>
      (await t.queriesOf(() => get(url, admin.cookie))).filter((query) => /from "students"/.test(query));
    // The counters of the whole list, computed once (they do not depend on the search).
    await get('/api/alunos?page=1&pageSize=20', admin.cookie);

    const first = await readsOfStudents('/api/alunos?q=junto&page=1&pageSize=20');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/count\(\*\) over \(\)/);
    // The next page: the total is the cache's, the page is read alone.
    const second = await readsOfStudents('/api/alunos?q=junto&page=2&pageSize=20');
    expect(second).toHaveLength(1);
    expect(second[0]).not.toMatch(/over \(\)/);
    const page = dataOf<StudentsPage>(await get('/api/alunos?q=junto&page=2&pageSize=20', admin.cookie));
    expect(page).toMatchObject({ total: 25, totalCapped: false });
    expect(page.items.map((item) => item.nome)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Junto ${String(i + 21).padStart(4, '0')}`),
    );
  });

  it('a search found over its cap, asked again after a write, reads its page and its count apart', async () => {
    const admin = await signedIn(t, 'administrador');
    await insertNamed('Amplo', SEARCH_TOTAL_CAP + 5);
    const statements = async (url: string) =>
      (await t.queriesOf(() => get(url, admin.cookie))).map((query) => query.replace(/\s+/g, ' '));
    await get('/api/alunos?page=1&pageSize=20', admin.cookie);

    const first = await statements('/api/alunos?q=amplo&page=1&pageSize=20');
    expect(first.filter((query) => /count\(\*\) over \(\)/.test(query))).toHaveLength(1);
    // A write gives the list a new version: the total is no longer the cache's.
    await insertNamed('Outro', 1);
    await get('/api/alunos?page=1&pageSize=20', admin.cookie);
    const again = await statements('/api/alunos?q=amplo&page=1&pageSize=20');
    expect(again.filter((query) => /over \(\)/.test(query))).toEqual([]);
    const page = dataOf<StudentsPage>(await get('/api/alunos?q=amplo&page=1&pageSize=20', admin.cookie));
    expect(page).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(page.items[0]!.nome).toBe('Amplo 0001');
  });

  it('a new match moves the total at once (the cached count belongs to the old version)', async () => {
    const admin = await signedIn(t, 'administrador');
    await insertNamed('Versao', 21);
    const before = dataOf<StudentsPage>(await get('/api/alunos?q=versao&pageSize=20', admin.cookie));
    expect(before.total).toBe(21);
    await insertNamed('Versao X', 1);
    const after = dataOf<StudentsPage>(await get('/api/alunos?q=versao&pageSize=20', admin.cookie));
    expect(after.total).toBe(22);
  });
});
