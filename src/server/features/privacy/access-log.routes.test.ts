import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../../shared/api.js';
import type { AccessEntry } from '../../../shared/access-log.schemas.js';
import type { MeusDados } from '../../../shared/data-rights.schemas.js';
import { clock } from '../../lib/clock.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { dataOf, insertGuardian, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { classWithFamily } from '../../test/school-fixtures.js';
import { studentAccessLog } from '../../db/schema/access-log.js';

const t = setupTestApp();
afterEach(() => clock.unpin());
const { get } = requestsOf(() => t.app);

async function setup() {
  const { admin, teacher, turma, family } = await classWithFamily(t, {
    admin: { nome: 'Secretária Ana' },
    teacher: { nome: 'Professor Bruno' },
  });
  const other = await insertStudent(t, turma.id, (await insertGuardian(t)).id);
  const outside = await insertStudent(t, null, (await insertGuardian(t)).id);
  return { admin, parent: family, teacherUser: teacher, child: family.child, other, outside };
}

const viewsOf = async (alunoId: string, cookie: string) =>
  dataOf<Page<AccessEntry>>(await get(`/api/alunos/${alunoId}/acessos`, cookie));

describe('access log of students’ records (LGPD accountability)', () => {
  it("logs a teacher's and an admin's views of the record, scoped to the student", async () => {
    const s = await setup();
    clock.pin('2026-05-04T10:00:00-03:00');
    expect((await get(`/api/alunos/${s.child.id}`, s.teacherUser.cookie)).statusCode).toBe(200);
    clock.pin('2026-05-04T11:00:00-03:00');
    expect((await get(`/api/alunos/${s.child.id}`, s.admin.cookie)).statusCode).toBe(200);
    expect((await get(`/api/alunos/${s.other.id}`, s.admin.cookie)).statusCode).toBe(200);

    const views = await viewsOf(s.child.id, s.admin.cookie);
    expect(views.total).toBe(2);
    expect(views.items.map((view) => [view.usuario_nome, view.nivel, view.via, view.em])).toEqual([
      ['Secretária Ana', 'administrador', 'ficha', '2026-05-04T14:00:00.000Z'],
      ['Professor Bruno', 'professor', 'ficha', '2026-05-04T13:00:00.000Z'],
    ]);
    expect(views.items.every((view) => view.aluno_id === s.child.id)).toBe(true);
    expect(views.items[0]!.aluno_nome).toBe(s.child.nome);
    const others = await viewsOf(s.other.id, s.admin.cookie);
    expect(others.items.map((view) => view.usuario_id)).toEqual([s.admin.user.id]);
  });

  it('only the admin reads who accessed; a guardian and a teacher are refused', async () => {
    const s = await setup();
    await get(`/api/alunos/${s.child.id}`, s.admin.cookie);
    const asParent = await get(`/api/alunos/${s.child.id}/acessos`, s.parent.cookie);
    expect(asParent.statusCode).toBe(403);
    expect(asParent.body).not.toContain('Secretária Ana');
    expect((await get(`/api/alunos/${s.child.id}/acessos`, s.teacherUser.cookie)).statusCode).toBe(403);
    expect((await get(`/api/auditoria/acessos`, s.parent.cookie)).statusCode).toBe(403);
    expect((await get(`/api/auditoria/acessos`, s.teacherUser.cookie)).statusCode).toBe(403);
    expect((await get(`/api/alunos/${s.child.id}/acessos`)).statusCode).toBe(401);
  });

  it("tells the family who opened their child's record in 'Meus dados', with no staff IP", async () => {
    const s = await setup();
    await get(`/api/alunos/${s.child.id}`, s.teacherUser.cookie);
    await get(`/api/alunos/${s.other.id}`, s.admin.cookie);
    const dados = dataOf<MeusDados>(await get('/api/meus-dados?formato=json', s.parent.cookie));
    const child = dados.filhos.find((filho) => filho.id === s.child.id)!;
    const views = child.dados.student_access_log ?? [];
    expect(views.map((view) => view.usuario_nome)).toEqual(['Professor Bruno']);
    expect(Object.keys(views[0]!)).not.toContain('ip');
    expect(JSON.stringify(dados)).not.toContain(s.other.id);
  });

  it('answers 404 for an unknown student and 400 for a bad id', async () => {
    const s = await setup();
    const unknown = await get(`/api/alunos/00000000-0000-4000-8000-000000000000/acessos`, s.admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Aluno não encontrado.');
    expect((await get(`/api/alunos/nao-e-id/acessos`, s.admin.cookie)).statusCode).toBe(400);
  });

  it('does not log a guardian reading their own child, nor a refused or out-of-scope read', async () => {
    const s = await setup();
    expect((await get(`/api/alunos/${s.child.id}`, s.parent.cookie)).statusCode).toBe(200);
    expect((await get(`/api/alunos/${s.other.id}`, s.parent.cookie)).statusCode).toBe(404);
    expect((await get(`/api/alunos/${s.outside.id}`, s.teacherUser.cookie)).statusCode).toBe(404);
    expect((await viewsOf(s.child.id, s.admin.cookie)).total).toBe(0);
    expect((await viewsOf(s.other.id, s.admin.cookie)).total).toBe(0);
    expect((await viewsOf(s.outside.id, s.admin.cookie)).total).toBe(0);
  });

  it('counts the same person reopening the same record within minutes once', async () => {
    const s = await setup();
    clock.pin('2026-05-04T10:00:00-03:00');
    await get(`/api/alunos/${s.child.id}`, s.teacherUser.cookie);
    clock.pin('2026-05-04T10:02:00-03:00');
    await get(`/api/alunos/${s.child.id}`, s.teacherUser.cookie);
    expect((await viewsOf(s.child.id, s.admin.cookie)).total).toBe(1);
    clock.pin('2026-05-04T10:30:00-03:00');
    await get(`/api/alunos/${s.child.id}`, s.teacherUser.cookie);
    expect((await viewsOf(s.child.id, s.admin.cookie)).total).toBe(2);
  });

  it('logs the boletim downloaded as a PDF by staff', async () => {
    const s = await setup();
    const pdf = await get(`/api/boletins/alunos/${s.child.id}.pdf`, s.teacherUser.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const views = await viewsOf(s.child.id, s.admin.cookie);
    expect(views.items.map((view) => [view.usuario_id, view.via])).toEqual([
      [s.teacherUser.user.id, 'boletim_pdf'],
    ]);
  });

  it('lists every view in Auditoria, filtered by person, student and day', async () => {
    const s = await setup();
    clock.pin('2026-05-04T10:00:00-03:00');
    await get(`/api/alunos/${s.child.id}`, s.teacherUser.cookie);
    await get(`/api/alunos/${s.other.id}`, s.teacherUser.cookie);
    clock.pin('2026-05-06T10:00:00-03:00');
    await get(`/api/alunos/${s.child.id}`, s.admin.cookie);

    const all = dataOf<Page<AccessEntry>>(await get('/api/auditoria/acessos', s.admin.cookie));
    expect(all.total).toBe(3);
    const byTeacher = dataOf<Page<AccessEntry>>(
      await get(`/api/auditoria/acessos?usuario_id=${s.teacherUser.user.id}`, s.admin.cookie),
    );
    expect(byTeacher.items.map((view) => view.aluno_id).sort()).toEqual([s.child.id, s.other.id].sort());
    const byStudent = dataOf<Page<AccessEntry>>(
      await get(`/api/auditoria/acessos?aluno_id=${s.child.id}`, s.admin.cookie),
    );
    expect(byStudent.total).toBe(2);
    const onDay = dataOf<Page<AccessEntry>>(
      await get('/api/auditoria/acessos?de=2026-05-05&ate=2026-05-06', s.admin.cookie),
    );
    expect(onDay.items.map((view) => view.usuario_id)).toEqual([s.admin.user.id]);
    const byName = dataOf<Page<AccessEntry>>(
      await get(`/api/auditoria/acessos?q=${encodeURIComponent(s.other.nome.slice(-6))}`, s.admin.cookie),
    );
    expect(byName.items.map((view) => view.aluno_id)).toEqual([s.other.id]);
    expect(byName.total).toBe(1);
    const viewers = dataOf<{ id: string; nome: string }[]>(
      await get('/api/auditoria/acessos/filtros', s.admin.cookie),
    );
    expect(viewers).toEqual([
      { id: s.teacherUser.user.id, nome: 'Professor Bruno' },
      { id: s.admin.user.id, nome: 'Secretária Ana' },
    ]);
    const bad = await get('/api/auditoria/acessos?de=2026-13-40', s.admin.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('writes the views in the table on its own, without a read of the log', async () => {
    const s = await setup();
    await get(`/api/alunos/${s.child.id}`, s.admin.cookie);
    // The batch is written by its timer (about a second); poll the table, not a route that flushes.
    let rows: unknown[] = [];
    for (let attempt = 0; attempt < 100 && rows.length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await t.database.db.select().from(studentAccessLog);
    }
    expect(rows).toHaveLength(1);
  });
});
