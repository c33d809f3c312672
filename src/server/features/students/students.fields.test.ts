import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Student } from '../../../shared/students.schemas.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { dataOf, insertGuardian } from '../../test/records-fixtures.js';
import { classWithFamily } from '../../test/school-fixtures.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { formatCpf } from '../../../shared/validators.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';

/**
 * Field-level visibility per role (issue 17): every student/guardian answer, the exports included, is
 * searched for the values a role must not receive.
 */
const t = setupTestApp();
const { get } = requestsOf(() => t.app);

const secret = {
  alunoEmail: 'aluno.segredo@familia.test',
  alunoTelefone: '11955554444',
  alunoEndereco: 'Rua do Aluno Secreta, 77',
  alunoNota: 'NOTA-INTERNA-DO-ALUNO',
  respEmail: 'mae.segredo@familia.test',
  respEndereco: 'Avenida da Mae Secreta, 88',
  respNota: 'NOTA-INTERNA-DA-MAE',
};

async function family() {
  const { admin, teacher, turma, family: parent } = await classWithFamily(t);
  const { guardian, child: student } = parent;
  await t.database.db
    .update(guardians)
    .set({
      email: secret.respEmail,
      endereco: secret.respEndereco,
      observacoes: secret.respNota,
      telefone: '11933332222',
    })
    .where(eq(guardians.id, guardian.id));
  await t.database.db
    .update(students)
    .set({
      email: secret.alunoEmail,
      telefone: secret.alunoTelefone,
      endereco: secret.alunoEndereco,
      observacoes: secret.alunoNota,
    })
    .where(eq(students.id, student.id));
  return { admin, teacherUser: teacher, parent, turma, guardian, student };
}

/** Every answer a role gets about the family, as text. */
async function answersFor(cookie: string, ids: { student: string; turma?: string }, own = false) {
  const urls = [
    `/api/alunos/${ids.student}`,
    '/api/alunos',
    '/api/alunos/export?format=csv',
    ...(ids.turma ? [`/api/turmas/${ids.turma}/alunos`] : []),
    ...(own ? ['/api/responsaveis/me'] : []),
  ];
  const bodies: string[] = [];
  for (const url of urls) {
    const response = await get(url, cookie);
    expect(response.statusCode, url).toBe(200);
    bodies.push(response.body);
  }
  return bodies.join('\n');
}

describe('field-level visibility per role', () => {
  it('a teacher gets names, birth dates, class and guardians’ names and phones — nothing else', async () => {
    const { teacherUser, student, turma, guardian } = await family();
    const text = await answersFor(teacherUser.cookie, { student: student.id, turma: turma.id });
    for (const value of [...Object.values(secret), student.cpf!, guardian.cpf!])
      expect(text, value).not.toContain(value);
    const seen = dataOf<Student>(await get(`/api/alunos/${student.id}`, teacherUser.cookie));
    expect(seen).toMatchObject({
      nome: student.nome,
      data_nascimento: student.dataNascimento,
      turma: { id: turma.id },
      email: null,
      telefone: null,
      endereco: null,
      cpf: null,
      observacoes: null,
    });
    expect(seen.responsaveis[0]).toMatchObject({
      nome: guardian.nome,
      telefone: '11933332222',
      email: null,
      endereco: null,
      cpf: null,
      observacoes: null,
    });
    expect(text).toContain(student.nome);
    expect(text).toContain(guardian.nome);
  });

  it('a guardian sees their family’s contact data but never the school’s internal notes', async () => {
    const { parent, student, turma } = await family();
    const text = await answersFor(parent.cookie, { student: student.id, turma: turma.id }, true);
    expect(text).not.toContain(secret.alunoNota);
    expect(text).not.toContain(secret.respNota);
    expect(text).toContain(secret.alunoEndereco);
    expect(text).toContain(secret.respEndereco);
  });

  it('a guardian sees the child’s other guardian by name and kinship only: no e-mail, phone or address', async () => {
    const { admin, parent, student, turma, guardian } = await family();
    const other = await insertGuardian(t);
    const otherContacts = {
      email: 'pai.segredo@familia.test',
      telefone: '11977778888',
      endereco: 'Rua do Pai Secreta, 99',
    };
    await t.database.db.update(guardians).set(otherContacts).where(eq(guardians.id, other.id));
    // The other parent is the principal: the student's `responsavel` is them too.
    await t.database.db.update(studentGuardians).set({ ehPrincipal: false });
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: student.id, responsavelId: other.id, parentesco: 'pai', ehPrincipal: true });
    const text = await answersFor(parent.cookie, { student: student.id, turma: turma.id }, true);
    for (const value of Object.values(otherContacts)) expect(text, value).not.toContain(value);
    expect(text).toContain(other.nome);
    expect(text).toContain(secret.respEndereco);
    const seen = dataOf<Student>(await get(`/api/alunos/${student.id}`, parent.cookie));
    expect(seen.responsavel).toMatchObject({
      id: other.id,
      nome: other.nome,
      parentesco: 'pai',
      eh_principal: true,
      email: null,
      telefone: null,
      endereco: null,
    });
    expect(seen.responsaveis.find((row) => row.id === guardian.id)).toMatchObject({
      email: secret.respEmail,
      telefone: '11933332222',
      endereco: secret.respEndereco,
    });
    // The school still has both; a teacher still has both phones.
    const forAdmin = await answersFor(admin.cookie, { student: student.id, turma: turma.id });
    for (const value of Object.values(otherContacts)) expect(forAdmin, value).toContain(value);
  });

  it('an administrator sees everything, the notes included', async () => {
    const { admin, student, turma, guardian } = await family();
    const text = await answersFor(admin.cookie, { student: student.id, turma: turma.id });
    for (const value of [...Object.values(secret), student.cpf!, guardian.cpf!])
      expect(text, value).toContain(value);
  });

  it('the coordenação sees the contacts but neither CPFs nor the school’s notes (ADR 0139)', async () => {
    const { student, turma, guardian } = await family();
    const coordenacao = await staffWith(t, 'coordenacao');
    const text = await answersFor(coordenacao.cookie, { student: student.id, turma: turma.id });
    for (const value of [secret.alunoNota, secret.respNota, ...cpfsOf(student, guardian)])
      expect(text, value).not.toContain(value);
    for (const value of [secret.alunoEmail, secret.alunoEndereco, secret.respEmail, secret.respEndereco])
      expect(text, value).toContain(value);
    expect(text).not.toMatch(/;CPF;/);
  });

  it('the Financeiro sees the CPFs billing names, not the school’s notes (ADR 0139)', async () => {
    const { student, guardian } = await family();
    const financeiro = await staffWith(t, 'financeiro');
    const text = await answersFor(financeiro.cookie, { student: student.id });
    for (const value of [secret.alunoNota, secret.respNota]) expect(text, value).not.toContain(value);
    for (const value of [student.cpf!, guardian.cpf!, secret.respEmail]) expect(text, value).toContain(value);
    expect(text).toContain(formatCpf(student.cpf));
  });
});

/** A student's and a guardian's CPFs, as the JSON carries them and as the spreadsheet writes them. */
function cpfsOf(...people: { cpf: string | null }[]): string[] {
  return people.flatMap((person) => (person.cpf ? [person.cpf, formatCpf(person.cpf)] : []));
}
