import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClassNivel, ClassStudent, SchoolClass } from '../../../shared/classes.schemas.js';
import type { SavedTeacher, Teacher } from '../../../shared/teachers.schemas.js';
import { signedIn, requestsOf, setupTestApp } from '../../test/test-app.js';
import {
  dataOf,
  insertClass,
  insertGuardian,
  insertStudent,
  insertTeacher,
  messageOf,
  createdWithAccount,
} from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { students } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';

const t = setupTestApp();

const { send, get } = requestsOf(() => t.app);

const classBody = (overrides: Record<string, unknown> = {}) => ({
  nome: '5º Ano A',
  nivel: 'Fundamental I',
  serie: '5º ano',
  turno: 'noite',
  ano_letivo: '2026',
  capacidade_maxima: 2,
  ...overrides,
});

describe('turmas', () => {
  it('creates a class with a responsible teacher and the real shift and status', async () => {
    const admin = await signedIn(t, 'administrador');
    const teacher = await insertTeacher(t);
    const response = await send(
      'POST',
      '/api/turmas',
      admin.cookie,
      classBody({ professor_responsavel_id: teacher.id, status: 'concluido' }),
    );
    expect(response.statusCode).toBe(201);
    expect(dataOf<SchoolClass>(response)).toMatchObject({
      turno: 'noite',
      status: 'concluido',
      alunos_count: 0,
      professor_responsavel: { id: teacher.id, nome: teacher.nome },
    });
    const invalid = await send('POST', '/api/turmas', admin.cookie, classBody({ capacidade_maxima: 0 }));
    expect(invalid.statusCode).toBe(400);
  });

  it('refuses a série of another stage (5º ano in Ensino Médio) on the série, and takes a school’s own name with any stage', async () => {
    const admin = await signedIn(t, 'administrador');
    const medio = await send('POST', '/api/turmas', admin.cookie, classBody({ nivel: 'Ensino Médio' }));
    expect(medio.statusCode).toBe(400);
    const message =
      '5º ano é do Fundamental I, não do Ensino Médio: escolha o nível Fundamental I ou uma série do Ensino Médio (1ª série, 2ª série e 3ª série)';
    expect(medio.json().details).toEqual([{ path: 'serie', message }]);
    const infantil = await send(
      'POST',
      '/api/turmas',
      admin.cookie,
      classBody({ nome: 'Pré A', nivel: 'Fundamental I', serie: 'pré ii' }),
    );
    expect(infantil.json().details).toEqual([
      {
        path: 'serie',
        message:
          'Pré II é da Educação Infantil, não do Fundamental I: escolha o nível Educação Infantil ou uma série do Fundamental I (1º ano, 2º ano, 3º ano, 4º ano e 5º ano)',
      },
    ]);
    // The list's séries in any case, and names of the school's own, are accepted.
    for (const [nome, nivel, serie] of [
      ['5º Ano B', 'Fundamental I', '5º Ano'],
      ['Multisseriada', 'Fundamental I', 'Multisseriada 1º e 2º'],
      ['Integral', 'Ensino Médio', 'Técnico em Informática'],
    ])
      expect(
        (await send('POST', '/api/turmas', admin.cookie, classBody({ nome, nivel, serie }))).statusCode,
      ).toBe(201);
    // Editing keeps to the same rule.
    const kept = dataOf<SchoolClass>(
      await send(
        'POST',
        '/api/turmas',
        admin.cookie,
        classBody({ nome: '1ª Série A', nivel: 'Ensino Médio', serie: '1ª série' }),
      ),
    );
    const edit = await send('PUT', `/api/turmas/${kept.id}`, admin.cookie, {
      ...classBody({ nome: '1ª Série A', nivel: 'Ensino Médio', serie: '9º ano' }),
      version: kept.version,
    });
    expect(edit.statusCode).toBe(400);
    expect(messageOf(edit)).toContain('9º ano é do Fundamental II, não do Ensino Médio');
  });

  it('asks for the Infantil class’s group as a group, with the other fields’ errors in one answer', async () => {
    const admin = await signedIn(t, 'administrador');
    const infantil = await send(
      'POST',
      '/api/turmas',
      admin.cookie,
      classBody({ nome: '', nivel: 'Educação Infantil', serie: '', capacidade_maxima: 0 }),
    );
    expect(infantil.statusCode).toBe(400);
    expect(infantil.json().details).toEqual([
      { path: 'nome', message: 'Nome da turma é obrigatório' },
      { path: 'capacidade_maxima', message: 'A capacidade mínima é 1' },
      { path: 'serie', message: 'Grupo é obrigatório' },
    ]);
    const missing = await send(
      'POST',
      '/api/turmas',
      admin.cookie,
      classBody({ nivel: 'Educação Infantil', serie: undefined }),
    );
    expect(missing.json().details).toEqual([{ path: 'serie', message: 'Grupo é obrigatório' }]);
    const fundamental = await send('POST', '/api/turmas', admin.cookie, classBody({ serie: '  ' }));
    expect(fundamental.json().details).toEqual([{ path: 'serie', message: 'Série é obrigatória' }]);
  });

  it('enrols up to capacity, then answers 409 Turma lotada; unenrol frees the place', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null, 2);
    const [a, b, c] = [
      await insertStudent(t, null),
      await insertStudent(t, null),
      await insertStudent(t, null),
    ];
    for (const student of [a, b]) {
      const response = await send('POST', `/api/turmas/${turma.id}/alunos`, admin.cookie, {
        aluno_id: student.id,
      });
      expect(response.statusCode).toBe(201);
    }
    const full = await send('POST', `/api/turmas/${turma.id}/alunos`, admin.cookie, { aluno_id: c.id });
    expect(full.statusCode).toBe(409);
    expect(messageOf(full)).toBe('Turma lotada');
    const listed = dataOf<ClassStudent[]>(await get(`/api/turmas/${turma.id}/alunos`, admin.cookie));
    expect(listed.map((item) => item.id).sort()).toEqual([a.id, b.id].sort());
    const [row] = await t.database.db.select().from(students).where(eq(students.id, a.id));
    expect(row!.dataEnturmacao).not.toBeNull();

    expect((await send('DELETE', `/api/turmas/${turma.id}/alunos/${a.id}`, admin.cookie)).statusCode).toBe(
      200,
    );
    expect(
      (await send('POST', `/api/turmas/${turma.id}/alunos`, admin.cookie, { aluno_id: c.id })).statusCode,
    ).toBe(201);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'turma'));
    expect(audits.map((item) => item.action).sort()).toEqual(
      ['desmatricular', 'matricular', 'matricular', 'matricular'].sort(),
    );
  });

  it('refuses to delete a class with students (409) and deletes an empty one', async () => {
    const admin = await signedIn(t, 'administrador');
    const busy = await insertClass(t, null);
    await insertStudent(t, busy.id);
    const refused = await send('DELETE', `/api/turmas/${busy.id}`, admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toContain('1 aluno matriculado');
    const empty = await insertClass(t, null);
    expect((await send('DELETE', `/api/turmas/${empty.id}`, admin.cookie)).statusCode).toBe(200);
  });

  it('refuses a second class with the same name in the same school year (409), in any case', async () => {
    const admin = await signedIn(t, 'administrador');
    const first = await send('POST', '/api/turmas', admin.cookie, classBody());
    expect(first.statusCode).toBe(201);
    const twin = await send('POST', '/api/turmas', admin.cookie, classBody({ nome: '5º ano a ' }));
    expect(twin.statusCode).toBe(409);
    expect(messageOf(twin)).toBe('Já existe a turma 5º Ano A em 2026.');
    expect(twin.json().details).toEqual([{ path: 'nome', message: 'Nome já usado em 2026' }]);
    // Next year's 5º Ano A is another class.
    expect(
      (await send('POST', '/api/turmas', admin.cookie, classBody({ ano_letivo: '2027' }))).statusCode,
    ).toBe(201);
    // Renaming another class to it is refused; saving the class itself is not.
    const other = await insertClass(t, null);
    expect((await send('PUT', `/api/turmas/${other.id}`, admin.cookie, classBody())).statusCode).toBe(409);
    const own = dataOf<SchoolClass>(first);
    const saved = await send(
      'PUT',
      `/api/turmas/${own.id}`,
      admin.cookie,
      classBody({ capacidade_maxima: 30, version: own.version }),
    );
    expect(saved.statusCode).toBe(200);
  });

  it('answers 412 to a stale class update', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    const ok = await send('PUT', `/api/turmas/${turma.id}`, admin.cookie, classBody({ version: 1 }));
    expect(ok.statusCode).toBe(200);
    const stale = await send(
      'PUT',
      `/api/turmas/${turma.id}`,
      admin.cookie,
      classBody({ version: 1, nome: 'X' }),
    );
    expect(stale.statusCode).toBe(412);
  });

  it('shows a teacher only their own classes and a guardian their children classes', async () => {
    const teacher = await signedIn(t, 'professor');
    const parent = await signedIn(t, 'responsavel');
    const mine = await insertClass(t, (await insertTeacher(t, teacher.user.id)).id);
    const other = await insertClass(t, (await insertTeacher(t)).id);
    await insertStudent(t, other.id, (await insertGuardian(t, parent.user.id)).id);
    const teacherClasses = dataOf<SchoolClass[]>(await get('/api/turmas', teacher.cookie));
    expect(teacherClasses.map((item) => item.id)).toEqual([mine.id]);
    const parentClasses = dataOf<SchoolClass[]>(await get('/api/turmas', parent.cookie));
    expect(parentClasses.map((item) => item.id)).toEqual([other.id]);
  });

  it('lists the newest year first, then in school order: Infantil, Fundamental, Médio, by série and name', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = (nome: string, serie: string, nivel: ClassNivel, anoLetivo = '2026') =>
      insertClass(t, null, 25, { nome, serie, nivel, anoLetivo });
    await turma('1ª Série A', '1ª série', 'Ensino Médio');
    await turma('10º Ano A', '9º ano', 'Fundamental II');
    await turma('2º Ano A', '2º ano', 'Fundamental I');
    await turma('1º Ano B', '1º ano', 'Fundamental I');
    await turma('1º Ano A', '1º ano', 'Fundamental I');
    await turma('Pré II A', 'Pré II', 'Educação Infantil');
    await turma('1º Ano A', '1º ano', 'Fundamental I', '2027');
    const listed = dataOf<SchoolClass[]>(await get('/api/turmas', admin.cookie));
    expect(listed.map((item) => `${item.ano_letivo} ${item.nome}`)).toEqual([
      '2027 1º Ano A',
      '2026 Pré II A',
      '2026 1º Ano A',
      '2026 1º Ano B',
      '2026 2º Ano A',
      '2026 10º Ano A',
      '2026 1ª Série A',
    ]);
  });
});

describe('professores', () => {
  it('creates a teacher with a portal account and a generated password', async () => {
    const admin = await signedIn(t, 'administrador');
    const response = await send('POST', '/api/professores', admin.cookie, {
      nome: 'Marina Costa',
      email: 'Marina.Costa@escola.test',
      telefone: '(11) 3333-4444',
      disciplinas: ['Matemática', 'Física'],
      data_contratacao: '2020-02-01',
      criar_acesso: true,
    });
    const saved = createdWithAccount<SavedTeacher>(response);
    expect(saved.professor).toMatchObject({
      email: 'marina.costa@escola.test',
      telefone: '1133334444',
      tem_acesso: true,
    });
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'marina.costa@escola.test'));
    expect(account!.nivel).toBe('professor');
    const duplicate = await send('POST', '/api/professores', admin.cookie, {
      nome: 'Outra',
      email: 'marina.costa@escola.test',
    });
    expect(duplicate.statusCode).toBe(409);
    const badSubject = await send('POST', '/api/professores', admin.cookie, {
      nome: 'Outra',
      email: 'outra@escola.test',
      disciplinas: ['Astrologia'],
    });
    expect(badSubject.statusCode).toBe(400);
  });

  it('searches by name, e-mail or subject, case-insensitive', async () => {
    const admin = await signedIn(t, 'administrador');
    await send('POST', '/api/professores', admin.cookie, {
      nome: 'Ana',
      email: 'ana@x.test',
      disciplinas: ['Química'],
    });
    await send('POST', '/api/professores', admin.cookie, {
      nome: 'Bruno',
      email: 'bruno@x.test',
      disciplinas: ['Arte'],
    });
    const found = dataOf<Teacher[]>(
      await get(`/api/professores?q=${encodeURIComponent('QUÍM')}`, admin.cookie),
    );
    expect(found.map((item) => item.nome)).toEqual(['Ana']);
  });

  it('refuses to delete a teacher responsible for a class, naming the classes', async () => {
    const admin = await signedIn(t, 'administrador');
    const teacher = await insertTeacher(t);
    const turma = await insertClass(t, teacher.id);
    const refused = await send('DELETE', `/api/professores/${teacher.id}`, admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toContain(turma.nome);
    await send('PUT', `/api/turmas/${turma.id}`, admin.cookie, classBody({ professor_responsavel_id: null }));
    expect((await send('DELETE', `/api/professores/${teacher.id}`, admin.cookie)).statusCode).toBe(200);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'professor'));
    expect(audits.map((item) => item.action)).toEqual(['excluir']);
  });

  it('answers 412 to a stale teacher update', async () => {
    const admin = await signedIn(t, 'administrador');
    const teacher = await insertTeacher(t);
    const body = { nome: 'Novo', email: teacher.email, version: 1 };
    expect((await send('PUT', `/api/professores/${teacher.id}`, admin.cookie, body)).statusCode).toBe(200);
    expect((await send('PUT', `/api/professores/${teacher.id}`, admin.cookie, body)).statusCode).toBe(412);
  });
});
