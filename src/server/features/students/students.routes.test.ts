import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import type {
  CreatedStudent,
  Guardian,
  Student,
  StudentCounts,
  StudentListItem,
} from '../../../shared/students.schemas.js';
import { clock } from '../../lib/clock.js';
import { WRITE_LIMITS } from '../../lib/write-limits.js';
import { signedIn, setupTestApp } from '../../test/test-app.js';
import {
  dataOf,
  detailsOf,
  insertClass,
  insertGuardian,
  insertStudent,
  insertTeacher,
  messageOf,
  newCpf,
  validStudentBody,
  createdWithAccount,
} from '../../test/records-fixtures.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { auditLog } from '../../db/schema/audit.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { users } from '../../db/schema/users.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';

const t = setupTestApp();

const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: json(cookie), payload });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('records permission matrix', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const routes: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; write: boolean }[] = [
    { method: 'GET', url: '/api/alunos', write: false },
    { method: 'GET', url: '/api/alunos/export', write: false },
    { method: 'GET', url: `/api/alunos/${id}`, write: false },
    { method: 'POST', url: '/api/alunos', write: true },
    { method: 'PUT', url: `/api/alunos/${id}`, write: true },
    { method: 'PATCH', url: `/api/alunos/${id}/status`, write: true },
    { method: 'POST', url: '/api/responsaveis', write: true },
    { method: 'GET', url: '/api/turmas', write: false },
    { method: 'GET', url: `/api/turmas/${id}/alunos`, write: false },
    { method: 'POST', url: '/api/turmas', write: true },
    { method: 'PUT', url: `/api/turmas/${id}`, write: true },
    { method: 'DELETE', url: `/api/turmas/${id}`, write: true },
    { method: 'POST', url: `/api/turmas/${id}/alunos`, write: true },
    { method: 'DELETE', url: `/api/turmas/${id}/alunos/${id}`, write: true },
    { method: 'POST', url: '/api/professores', write: true },
    { method: 'PUT', url: `/api/professores/${id}`, write: true },
    { method: 'DELETE', url: `/api/professores/${id}`, write: true },
  ];

  it('refuses anonymous callers everywhere and non-admins on every write', async () => {
    const teacher = await signedIn(t, 'professor');
    const guardian = await signedIn(t, 'responsavel');
    for (const route of routes) {
      const anonymous = await t.app.inject({ method: route.method, url: route.url });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const who of [teacher, guardian]) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { cookie: who.cookie },
        });
        if (route.write) expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        else expect(response.statusCode, `${route.method} ${route.url}`).not.toBe(403);
      }
    }
  });

  it('keeps the teacher directory from guardians and own contact data from teachers', async () => {
    const teacher = await signedIn(t, 'professor');
    const guardian = await signedIn(t, 'responsavel');
    expect((await get('/api/professores', guardian.cookie)).statusCode).toBe(403);
    expect((await get('/api/professores', teacher.cookie)).statusCode).toBe(200);
    expect((await get('/api/responsaveis/me', teacher.cookie)).statusCode).toBe(403);
  });
});

describe('POST /api/alunos', () => {
  it('refuses the same child typed twice (name and birth date) until told it is another child', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    const first = await post('/api/alunos', admin.cookie, validStudentBody({ turma_id: turma.id }));
    expect(first.statusCode, first.body).toBe(201);
    const { matricula } = dataOf<CreatedStudent>(first).aluno;
    // Saved again after a lost answer, or by a second secretary: case, accents and spaces aside.
    const again = validStudentBody({ nome: '  BEATRIZ  Almeida Santos ', matricula: '' });
    const refused = await post('/api/alunos', admin.cookie, again);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe('Este aluno pode já estar cadastrado.');
    expect(detailsOf(refused)).toEqual([
      {
        path: 'confirmar_homonimo',
        message: `Já existe um aluno com este nome e nascimento em 20/05/2016: Beatriz Almeida Santos (matrícula ${matricula}, ${turma.nome}). Se for outra criança, marque esta caixa e cadastre de novo; se for a mesma, feche e abra o cadastro existente.`,
      },
    ]);
    const named = await t.database.db.select().from(students);
    expect(named).toHaveLength(1);
    // Another birth date is another child; the same one, confirmed, is saved beside it.
    const otherDay = await post(
      '/api/alunos',
      admin.cookie,
      validStudentBody({ data_nascimento: '2016-05-21' }),
    );
    expect(otherDay.statusCode, otherDay.body).toBe(201);
    const confirmed = await post('/api/alunos', admin.cookie, { ...again, confirmar_homonimo: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await t.database.db.select().from(students)).toHaveLength(3);
  });

  it('saves the student and the guardian together and creates the guardian account', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    const body = validStudentBody({ turma_id: turma.id, cpf: '' });
    const response = await post('/api/alunos', admin.cookie, body);
    const created = createdWithAccount<CreatedStudent>(response);
    expect(created.aluno).toMatchObject({
      nome: 'Beatriz Almeida Santos',
      status: 'ativo',
      turma_id: turma.id,
      cpf: null,
      responsavel: { nome: 'Fernanda Almeida Santos', telefone: '11987654321', eh_principal: true },
    });
    expect(created.aluno.data_enturmacao).not.toBeNull();
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, body.responsavel.email.toLowerCase()));
    expect(account).toMatchObject({ nivel: 'responsavel', primeiroLogin: true });
    expect(t.mailer.last()?.text).toContain(created.senhaGerada);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'aluno'));
    expect(audits).toHaveLength(1);
  });

  it('links a second child to the guardian with the same CPF without a new account', async () => {
    const admin = await signedIn(t, 'administrador');
    const first = validStudentBody();
    await post('/api/alunos', admin.cookie, first);
    const second = await post(
      '/api/alunos',
      admin.cookie,
      validStudentBody({ nome: 'Pedro Almeida Santos' }, { cpf: first.responsavel.cpf, email: '' }),
    );
    expect(second.statusCode).toBe(201);
    expect(dataOf<CreatedStudent>(second).usuarioCriado).toBe(false);
    expect(await t.database.db.select().from(guardians)).toHaveLength(1);
  });

  it('refuses a guardian CPF on file under another name (one wrong digit would link another family), on the form and on Adicionar responsável', async () => {
    const admin = await signedIn(t, 'administrador');
    const first = validStudentBody();
    await post('/api/alunos', admin.cookie, first);
    const typo = await post(
      '/api/alunos',
      admin.cookie,
      validStudentBody(
        { nome: 'Pedro Souza' },
        { nome: 'Carlos Pereira', cpf: first.responsavel.cpf, email: '' },
      ),
    );
    expect(typo.statusCode).toBe(409);
    const message =
      'Este CPF já está cadastrado para Fernanda Almeida Santos. Confira o CPF ou escreva o nome como no cadastro.';
    expect(messageOf(typo)).toBe(message);
    expect(detailsOf(typo)).toEqual([{ path: 'responsavel.cpf', message }]);
    expect(await t.database.db.select().from(students)).toHaveLength(1);

    // The same person typed without the accents and in capitals is the one on file.
    const sibling = await post(
      '/api/alunos',
      admin.cookie,
      validStudentBody(
        { nome: 'Pedro Almeida Santos' },
        { nome: 'FERNANDA  ALMEIDA SANTOS', cpf: first.responsavel.cpf, email: '' },
      ),
    );
    expect(sibling.statusCode).toBe(201);
    const pedro = dataOf<CreatedStudent>(sibling).aluno;
    const second = await post('/api/responsaveis', admin.cookie, {
      aluno_id: pedro.id,
      nome: 'Carlos Pereira',
      parentesco: 'pai',
      telefone: '11912345678',
      cpf: first.responsavel.cpf,
    });
    expect(second.statusCode).toBe(409);
    expect(detailsOf(second)).toEqual([{ path: 'cpf', message }]);
    expect(await t.database.db.select().from(guardians)).toHaveLength(1);
  });

  it("refuses another family's e-mail typed for a guardian (without a CPF, or with another), on the form and on Adicionar responsável", async () => {
    const admin = await signedIn(t, 'administrador');
    const first = validStudentBody();
    const created = await post('/api/alunos', admin.cookie, first);
    expect(created.statusCode).toBe(201);
    const email = first.responsavel.email;
    const outra = await post(
      '/api/alunos',
      admin.cookie,
      validStudentBody({ nome: 'Criança de Outra Família' }, { nome: 'Carlos Pereira', email }),
    );
    expect(outra.statusCode).toBe(409);
    const message =
      'Este e-mail já é do responsável Fernanda Almeida Santos. Confira o e-mail ou escreva o nome como no cadastro.';
    expect(detailsOf(outra)).toEqual([{ path: 'responsavel.email', message }]);
    // Her name, with a CPF that is not hers: still not her.
    const otherCpf = await post(
      '/api/alunos',
      admin.cookie,
      validStudentBody({ nome: 'Criança de Outra Família' }, { email }),
    );
    expect(otherCpf.statusCode).toBe(409);
    expect(messageOf(otherCpf)).toBe(
      'Este e-mail já é do responsável Fernanda Almeida Santos, com outro CPF. Confira o e-mail e o CPF.',
    );
    expect(await t.database.db.select().from(students)).toHaveLength(1);

    const pedro = await insertStudent(t, null, (await insertGuardian(t)).id);
    const linksOfPedro = () =>
      t.database.db.select().from(studentGuardians).where(eq(studentGuardians.alunoId, pedro.id));
    const before = await linksOfPedro();
    const linked = await post('/api/responsaveis', admin.cookie, {
      aluno_id: pedro.id,
      nome: 'Nome Qualquer',
      parentesco: 'tia',
      eh_principal: false,
      telefone: '11912345678',
      email,
    });
    expect(linked.statusCode, linked.body).toBe(409);
    expect(detailsOf(linked)).toEqual([{ path: 'email', message }]);
    expect(await linksOfPedro()).toEqual(before);
    // Her own name (as typed at the counter) is her: the sibling is linked to her account.
    const sibling = await post('/api/responsaveis', admin.cookie, {
      aluno_id: pedro.id,
      nome: 'fernanda almeida santos',
      parentesco: 'mae',
      eh_principal: false,
      telefone: '11912345678',
      email,
    });
    expect(sibling.statusCode, sibling.body).toBe(201);
  });

  it('rolls the guardian and the account back when the student fails after them (duplicate matricula)', async () => {
    const admin = await signedIn(t, 'administrador');
    const existing = await insertStudent(t, null);
    const usersBefore = (await t.database.db.select().from(users)).length;
    const response = await post(
      '/api/alunos',
      admin.cookie,
      validStudentBody({ matricula: existing.matricula }),
    );
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe('Já existe um aluno com esta matrícula.');
    expect(await t.database.db.select().from(guardians)).toHaveLength(0);
    expect(await t.database.db.select().from(users)).toHaveLength(usersBefore);
    expect(await t.database.db.select().from(students)).toHaveLength(1);
  });

  it('checks CPF digits, the principal guardian CPF, birth date and phones', async () => {
    const admin = await signedIn(t, 'administrador');
    const invalid = await post('/api/alunos', admin.cookie, validStudentBody({ cpf: '123.456.789-00' }));
    expect(invalid.statusCode).toBe(400);
    expect(messageOf(invalid)).toBe('CPF inválido');
    const noGuardianCpf = await post('/api/alunos', admin.cookie, validStudentBody({}, { cpf: '' }));
    expect(noGuardianCpf.statusCode).toBe(400);
    expect(messageOf(noGuardianCpf)).toBe('CPF do responsável principal é obrigatório');
    const future = await post(
      '/api/alunos',
      admin.cookie,
      validStudentBody({ data_nascimento: '2999-01-01' }),
    );
    expect(future.statusCode).toBe(400);
    expect(messageOf(future)).toBe('A data de nascimento não pode estar no futuro');
    const missing = await post('/api/alunos', admin.cookie, { responsavel: {} });
    expect(missing.statusCode).toBe(400);
    const paths = missing.json<{ details: { path: string }[] }>().details.map((detail) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'nome',
        'data_nascimento',
        'responsavel.nome',
        'responsavel.telefone',
        'responsavel.parentesco',
      ]),
    );
  });

  it('refuses a CPF already used by another student (409)', async () => {
    const admin = await signedIn(t, 'administrador');
    const existing = await insertStudent(t, null);
    const response = await post('/api/alunos', admin.cookie, validStudentBody({ cpf: existing.cpf }));
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe('Já existe um aluno com este CPF.');
  });

  it('refuses enrolment into a full class with Turma lotada', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null, 1);
    await insertStudent(t, turma.id);
    const response = await post('/api/alunos', admin.cookie, validStudentBody({ turma_id: turma.id }));
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe('Turma lotada');
    expect(await t.database.db.select().from(guardians)).toHaveLength(0);
  });
});

describe('data da matrícula', () => {
  const put = (id: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/alunos/${id}`, headers: json(cookie), payload });
  const membershipsOf = (alunoId: string) =>
    t.database.db
      .select({ turmaId: classMemberships.turmaId, inicio: classMemberships.inicio })
      .from(classMemberships)
      .where(eq(classMemberships.alunoId, alunoId));

  it('records when a student the school already had joined it; in the class from then, within its year', async () => {
    clock.pin('2026-06-15');
    try {
      const admin = await signedIn(t, 'administrador');
      const turma = await insertClass(t, null);
      await t.database.db.insert(schoolYears).values({ ano: 2026, inicio: '2026-02-02', fim: '2026-12-11' });

      // Joined in March: in the class since that day.
      const march = await post(
        '/api/alunos',
        admin.cookie,
        validStudentBody({ turma_id: turma.id, data_matricula: '2026-03-10' }),
      );
      expect(march.statusCode, march.body).toBe(201);
      const marchStudent = dataOf<CreatedStudent>(march).aluno;
      expect(marchStudent).toMatchObject({ data_matricula: '2026-03-10', data_enturmacao: '2026-03-10' });
      expect(await membershipsOf(marchStudent.id)).toEqual([{ turmaId: turma.id, inicio: '2026-03-10' }]);

      // At the school since 2019: in this year's class from the first day of the 2026 school year.
      const old = await post(
        '/api/alunos',
        admin.cookie,
        validStudentBody(
          { nome: 'Otávio Lima Prado', turma_id: turma.id, data_matricula: '2019-02-04' },
          { cpf: newCpf() },
        ),
      );
      expect(old.statusCode, old.body).toBe(201);
      const oldStudent = dataOf<CreatedStudent>(old).aluno;
      expect(oldStudent).toMatchObject({ data_matricula: '2019-02-04', data_enturmacao: '2026-02-02' });
      expect(await membershipsOf(oldStudent.id)).toEqual([{ turmaId: turma.id, inicio: '2026-02-02' }]);

      // Left empty (or not sent): today, as before.
      const blank = await post(
        '/api/alunos',
        admin.cookie,
        validStudentBody(
          { nome: 'Lara Nunes Prado', turma_id: turma.id, data_matricula: '' },
          { cpf: newCpf() },
        ),
      );
      expect(dataOf<CreatedStudent>(blank).aluno).toMatchObject({
        data_matricula: '2026-06-15',
        data_enturmacao: '2026-06-15',
      });
      const list = await get('/api/alunos/export?format=csv', admin.cookie);
      expect(list.body).toContain('Data de matrícula');
      expect(list.body).toContain('04/02/2019');
    } finally {
      clock.unpin();
    }
  });

  it('refuses a date in the future, before the birth date or not a date, with the field named', async () => {
    clock.pin('2026-06-15');
    try {
      const admin = await signedIn(t, 'administrador');
      const cases: [string, string][] = [
        ['2999-01-01', 'A data da matrícula não pode estar no futuro'],
        // After the browser's today is the schema's refusal; after the server's today, the service's.
        ['2026-06-16', 'A data da matrícula não pode estar no futuro'],
        ['2016-05-19', 'A data da matrícula não pode ser anterior à data de nascimento'],
        ['2026-02-30', 'Data inválida'],
        ['1899-12-31', 'Use uma data entre 1900 e 2100'],
      ];
      for (const [date, message] of cases) {
        const response = await post('/api/alunos', admin.cookie, validStudentBody({ data_matricula: date }));
        expect(response.statusCode, date).toBe(400);
        expect(response.json(), date).toMatchObject({
          message,
          details: [{ path: 'data_matricula', message }],
        });
      }
      expect(await t.database.db.select().from(students)).toHaveLength(0);

      // An edit is checked against the birth date it leaves.
      const student = await insertStudent(t, null);
      await t.database.db
        .update(students)
        .set({ dataMatricula: '2026-06-10' })
        .where(eq(students.id, student.id));
      const later = await put(student.id, admin.cookie, {
        nome: student.nome,
        data_nascimento: '2026-06-12',
        matricula: student.matricula,
      });
      expect(later.statusCode).toBe(400);
      expect(messageOf(later)).toBe('A data da matrícula não pode ser anterior à data de nascimento');
    } finally {
      clock.unpin();
    }
  });

  it('is corrected in Editar: the class follows when the student has been in it since the matrícula', async () => {
    clock.pin('2026-06-15');
    try {
      const admin = await signedIn(t, 'administrador');
      const turma = await insertClass(t, null);
      const created = await post('/api/alunos', admin.cookie, validStudentBody({ turma_id: turma.id }));
      const student = dataOf<CreatedStudent>(created).aluno;
      expect(student).toMatchObject({ data_matricula: '2026-06-15', data_enturmacao: '2026-06-15' });

      const edited = await put(student.id, admin.cookie, {
        nome: student.nome,
        data_nascimento: student.data_nascimento,
        matricula: student.matricula,
        turma_id: turma.id,
        data_matricula: '2026-04-06',
        version: student.version,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(dataOf<Student>(edited)).toMatchObject({
        data_matricula: '2026-04-06',
        data_enturmacao: '2026-04-06',
      });
      expect(await membershipsOf(student.id)).toEqual([{ turmaId: turma.id, inicio: '2026-04-06' }]);

      // An edit that does not send the date keeps it.
      const kept = await put(student.id, admin.cookie, {
        nome: 'Beatriz A. Santos',
        data_nascimento: student.data_nascimento,
        matricula: student.matricula,
      });
      expect(dataOf<Student>(kept).data_matricula).toBe('2026-04-06');
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'atualizar'))
        .orderBy(auditLog.id)
        .limit(1);
      expect(audit!.details).toMatchObject({ campos: ['dataMatricula'] });

      // Moved to another class later: the date of the move stays when the matrícula is corrected.
      const moved = await insertStudent(t, turma.id, undefined, '2026-05-04');
      await t.database.db
        .update(students)
        .set({ dataMatricula: '2026-03-02' })
        .where(eq(students.id, moved.id));
      const corrected = await put(moved.id, admin.cookie, {
        nome: moved.nome,
        data_nascimento: moved.dataNascimento,
        matricula: moved.matricula,
        data_matricula: '2026-02-16',
      });
      expect(dataOf<Student>(corrected)).toMatchObject({
        data_matricula: '2026-02-16',
        data_enturmacao: '2026-05-04',
      });
    } finally {
      clock.unpin();
    }
  });
});

describe('who sees which student', () => {
  it('a teacher sees only the students of their own classes, without CPF; others are 404', async () => {
    const teacher = await signedIn(t, 'professor');
    const mine = await insertClass(t, (await insertTeacher(t, teacher.user.id)).id);
    const other = await insertClass(t, (await insertTeacher(t)).id);
    const guardian = await insertGuardian(t);
    const myStudent = await insertStudent(t, mine.id, guardian.id);
    const otherStudent = await insertStudent(t, other.id);

    const list = dataOf<Page<StudentListItem>>(await get('/api/alunos', teacher.cookie));
    expect(list.items.map((item) => item.id)).toEqual([myStudent.id]);
    // A row of the list carries no CPF for anyone (the record's card has it, for the school only).
    expect(list.items[0]).not.toHaveProperty('cpf');
    expect(list.items[0]!.responsavel).not.toHaveProperty('cpf');
    expect(list.items[0]!.responsavel?.telefone).toBe('11912345678');
    expect((await get(`/api/alunos/${otherStudent.id}`, teacher.cookie)).statusCode).toBe(404);
    expect((await get(`/api/alunos/${myStudent.id}`, teacher.cookie)).statusCode).toBe(200);
    expect((await get(`/api/turmas/${other.id}/alunos`, teacher.cookie)).statusCode).toBe(404);
    const filtered = dataOf<Page<StudentListItem>>(
      await get(`/api/alunos?turma_id=${other.id}`, teacher.cookie),
    );
    expect(filtered.total).toBe(0);
  });

  it('a guardian sees only their own children; another family child is 404', async () => {
    const parent = await signedIn(t, 'responsavel');
    const guardian = await insertGuardian(t, parent.user.id);
    const turma = await insertClass(t, null);
    const child = await insertStudent(t, turma.id, guardian.id);
    const classmate = await insertStudent(t, turma.id, (await insertGuardian(t)).id);

    const list = dataOf<Page<StudentListItem> & { counts: StudentCounts }>(
      await get('/api/alunos', parent.cookie),
    );
    expect(list.items.map((item) => item.id)).toEqual([child.id]);
    expect(list.counts.total).toBe(1);
    expect((await get(`/api/alunos/${classmate.id}`, parent.cookie)).statusCode).toBe(404);
    const inClass = dataOf<{ id: string }[]>(await get(`/api/turmas/${turma.id}/alunos`, parent.cookie));
    expect(inClass.map((item) => item.id)).toEqual([child.id]);
    const exported = await get('/api/alunos/export?format=csv', parent.cookie);
    expect(exported.body).toContain(child.matricula);
    expect(exported.body).not.toContain(classmate.matricula);
  });

  it('a guardian edits their own contact data only', async () => {
    const parent = await signedIn(t, 'responsavel');
    const guardian = await insertGuardian(t, parent.user.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/responsaveis/me',
      headers: json(parent.cookie),
      payload: { telefone: '(21) 3456-7890', endereco: 'Rua Nova, 10', version: guardian.version },
    });
    expect(response.statusCode).toBe(200);
    expect(dataOf<Guardian>(response)).toMatchObject({ telefone: '2134567890', endereco: 'Rua Nova, 10' });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/responsaveis/me',
      headers: json(parent.cookie),
      payload: { telefone: '2134567890', nome: 'Outro' },
    });
    expect(renamed.statusCode).toBe(400);
  });

  it('a guardian saves the contact data up to the cap a day; the next is 429 with Retry-After (ADR 0018)', async () => {
    const limit = WRITE_LIMITS.contato;
    const parent = await signedIn(t, 'responsavel');
    await insertGuardian(t, parent.user.id);
    const other = await signedIn(t, 'responsavel');
    await insertGuardian(t, other.user.id);
    await t.database.db.insert(auditLog).values(
      Array.from({ length: limit.max - 1 }, () => ({
        actorId: parent.user.id,
        action: 'atualizar_contato',
        entity: 'responsavel',
      })),
    );
    const save = (cookie: string, telefone: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/responsaveis/me',
        headers: json(cookie),
        payload: { telefone, endereco: 'Rua Nova, 10' },
      });
    expect((await save(parent.cookie, '(21) 3456-7890')).statusCode).toBe(200);
    const over = await save(parent.cookie, '(21) 3456-7891');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(24 * 3600 - 120);
    expect(messageOf(over)).toContain(
      `Limite de ${String(limit.max)} alterações dos dados de contato em 24 horas atingido. Você poderá alterar de novo a partir de`,
    );
    const [kept] = await t.database.db
      .select({ telefone: guardians.telefone })
      .from(guardians)
      .where(eq(guardians.usuarioId, parent.user.id));
    expect(kept?.telefone).toBe('2134567890');
    expect((await save(other.cookie, '(21) 3456-7892')).statusCode).toBe(200);
  });
});

describe('updates and status', () => {
  it('answers 412 to a stale update and keeps the newer data', async () => {
    const admin = await signedIn(t, 'administrador');
    const student = await insertStudent(t, null);
    const body = {
      nome: 'Nome Novo',
      data_nascimento: student.dataNascimento,
      matricula: student.matricula,
      version: student.version,
    };
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/alunos/${student.id}`,
      headers: json(admin.cookie),
      payload: body,
    });
    expect(first.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/alunos/${student.id}`,
      headers: { ...json(admin.cookie), 'if-match': `"${student.version}"` },
      payload: { ...body, nome: 'Nome Perdido', version: undefined },
    });
    expect(stale.statusCode).toBe(412);
    const [row] = await t.database.db.select().from(students).where(eq(students.id, student.id));
    expect(row!.nome).toBe('Nome Novo');
  });

  it('changes the status for real and audits it', async () => {
    const admin = await signedIn(t, 'administrador');
    const student = await insertStudent(t, null);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/alunos/${student.id}/status`,
      headers: json(admin.cookie),
      payload: { status: 'transferido' },
    });
    expect(response.statusCode).toBe(200);
    expect(dataOf<Student>(response).status).toBe('transferido');
    const list = dataOf<Page<StudentListItem> & { counts: StudentCounts }>(
      await get('/api/alunos?status=transferido', admin.cookie),
    );
    expect(list.total).toBe(1);
    expect(list.counts).toMatchObject({ total: 1, ativos: 0, transferidos: 1, novosEsteMes: 1 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'alterar_status'));
    expect(audit).toMatchObject({ entity: 'aluno', entityId: student.id });
  });

  it('adds a second guardian through POST /api/responsaveis and moves the principal flag', async () => {
    const admin = await signedIn(t, 'administrador');
    const first = await insertGuardian(t);
    const student = await insertStudent(t, null, first.id);
    const response = await post('/api/responsaveis', admin.cookie, {
      nome: 'Roberto Santos',
      telefone: '11999998888',
      cpf: newCpf(),
      parentesco: 'pai',
      eh_principal: true,
      aluno_id: student.id,
    });
    expect(response.statusCode).toBe(201);
    const detail = dataOf<Student>(await get(`/api/alunos/${student.id}`, admin.cookie));
    expect(detail.responsaveis).toHaveLength(2);
    expect(detail.responsavel?.nome).toBe('Roberto Santos');
    expect(detail.responsaveis.filter((item) => item.eh_principal)).toHaveLength(1);
  });
});

describe('lists and export', () => {
  it('pages on the server and searches by name or matricula', async () => {
    const admin = await signedIn(t, 'administrador');
    for (let index = 0; index < 23; index++) await insertStudent(t, null);
    const page2 = dataOf<Page<StudentListItem>>(await get('/api/alunos?page=2&pageSize=20', admin.cookie));
    expect(page2).toMatchObject({ total: 23, page: 2, pageSize: 20 });
    expect(page2.items).toHaveLength(3);
    const one = (await t.database.db.select().from(students).limit(1))[0]!;
    const search = dataOf<Page<StudentListItem>>(await get(`/api/alunos?q=${one.matricula}`, admin.cookie));
    expect(search.items.map((item) => item.id)).toEqual([one.id]);
  });

  it('exports the filtered list as CSV and XLSX, and audits the export', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    const inClass = await insertStudent(t, turma.id, (await insertGuardian(t)).id);
    const outside = await insertStudent(t, null);
    const csv = await get(`/api/alunos/export?format=csv&turma_id=${turma.id}`, admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="alunos-.*\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Matrícula;Nome;');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(inClass.matricula);
    expect(csv.body).not.toContain(outside.matricula);
    const xlsx = await get('/api/alunos/export?format=xlsx', admin.cookie);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'exportar'));
    expect(audits).toHaveLength(2);
  });
});
