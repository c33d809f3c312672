import { describe, expect, it } from 'vitest';
import type { Teacher } from '../../../shared/teachers.schemas.js';
import type { User } from '../../../shared/users.schemas.js';
import type { SchoolClass } from '../../../shared/classes.schemas.js';
import { dataOf, insertClass, messageOf } from '../../test/records-fixtures.js';
import { createUserRow, loginAs, sessionCookieOf, signedIn, setupTestApp } from '../../test/test-app.js';

/** Issue 10, finding 13: a professor account and a teacher record with the same e-mail are one person. */
const t = setupTestApp();

const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

async function teacherByEmail(cookie: string, email: string): Promise<Teacher> {
  return dataOf<Teacher[]>(await get('/api/professores', cookie)).find((item) => item.email === email)!;
}
async function userByEmail(cookie: string, email: string): Promise<User> {
  return dataOf<{ items: User[] }>(await get(`/api/users?q=${encodeURIComponent(email)}`, cookie)).items[0]!;
}

describe('teacher record and professor account', () => {
  it('record first, account later in Usuários: linked, shown on both screens, and the teacher sees the class', async () => {
    const admin = await signedIn(t, 'administrador');
    const email = 'helena.prado@escola.test';
    const created = await send('POST', '/api/professores', admin.cookie, {
      nome: 'Helena Prado',
      email,
      disciplinas: ['História'],
    });
    expect(created.statusCode).toBe(201);
    const record = dataOf<{ professor: Teacher }>(created).professor;
    expect(record.tem_acesso).toBe(false);
    const turma = await insertClass(t, record.id);

    const account = await send('POST', '/api/users', admin.cookie, {
      nome: 'Helena Prado',
      email: email.toUpperCase(),
      tipo: 'professor',
      senha: 'Ipe-Amarelo-2026',
    });
    expect(account.statusCode).toBe(201);
    const usuario = dataOf<{ usuario: User }>(account).usuario;
    expect(usuario.professor).toEqual({ id: record.id, nome: 'Helena Prado' });

    expect(await teacherByEmail(admin.cookie, email)).toMatchObject({
      usuario_id: usuario.id,
      tem_acesso: true,
      acesso_email: email,
    });
    expect((await userByEmail(admin.cookie, email)).professor).toEqual({
      id: record.id,
      nome: 'Helena Prado',
    });

    // The teacher signs in and sees the class they are responsible for.
    const firstLogin = await loginAs(t.app, email, 'Ipe-Amarelo-2026');
    const changed = await send('POST', '/api/auth/change-password', firstLogin, {
      senhaAtual: 'Ipe-Amarelo-2026',
      novaSenha: 'Quaresmeira-2027',
    });
    const classes = dataOf<SchoolClass[]>(await get('/api/turmas', sessionCookieOf(changed)));
    expect(classes.map((item) => item.id)).toEqual([turma.id]);
  });

  it('account first, record later without asking for access: linked all the same', async () => {
    const admin = await signedIn(t, 'administrador');
    const account = await createUserRow(t.database, 'professor', { email: 'caio.reis@escola.test' });
    const created = await send('POST', '/api/professores', admin.cookie, {
      nome: 'Caio Reis',
      email: 'caio.reis@escola.test',
      disciplinas: ['Geografia'],
    });
    expect(created.statusCode).toBe(201);
    expect(dataOf<{ professor: Teacher; usuarioCriado: boolean }>(created)).toMatchObject({
      professor: { usuario_id: account.id, tem_acesso: true, acesso_email: 'caio.reis@escola.test' },
      usuarioCriado: false,
    });
    expect((await userByEmail(admin.cookie, 'caio.reis@escola.test')).professor?.nome).toBe('Caio Reis');
  });

  it('an account whose e-mail is changed to a teacher record’s, or that becomes a professor, is linked', async () => {
    const admin = await signedIn(t, 'administrador');
    const record = dataOf<{ professor: Teacher }>(
      await send('POST', '/api/professores', admin.cookie, { nome: 'Lia Campos', email: 'lia@escola.test' }),
    ).professor;
    const account = await createUserRow(t.database, 'responsavel', { email: 'lia.campos@casa.test' });
    const asGuardian = await send('PUT', `/api/users/${account.id}`, admin.cookie, {
      nome: account.nome,
      email: 'lia@escola.test',
      tipo: 'responsavel',
    });
    expect(dataOf<User>(asGuardian).professor).toBeNull();
    const asTeacher = await send('PUT', `/api/users/${account.id}`, admin.cookie, {
      nome: account.nome,
      email: 'lia@escola.test',
      tipo: 'professor',
    });
    expect(asTeacher.statusCode).toBe(200);
    expect(dataOf<User>(asTeacher).professor).toEqual({ id: record.id, nome: 'Lia Campos' });
    expect((await teacherByEmail(admin.cookie, 'lia@escola.test')).usuario_id).toBe(account.id);
  });

  it('refuses, saying how to fix it, when the record already has another account', async () => {
    const admin = await signedIn(t, 'administrador');
    const other = await createUserRow(t.database, 'professor', { email: 'conta.antiga@escola.test' });
    const record = dataOf<{ professor: Teacher }>(
      await send('POST', '/api/professores', admin.cookie, {
        nome: 'Rui Teles',
        email: 'conta.antiga@escola.test',
      }),
    ).professor;
    expect(record.usuario_id).toBe(other.id);
    // The record's e-mail changes; the link stays with the old account.
    const renamed = await send('PUT', `/api/professores/${record.id}`, admin.cookie, {
      nome: 'Rui Teles',
      email: 'rui.teles@escola.test',
      version: record.version,
    });
    expect(renamed.statusCode).toBe(200);
    const refused = await send('POST', '/api/users', admin.cookie, {
      nome: 'Rui Teles',
      email: 'rui.teles@escola.test',
      tipo: 'professor',
    });
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(
      'O professor Rui Teles (rui.teles@escola.test) já tem acesso ao portal pela conta conta.antiga@escola.test. ' +
        'Use essa conta, ou use outro e-mail aqui.',
    );
    expect(refused.json().details).toEqual([{ path: 'email', message: messageOf(refused) }]);
    expect(await userByEmail(admin.cookie, 'rui.teles@escola.test')).toBeUndefined();
  });
});
