import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, loginAs, signedIn, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function admin() {
  return (await signedIn(t, 'administrador')).cookie;
}

const newTeacher = {
  nome: 'Beatriz Nogueira',
  email: 'beatriz.nogueira@escola.test',
  tipo: 'professor',
  telefone: '(11) 98765-4321',
};

describe('POST /api/users', () => {
  it('creates an account with a generated 12-character password shown once and mailed', async () => {
    const cookie = await admin();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: newTeacher,
    });
    expect(response.statusCode).toBe(201);
    const { usuario, senhaGerada, emailEnviado } = response.json().data;
    expect(senhaGerada).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
    expect(usuario).toMatchObject({
      nome: 'Beatriz Nogueira',
      tipo: 'professor',
      status: 'ativo',
      primeiro_login: true,
      telefone: '11987654321',
    });
    expect(JSON.stringify(usuario)).not.toMatch(/hash/i);
    expect(emailEnviado).toBe(true);
    expect(t.mailer.last()!.to).toBe(newTeacher.email);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newTeacher.email, password: senhaGerada },
    });
    expect(login.json().data.user).toMatchObject({ primeiro_login: true, nivel: 'professor' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'criar'), eq(auditLog.entityId, usuario.id)));
    expect(entry).toBeDefined();
  });

  it('refuses a duplicate e-mail with 409, whatever the case', async () => {
    const cookie = await admin();
    await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie }, payload: newTeacher });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: { ...newTeacher, email: newTeacher.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Já existe um usuário com este e-mail.');
  });

  it('refuses a weak chosen password and a missing name with Portuguese messages', async () => {
    const cookie = await admin();
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: { ...newTeacher, senha: 'senha123' },
    });
    expect(weak.statusCode).toBe(400);
    const noName = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: { ...newTeacher, nome: '  ' },
    });
    expect(noName.json().details).toContainEqual({ path: 'nome', message: 'Nome é obrigatório' });
  });
});

describe('GET /api/users', () => {
  it('searches, filters, pages on the server and counts', async () => {
    const cookie = await admin();
    for (const [nome, tipo] of [
      ['Ana Souza', 'professor'],
      ['Bruno Lima', 'responsavel'],
      ['Carla Dias', 'admin'],
    ] as const) {
      await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie },
        payload: { nome, tipo, email: `${nome.split(' ')[0]!.toLowerCase()}@escola.test` },
      });
    }
    const all = (await t.app.inject({ url: '/api/users?pageSize=2', headers: { cookie } })).json().data;
    expect(all.total).toBe(4);
    expect(all.items).toHaveLength(2);
    expect(all.counts).toEqual({ total: 4, admins: 2, ativos: 4, primeiroLogin: 3 });
    const search = (await t.app.inject({ url: '/api/users?q=bruno', headers: { cookie } })).json().data;
    expect(search.items.map((user: { nome: string }) => user.nome)).toEqual(['Bruno Lima']);
    const teachers = (await t.app.inject({ url: '/api/users?tipo=professor', headers: { cookie } })).json()
      .data;
    expect(teachers.items.map((user: { nome: string }) => user.nome)).toEqual(['Ana Souza']);
    const wildcard = (await t.app.inject({ url: '/api/users?q=%25', headers: { cookie } })).json().data;
    expect(wildcard.total).toBe(0);
  });
});

describe('PUT /api/users/:id', () => {
  it('saves on the server, and a stale version is 412 and loses nothing', async () => {
    const cookie = await admin();
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie }, payload: newTeacher })
    ).json().data.usuario;
    const update = (nome: string, version: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${created.id}`,
        headers: { cookie },
        payload: { nome, email: created.email, tipo: 'professor', version },
      });
    const first = await update('Beatriz N. Costa', created.version);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      nome: 'Beatriz N. Costa',
      version: Number(created.version) + 1,
    });
    const stale = await update('Outro Nome', created.version);
    expect(stale.statusCode).toBe(412);
    const current = (await t.app.inject({ url: `/api/users/${created.id}`, headers: { cookie } })).json()
      .data;
    expect(current.nome).toBe('Beatriz N. Costa');
  });

  it('accepts If-Match and refuses to let an admin disable themself', async () => {
    const { user, cookie } = await signedIn(t, 'administrador');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie, 'if-match': `"${user.version}"` },
      payload: { nome: user.nome, email: user.email, tipo: 'admin', status: 'inativo' },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('status and password reset', () => {
  it('toggles status and ends the sessions of a disabled user', async () => {
    const cookie = await admin();
    const teacher = await signedIn(t, 'professor');
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${teacher.user.id}/toggle-status`,
      headers: { cookie },
    });
    expect(off.json().data.status).toBe('inativo');
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: teacher.cookie } })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: teacher.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${teacher.user.id}/toggle-status`,
      headers: { cookie },
    });
    expect(on.json().data.status).toBe('ativo');
  });

  it('resets a password: new one returned, first login again, sessions ended', async () => {
    const cookie = await admin();
    const guardian = await signedIn(t, 'responsavel');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${guardian.user.id}/reset-password`,
      headers: { cookie },
      payload: {},
    });
    const { novaSenha } = response.json().data;
    expect(novaSenha).toHaveLength(12);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: guardian.cookie } })).statusCode,
    ).toBe(401);
    const fresh = await loginAs(t.app, guardian.user.email, novaSenha);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: fresh } })).json().data.user
        .primeiro_login,
    ).toBe(true);
  });

  it('generates passwords from the allowed alphabet', async () => {
    const cookie = await admin();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/generate-password',
      headers: { cookie },
    });
    expect(response.json().data.senha).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
  });
});
