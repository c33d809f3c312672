import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createUserRow, loginAs, signedIn, TEST_PASSWORD, setupTestApp } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { perfis, userPerfis } from '../../db/schema/perfis.js';
import { users } from '../../db/schema/users.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { builtInPerfilId } from '../perfis/index.js';
import { GENERATED_PASSWORD_LENGTH, GENERATED_PASSWORD_PATTERN } from '../../../shared/users.schemas.js';

const t = setupTestApp();

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
  it('creates an account with a generated password shown once and mailed', async () => {
    const cookie = await admin();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: newTeacher,
    });
    expect(response.statusCode).toBe(201);
    const { usuario, senhaGerada, emailEnviado } = response.json().data;
    expect(senhaGerada).toMatch(GENERATED_PASSWORD_PATTERN);
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
    expect(entry).toMatchObject({ action: 'criar', entity: 'usuario', entityId: usuario.id });
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
        payload: {
          nome,
          tipo,
          email: `${nome.split(' ')[0]!.toLowerCase()}@escola.test`,
          // Creating an administrator asks for the acting administrator's password (docs/architecture.md, Segurança).
          ...(tipo === 'admin' ? { senha_atual: TEST_PASSWORD } : {}),
        },
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
      payload: { senha_atual: TEST_PASSWORD },
    });
    const { novaSenha } = response.json().data;
    expect(novaSenha).toHaveLength(GENERATED_PASSWORD_LENGTH);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: guardian.cookie } })).statusCode,
    ).toBe(401);
    const fresh = await loginAs(t.app, guardian.user.email, novaSenha);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: fresh } })).json().data.user
        .primeiro_login,
    ).toBe(true);
  });

  it('says where a new password went: mailed, only in the outbox (no SMTP_URL), or refused', async () => {
    const cookie = await admin();
    const create = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie },
        payload: { ...newTeacher, email },
      });
    const reset = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${id}/reset-password`,
        headers: { cookie },
        payload: { senha_atual: TEST_PASSWORD },
      });
    const mailed = (await create('com.smtp@escola.test')).json().data;
    expect(mailed).toMatchObject({ emailEnviado: true, envioEmail: 'enviado' });

    const send = t.mailer.send.bind(t.mailer);
    try {
      // Without SMTP_URL the message is only an .eml in DATA_DIR/outbox: nobody receives it.
      t.mailer.delivery = 'arquivo';
      const outbox = (await create('sem.smtp@escola.test')).json().data;
      expect(outbox).toMatchObject({ emailEnviado: false, envioEmail: 'caixa_de_saida' });
      expect(t.mailer.last()!.to).toBe('sem.smtp@escola.test');
      expect((await reset(outbox.usuario.id as string)).json().data).toMatchObject({
        emailEnviado: false,
        envioEmail: 'caixa_de_saida',
      });

      t.mailer.delivery = 'smtp';
      t.mailer.send = () => Promise.reject(new Error('550 mailbox unavailable'));
      expect((await reset(mailed.usuario.id as string)).json().data).toMatchObject({
        emailEnviado: false,
        envioEmail: 'falhou',
      });
    } finally {
      t.mailer.delivery = 'smtp';
      t.mailer.send = send;
    }
  });

  it('generates passwords from the allowed alphabet', async () => {
    const cookie = await admin();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/generate-password',
      headers: { cookie },
    });
    expect(response.json().data.senha).toMatch(GENERATED_PASSWORD_PATTERN);
  });
});

describe('administrator power asks for the acting administrator password (docs/architecture.md, Segurança)', () => {
  const notices = async () =>
    (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'aviso_administradores'))).map(
      (entry) => ({
        entityId: entry.entityId,
        ...(entry.details as { evento: string; destinatarios: string[] }),
      }),
    );

  it('creating an administrator: missing or wrong password refused (and throttled), right one creates and tells the other admins', async () => {
    const acting = await signedIn(t, 'administrador');
    const other = await createUserRow(t.database, 'administrador');
    // A staff account that cannot open Usuários nor Auditoria is not asked to check them.
    await staffWith(t, 'secretaria');
    const create = (extra: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: acting.cookie },
        payload: { nome: 'Novo Diretor', email: 'diretor@escola.test', tipo: 'admin', ...extra },
      });
    const missing = await create({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: 'senha_atual', message: 'Confirme com a sua senha.' }]);
    const wrong = await create({ senha_atual: 'chute-errado' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ path: 'senha_atual', message: 'Senha incorreta.' }]);
    const [nobody] = await t.database.db.select().from(users).where(eq(users.email, 'diretor@escola.test'));
    expect(nobody).toBeUndefined();

    const created = await create({ senha_atual: TEST_PASSWORD });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.usuario.id as string;
    expect(await notices()).toEqual([
      { entityId: id, evento: 'administrador_criado', alvo: expect.anything(), destinatarios: [other.id] },
    ]);
    // The other administrator sees it on the dashboard's recent activity.
    const otherCookie = await loginAs(t.app, other.email);
    const stats = (
      await t.app.inject({ url: '/api/dashboard/stats', headers: { cookie: otherCookie } })
    ).json();
    expect(stats.data.atividades.map((item: { descricao: string }) => item.descricao)).toContain(
      `Alerta de segurança: ${acting.user.nome} criou o administrador Novo Diretor`,
    );
    // And in their bell, as a security notice linking to the audit; the acting administrator gets none.
    const bellOf = async (cookie: string) =>
      (await t.app.inject({ url: '/api/notificacoes?nao_lidas=true', headers: { cookie } })).json().data
        .items as { tipo: string; titulo: string; texto: string; link: string }[];
    expect(await bellOf(otherCookie)).toEqual([
      expect.objectContaining({
        tipo: 'seguranca',
        titulo: 'Novo administrador',
        texto: expect.stringContaining(
          `${acting.user.nome} criou uma conta de administrador para Novo Diretor (diretor@escola.test).`,
        ),
        link: '/dashboard/auditoria',
      }),
    ]);
    expect(await bellOf(acting.cookie)).toEqual([]);
    // Non-administrator accounts need no re-authentication.
    const teacher = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: acting.cookie },
      payload: newTeacher,
    });
    expect(teacher.statusCode).toBe(201);
  });

  it('creating a Coordenação account tells the other admins of a staff account, not of an administrator', async () => {
    const acting = await signedIn(t, 'administrador');
    const other = await createUserRow(t.database, 'administrador');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: acting.cookie },
      payload: {
        nome: 'Paulo Mendonça',
        email: 'paulo@escola.test',
        tipo: 'admin',
        perfis: [await builtInPerfilId(t.database.db, 'coordenacao')],
        senha_atual: TEST_PASSWORD,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.usuario.id as string;
    expect(await notices()).toEqual([
      { entityId: id, evento: 'conta_equipe_criada', alvo: expect.anything(), destinatarios: [other.id] },
    ]);
    const otherCookie = await loginAs(t.app, other.email);
    const bell = (
      await t.app.inject({ url: '/api/notificacoes?nao_lidas=true', headers: { cookie: otherCookie } })
    ).json().data.items as { titulo: string; texto: string }[];
    expect(bell).toEqual([
      expect.objectContaining({
        titulo: 'Nova conta da equipe',
        texto: expect.stringContaining(
          `${acting.user.nome} criou uma conta da equipe para Paulo Mendonça (paulo@escola.test).`,
        ),
      }),
    ]);
  });

  it('a stolen session cannot guess the password through it: the re-check is throttled', async () => {
    const acting = await signedIn(t, 'administrador');
    const guardian = await createUserRow(t.database, 'responsavel');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/users/${guardian.id}/reset-password`,
        headers: { cookie: acting.cookie },
        payload: { senha_atual: `chute-${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });

  it('promoting to administrator and changing an administrator e-mail ask for it; other edits do not', async () => {
    const acting = await signedIn(t, 'administrador');
    const teacher = await createUserRow(t.database, 'professor');
    const otherAdmin = await createUserRow(t.database, 'administrador');
    const put = (target: { id: string }, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${target.id}`,
        headers: { cookie: acting.cookie },
        payload,
      });

    const rename = await put(teacher, { nome: 'Prof. Renomeado', email: teacher.email, tipo: 'professor' });
    expect(rename.statusCode).toBe(200);
    const promote = { nome: teacher.nome, email: teacher.email, tipo: 'admin' };
    expect((await put(teacher, promote)).statusCode).toBe(400);
    expect((await put(teacher, { ...promote, senha_atual: 'errada' })).json().message).toBe(
      'Senha incorreta.',
    );
    const [still] = await t.database.db.select().from(users).where(eq(users.id, teacher.id));
    expect(still!.nivel).toBe('professor');
    expect((await put(teacher, { ...promote, senha_atual: TEST_PASSWORD })).statusCode).toBe(200);

    const takeover = { nome: otherAdmin.nome, email: 'atacante@fora.test', tipo: 'admin' };
    expect((await put(otherAdmin, takeover)).statusCode).toBe(400);
    expect((await put(otherAdmin, { ...takeover, senha_atual: TEST_PASSWORD })).statusCode).toBe(200);
    expect(
      (await put(otherAdmin, { nome: 'Mesmo E-mail', email: 'atacante@fora.test', tipo: 'admin' }))
        .statusCode,
    ).toBe(200);

    expect((await notices()).map((notice) => [notice.entityId, notice.evento])).toEqual([
      [teacher.id, 'administrador_promovido'],
      [otherAdmin.id, 'email_de_administrador_alterado'],
    ]);
  });

  it('resetting a password asks for it and notices the other admins', async () => {
    const acting = await signedIn(t, 'administrador');
    const guardian = await createUserRow(t.database, 'responsavel');
    const reset = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${guardian.id}/reset-password`,
        headers: { cookie: acting.cookie },
        payload,
      });
    expect((await reset({})).json().details).toEqual([
      { path: 'senha_atual', message: 'Confirme com a sua senha.' },
    ]);
    expect((await reset({ senha_atual: 'errada' })).statusCode).toBe(400);
    expect(await loginAs(t.app, guardian.email)).toMatch(/^sid=/);
    const done = await reset({ senha_atual: TEST_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect((await notices()).map((notice) => notice.evento)).toEqual(['senha_redefinida_por_administrador']);
  });
});

describe('a custom users.manage profile cannot take over a Direção (ADR 0025)', () => {
  const refusal = (what: string) =>
    `Você não pode ${what} de um usuário com permissões que você mesmo não tem.`;

  /** A staff account whose only profile is the school's own 'Gestor de usuários', signed in. */
  async function userManager() {
    const [gestor] = await t.database.db
      .insert(perfis)
      .values({ nome: 'Gestor de usuários', permissoes: ['dashboard.read', 'users.manage'] })
      .returning();
    const user = await createUserRow(t.database, 'administrador');
    await t.database.db.insert(userPerfis).values({ usuarioId: user.id, perfilId: gestor!.id });
    return { user, cookie: await loginAs(t.app, user.email), perfilId: gestor!.id };
  }

  const resetAs = (cookie: string, target: { id: string }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/reset-password`,
      headers: { cookie },
      payload: { senha_atual: TEST_PASSWORD },
    });
  const patchAs = (cookie: string, target: { id: string }, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${target.id}`, headers: { cookie }, payload });

  it('refuses it a Direção password reset, with no new password in the answer', async () => {
    const manager = await userManager();
    const direcao = await staffWith(t, 'direcao');
    // An account made before profiles holds its kind's default: Direção too.
    const legacy = await createUserRow(t.database, 'administrador');
    for (const target of [direcao.user, legacy]) {
      const response = await resetAs(manager.cookie, target);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(refusal('redefinir a senha'));
      expect(JSON.stringify(response.json())).not.toContain('novaSenha');
      expect(await loginAs(t.app, target.email)).toMatch(/^sid=/);
    }
    expect(
      (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'resetar_senha'))).length,
    ).toBe(0);
    // Nor a Secretaria's, whose permissions it lacks; a teacher's account it still resets.
    const secretaria = await staffWith(t, 'secretaria');
    expect((await resetAs(manager.cookie, secretaria.user)).statusCode).toBe(403);
    const teacher = await createUserRow(t.database, 'professor');
    const reset = await resetAs(manager.cookie, teacher);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.novaSenha).toHaveLength(GENERATED_PASSWORD_LENGTH);
  });

  it("refuses it a Direção's e-mail, status, kind and profiles; a harmless edit stays open", async () => {
    const manager = await userManager();
    const direcao = await staffWith(t, 'direcao');
    const target = direcao.user;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      headers: { cookie: manager.cookie },
      payload: { nome: target.nome, email: 'atacante@fora.test', tipo: 'admin', senha_atual: TEST_PASSWORD },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(refusal('alterar o e-mail'));
    const attempts: [object, string][] = [
      [{ email: 'atacante@fora.test', senha_atual: TEST_PASSWORD }, 'alterar o e-mail'],
      [{ status: 'inativo' }, 'desativar a conta'],
      [{ tipo: 'professor' }, 'alterar o tipo de conta'],
      [{ perfis: [manager.perfilId], senha_atual: TEST_PASSWORD }, 'alterar os perfis'],
    ];
    for (const [payload, what] of attempts) {
      const response = await patchAs(manager.cookie, target, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      expect(response.json().message).toBe(refusal(what));
    }
    const toggle = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.id}/toggle-status`,
      headers: { cookie: manager.cookie },
    });
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json().message).toBe(refusal('desativar a conta'));

    const [still] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(still).toMatchObject({ email: target.email, status: 'ativo', nivel: 'administrador' });
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: { cookie: direcao.cookie } })).json().data.user,
    ).toMatchObject({ perfis: ['Direção'] });
    // The name and the phone hand nothing over.
    const rename = await patchAs(manager.cookie, target, { nome: 'Diretora Renomeada' });
    expect(rename.statusCode, rename.body).toBe(200);
  });

  it('leaves a Direção every power over another Direção', async () => {
    const acting = await staffWith(t, 'direcao');
    const other = await staffWith(t, 'direcao');
    const reset = await resetAs(acting.cookie, other.user);
    expect(reset.statusCode, reset.body).toBe(200);
    const email = await patchAs(acting.cookie, other.user, {
      email: 'nova.diretora@escola.test',
      senha_atual: TEST_PASSWORD,
    });
    expect(email.statusCode, email.body).toBe(200);
    const toggle = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${other.user.id}/toggle-status`,
      headers: { cookie: acting.cookie },
    });
    expect(toggle.json().data.status).toBe('inativo');
  });
});
