import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { students } from '../../db/schema/students.js';
import type { StudentsPage } from '../../../shared/students.schemas.js';
import { setupSecondInstance, setupTestApp, signedIn } from '../../test/test-app.js';
import { dataOf, insertStudent, validStudentBody } from '../../test/records-fixtures.js';

/**
 * Issue 38: on PostgreSQL the list's version (`record_versions`) is read in the statement that confirms
 * a cached session, and a page asked again is answered from B's own memory. A write made through
 * instance A (or straight in the database) must show on B's very next list request — B hears of it from
 * nobody: the version read at the start of each request is what tells.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('the student list on two instances of one PostgreSQL', () => {
  const t = setupTestApp();
  const b = setupSecondInstance(t, adminUrl!);

  const listOnB = async (cookie: string, query = '') =>
    dataOf<StudentsPage>(
      await b.app.inject({ method: 'GET', url: `/api/alunos?pageSize=20${query}`, headers: { cookie } }),
    );

  it("a student created on A, renamed in the database, is on B's next page", async () => {
    const admin = await signedIn(t, 'administrador');
    await insertStudent(t, null);
    // Twice: the session and the page are then in B's memory.
    expect((await listOnB(admin.cookie)).total).toBe(1);
    expect((await listOnB(admin.cookie)).total).toBe(1);
    expect((await listOnB(admin.cookie, '&q=Zuleica')).total).toBe(0);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/alunos',
      headers: { cookie: admin.cookie },
      payload: validStudentBody({ nome: 'Zuleica Tavares' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = await listOnB(admin.cookie);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.nome)).toContain('Zuleica Tavares');
    expect((await listOnB(admin.cookie, '&q=Zuleica')).total).toBe(1);

    await t.database.db
      .update(students)
      .set({ nome: 'Zuleica Prado' })
      .where(eq(students.nome, 'Zuleica Tavares'));
    expect((await listOnB(admin.cookie)).items.map((item) => item.nome)).toContain('Zuleica Prado');
    expect((await listOnB(admin.cookie, '&q=Zuleica')).items.map((item) => item.nome)).toEqual([
      'Zuleica Prado',
    ]);
  });
});

describe('a cached page of the list', () => {
  const t = setupTestApp();

  it('costs one statement on PostgreSQL (the session and the version together), as many on PGlite', async () => {
    const admin = await signedIn(t, 'administrador');
    await insertStudent(t, null);
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/alunos?pageSize=20', headers: { cookie: admin.cookie } });
    expect((await list()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    const queries = await t.queriesOf(async () => expect((await list()).statusCode).toBe(200));
    if (t.database.kind === 'pglite') {
      // No session read on PGlite (a hit costs none); the version of the list is the one statement.
      expect(queries).toHaveLength(1);
      expect(queries[0]).toMatch(/"record_versions"/);
      return;
    }
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/"auth_version"/);
    expect(queries[0]).toMatch(/"record_versions"/);
    expect(queries[0]).toMatch(/where "sessions"\."id" = any\(\$1::uuid\[\]\)/);
  });
});
