import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StudentsPage } from '../../../shared/students.schemas.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import {
  dataOf,
  insertClass,
  insertGuardian,
  insertStudent,
  insertTeacher,
  validStudentBody,
} from '../../test/records-fixtures.js';
import { classes } from '../../db/schema/classes.js';
import { FiguresCache } from './students.figures.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';

describe('FiguresCache', () => {
  it('answers only at the version a value was computed at, and never without a version', () => {
    const cache = new FiguresCache<number>();
    cache.set('k', 7, 42);
    expect(cache.get('k', 7)).toBe(42);
    expect(cache.get('k', 8)).toBeUndefined();
    expect(cache.get('k', null)).toBeUndefined();
    cache.set('n', null, 1);
    expect(cache.get('n', null)).toBeUndefined();
  });
});

/** Every write that changes a page of the students list is seen by the very next request. */
describe('the students list cache', () => {
  const t = setupTestApp();
  let admin: string;
  beforeEach(async () => {
    admin = (await signedIn(t, 'administrador')).cookie;
  });

  const list = async (query = '', cookie = admin) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/alunos${query}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<StudentsPage>(response);
  };
  /** Asks twice, so the second answer comes from the cache when nothing changed. */
  const listCached = async (query = '', cookie = admin) => {
    const first = await list(query, cookie);
    expect(await list(query, cookie)).toEqual(first);
    return first;
  };

  it('counts a student created through the API, in the page, the total and the counters', async () => {
    const turma = await insertClass(t, null);
    await insertStudent(t, turma.id);
    const before = await listCached();
    expect(before.total).toBe(1);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/alunos',
      headers: { cookie: admin },
      payload: validStudentBody({ nome: 'Aaron Primeiro da Lista', turma_id: turma.id }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await list();
    expect(after.total).toBe(2);
    expect(after.counts.total).toBe(2);
    expect(after.counts.ativos).toBe(2);
    expect(after.items[0]!.nome).toBe('Aaron Primeiro da Lista');
  });

  it('follows a status change in the counters and in a status filter', async () => {
    const student = await insertStudent(t, null);
    await insertStudent(t, null);
    expect((await listCached()).counts).toMatchObject({ total: 2, ativos: 2, transferidos: 0 });
    expect((await listCached('?status=transferido')).total).toBe(0);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/alunos/${student.id}/status`,
      headers: { cookie: admin },
      payload: { status: 'transferido' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await list()).counts).toMatchObject({ total: 2, ativos: 1, transferidos: 1 });
    expect((await list('?status=transferido')).total).toBe(1);
  });

  it("shows a guardian's new phone, a renamed class and a new link at once (writes outside the students table)", async () => {
    const turma = await insertClass(t, null);
    const guardian = await insertGuardian(t);
    const student = await insertStudent(t, turma.id, guardian.id);
    const before = (await listCached()).items[0]!;
    expect(before.responsavel?.telefone).toBe('11912345678');
    await t.database.db
      .update(guardians)
      .set({ telefone: '11900001111' })
      .where(eq(guardians.id, guardian.id));
    expect((await listCached()).items[0]!.responsavel?.telefone).toBe('11900001111');
    await t.database.db.update(classes).set({ nome: 'Turma Renomeada' }).where(eq(classes.id, turma.id));
    expect((await listCached()).items[0]!.turma?.nome).toBe('Turma Renomeada');
    // The row shows the principal guardian: a new link that becomes the principal shows at once.
    await t.database.db.update(studentGuardians).set({ ehPrincipal: false });
    expect((await listCached()).items[0]!.responsavel?.id).toBe(guardian.id);
    const second = await insertGuardian(t);
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: student.id, responsavelId: second.id, parentesco: 'pai', ehPrincipal: true });
    expect((await list()).items[0]!.responsavel?.id).toBe(second.id);
  });

  it("keeps a search's total true as students match or stop matching", async () => {
    const one = await insertStudent(t, null);
    await t.database.db.update(students).set({ nome: 'Joana Silva' }).where(eq(students.id, one.id));
    await insertStudent(t, null);
    expect((await listCached('?q=silva')).total).toBe(1);
    const two = await insertStudent(t, null);
    await t.database.db.update(students).set({ nome: 'Pedro Silva Souza' }).where(eq(students.id, two.id));
    expect((await listCached('?q=silva')).total).toBe(2);
    await t.database.db.delete(students).where(eq(students.id, one.id));
    const after = await list('?q=silva');
    expect(after.total).toBe(1);
    expect(after.items.map((item) => item.nome)).toEqual(['Pedro Silva Souza']);
  });

  it('finds by name, matrícula or e-mail, ignoring case, and takes % and _ literally', async () => {
    const student = await insertStudent(t, null);
    await t.database.db
      .update(students)
      .set({ nome: 'Ana Júlia Prado', matricula: 'XK-2026-17', email: 'ana_prado@familia.test' })
      .where(eq(students.id, student.id));
    await insertStudent(t, null);
    for (const q of ['júlia prado', 'xk-2026', 'ANA_PRADO@', 'prado@familia']) {
      expect((await list(`?q=${encodeURIComponent(q)}`)).total, q).toBe(1);
    }
    expect((await list(`?q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(`?q=${encodeURIComponent('a_a')}`)).total).toBe(0);
  });

  it("follows a teacher's scope when a class is handed to them", async () => {
    const { user, cookie } = await signedIn(t, 'professor');
    const teacher = await insertTeacher(t, user.id);
    const turma = await insertClass(t, null);
    await insertStudent(t, turma.id);
    expect((await listCached('', cookie)).counts.total).toBe(0);
    await t.database.db
      .update(classes)
      .set({ professorResponsavelId: teacher.id })
      .where(eq(classes.id, turma.id));
    const after = await list('', cookie);
    expect(after.counts.total).toBe(1);
    expect(after.total).toBe(1);
  });

  it('starts from nothing after the tables are emptied', async () => {
    await insertStudent(t, null);
    expect((await listCached()).total).toBe(1);
    await t.reset();
    admin = (await signedIn(t, 'administrador')).cookie;
    const after = await list();
    expect(after.total).toBe(0);
    expect(after.counts.total).toBe(0);
  });
});
