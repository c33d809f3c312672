/**
 * A notice's reach: before publishing, how many families receive it in the portal and which students'
 * families have no access (and so will not see it); after, the same in the notice's reads.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Alcance, Leituras } from '../../../shared/comunicados.schemas.js';
import { guardians, students, studentGuardians } from '../../db/schema/students.js';
import { dataOf, insertGuardian, insertStudent } from '../../test/records-fixtures.js';
import { otherGuardianOf } from '../../test/school-fixtures.js';
import { school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, send, get, publishNotice } = setupComunicadosTest();

/**
 * `school()` with, in class A, a child whose two guardians have no portal account (the main one named
 * first) and a child with no guardian on record.
 */
async function schoolWithoutAccess() {
  const s = await school();
  const dora = await insertStudent(t, s.classA.id);
  const caio = await insertStudent(t, s.classA.id);
  await t.database.db.update(students).set({ nome: 'Caio Barros' }).where(eq(students.id, caio.id));
  await t.database.db.update(students).set({ nome: 'Dora Alves' }).where(eq(students.id, dora.id));
  for (const [nome, principal] of [
    ['Zilda Barros', true],
    ['Artur Barros', false],
  ] as const) {
    const guardian = await insertGuardian(t);
    await t.database.db.update(guardians).set({ nome }).where(eq(guardians.id, guardian.id));
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: caio.id, responsavelId: guardian.id, parentesco: 'mae', ehPrincipal: principal });
  }
  const semAcesso = [
    {
      id: caio.id,
      nome: 'Caio Barros',
      turma: s.classA.nome,
      responsaveis: [
        { nome: 'Zilda Barros', telefone: '11912345678' },
        { nome: 'Artur Barros', telefone: '11912345678' },
      ],
    },
    { id: dora.id, nome: 'Dora Alves', turma: s.classA.nome, responsaveis: [] },
  ];
  return { ...s, caio, dora, semAcesso };
}

const reach = (cookie: string, publico: object) =>
  send('POST', '/api/comunicados/alcance', cookie, { publico });

describe('comunicados: reach before and after publishing', () => {
  it('names the classes and counts who receives it in the portal and whose families have no access', async () => {
    const s = await schoolWithoutAccess();
    const toClass = await reach(s.admin.cookie, { tipo: 'turmas', turmas: [s.classA.id] });
    expect(toClass.statusCode, toClass.body).toBe(200);
    // Caio before Dora: by name, not by when they were enrolled.
    expect(dataOf<Alcance>(toClass)).toEqual({
      turmas: [s.classA.nome],
      recebem: 2,
      alunos: 2,
      sem_acesso: { total: 2, alunos: s.semAcesso },
    });
    // A child's second parent on the portal: one more account, the same child (it read '3 famílias').
    await otherGuardianOf(t, s.a1.child.id);
    expect(
      dataOf<Alcance>(await reach(s.admin.cookie, { tipo: 'turmas', turmas: [s.classA.id] })),
    ).toMatchObject({ recebem: 3, alunos: 2 });

    // 'Toda a escola': every family with an account, and the same two without.
    const whole = dataOf<Alcance>(await reach(s.admin.cookie, { tipo: 'escola' }));
    expect(whole).toMatchObject({ turmas: [], recebem: 4, alunos: 3, sem_acesso: { total: 2 } });
    // A notice to the staff has no families to miss.
    const staff = dataOf<Alcance>(await reach(s.admin.cookie, { tipo: 'equipe' }));
    expect(staff.sem_acesso).toEqual({ total: 0, alunos: [] });
  });

  it('shows the families the published notice did not reach in its reads, to whoever manages it', async () => {
    const s = await schoolWithoutAccess();
    const published = await publishNotice(s.teacherAccount.cookie, { tipo: 'turmas', turmas: [s.classA.id] });
    expect(published.contagem?.destinatarios).toBe(2);
    const reads = dataOf<Leituras>(
      await get(`/api/comunicados/${published.id}/leituras`, s.teacherAccount.cookie),
    );
    expect(reads.itens).toHaveLength(2);
    expect(reads.sem_acesso).toEqual({ total: 2, alunos: s.semAcesso });
    // A family's reads are not for other families.
    expect((await get(`/api/comunicados/${published.id}/leituras`, s.a1.cookie)).statusCode).toBe(403);
  });

  it('answers a teacher only about their own classes, as publishing does', async () => {
    const s = await schoolWithoutAccess();
    const own = await reach(s.teacherAccount.cookie, { tipo: 'turmas', turmas: [s.classA.id] });
    expect(dataOf<Alcance>(own).sem_acesso.total).toBe(2);
    expect((await reach(s.teacherAccount.cookie, { tipo: 'turmas', turmas: [s.classB.id] })).statusCode).toBe(
      404,
    );
    expect((await reach(s.teacherAccount.cookie, { tipo: 'escola' })).statusCode).toBe(403);
    expect((await reach(s.a1.cookie, { tipo: 'turmas', turmas: [s.classA.id] })).statusCode).toBe(403);
    const invalid = await reach(s.admin.cookie, { tipo: 'turmas', turmas: [] });
    expect(invalid.statusCode).toBe(400);
  });
});
