import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/auth.schemas.js';
import type { Perfil, Permissao } from '../../../shared/perfis.schemas.js';
import {
  builtInPerfilPermissions,
  permissions,
  type BuiltInPerfil,
  type Permission,
} from '../../../shared/permissions.js';
import type { CreatedUser, User } from '../../../shared/users.schemas.js';
import { perfis, userPerfis } from '../../db/schema/perfis.js';
import {
  dataOf,
  insertClass,
  insertStudent,
  messageOf,
  validStudentBody,
} from '../../test/records-fixtures.js';
import {
  createUserRow,
  loginAs,
  requestsOf,
  setupTestApp,
  signedIn,
  TEST_PASSWORD,
} from '../../test/test-app.js';
import { ensureBuiltInPerfis } from './perfis.service.js';
import { STAFF_AND_FAMILY_PROFILES } from '../../test/perfis-fixtures.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
const patch = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers: { cookie, 'content-type': 'application/json' }, payload });

async function builtInId(chave: BuiltInPerfil): Promise<string> {
  await ensureBuiltInPerfis(t.database.db);
  const [row] = await t.database.db.select().from(perfis).where(eq(perfis.chave, chave));
  return row!.id;
}

/** A staff account holding the profiles `perfilIds`, signed in. */
async function holding(...perfilIds: string[]) {
  const user = await createUserRow(t.database, 'administrador');
  for (const perfilId of perfilIds)
    await t.database.db.insert(userPerfis).values({ usuarioId: user.id, perfilId });
  return { user, cookie: await loginAs(t.app, user.email) };
}

/** A staff account holding the built-in profiles `chaves`, signed in. */
async function staffWith(...chaves: BuiltInPerfil[]) {
  const ids: string[] = [];
  for (const chave of chaves) ids.push(await builtInId(chave));
  return holding(...ids);
}

const me = async (cookie: string) => dataOf<{ user: CurrentUser }>(await get('/api/auth/me', cookie)).user;

describe('perfis: the list and the permissions', () => {
  it('lists the built-in profiles, and every permission with its Portuguese label', async () => {
    const direcao = await staffWith('direcao');
    const list = dataOf<Perfil[]>(await get('/api/perfis', direcao.cookie));
    expect(list.map((perfil) => perfil.nome)).toEqual([
      ...STAFF_AND_FAMILY_PROFILES,
      // Issue 31 §4 (ADR 0029): the students' own accounts.
      'Aluno',
    ]);
    expect(list.every((perfil) => perfil.padrao)).toBe(true);
    expect(list[0]!.permissoes).toEqual(permissions);
    const permissoes = dataOf<Permissao[]>(await get('/api/perfis/permissoes', direcao.cookie));
    expect(permissoes.map((item) => item.id).sort()).toEqual([...permissions].sort());
    expect(permissoes.find((item) => item.id === 'backup.restore')!.rotulo).toBe(
      'Restaurar um backup e limpar todos os dados',
    );
  });

  it("carries today's administrators forward as Direção: every permission", async () => {
    const admin = await signedIn(t, 'administrador');
    const user = await me(admin.cookie);
    expect(user.permissoes).toEqual(permissions);
    expect(user.perfis).toEqual(['Direção']);
  });
});

describe('perfis: what each built-in profile may do', () => {
  it('refuses the secretaria a restore and a wipe, and lets her enrol a student and issue a document', async () => {
    const secretaria = await staffWith('secretaria');
    const restore = await send('POST', `/api/configuracoes/backups/x/restore`, secretaria.cookie, {});
    expect(restore.statusCode).toBe(403);
    const wipe = await send('POST', '/api/configuracoes/limpar', secretaria.cookie, {});
    expect(wipe.statusCode).toBe(403);
    expect(
      (await send('POST', '/api/perfis', secretaria.cookie, { nome: 'X', permissoes: ['docs.read'] }))
        .statusCode,
    ).toBe(403);

    const turma = await insertClass(t, null);
    const enrolled = await send(
      'POST',
      '/api/alunos',
      secretaria.cookie,
      validStudentBody({ turma_id: turma.id }),
    );
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const { aluno } = dataOf<{ aluno: { id: string } }>(enrolled);
    const issued = await send('POST', '/api/documentos', secretaria.cookie, {
      aluno_id: aluno.id,
      tipo: 'declaracao_matricula',
    });
    expect(issued.statusCode, issued.body).toBe(201);
    // …and no finance figures: neither the finance page's nor the dashboard's.
    expect((await get('/api/financeiro/stats', secretaria.cookie)).statusCode).toBe(403);
    const dashboard = dataOf<{ receita_mes: number | null; mensalidades_pendentes: number | null }>(
      await get('/api/dashboard/stats', secretaria.cookie),
    );
    expect(dashboard.receita_mes).toBeNull();
    expect(dashboard.mensalidades_pendentes).toBeNull();
  });

  it('refuses the financeiro grades and attendance, and shows her the finance figures', async () => {
    const financeiro = await staffWith('financeiro');
    const student = await insertStudent(t, null);
    const turma = randomUUID();
    expect((await get(`/api/notas/turmas/${turma}`, financeiro.cookie)).statusCode).toBe(403);
    expect((await get(`/api/avaliacoes?turma_id=${turma}`, financeiro.cookie)).statusCode).toBe(403);
    expect((await get(`/api/frequencia/alunos/${student.id}`, financeiro.cookie)).statusCode).toBe(403);
    expect((await get('/api/financeiro/stats', financeiro.cookie)).statusCode).toBe(200);
    const dashboard = dataOf<{ receita_mes: number | null; performance_turmas: unknown[] }>(
      await get('/api/dashboard/stats', financeiro.cookie),
    );
    expect(dashboard.receita_mes).toBe(0);
  });

  it('gives a person with two profiles (Coordenação + Professor) the union of both', async () => {
    const both = await staffWith('coordenacao', 'professor');
    const user = await me(both.cookie);
    const union = new Set<Permission>([
      ...builtInPerfilPermissions.coordenacao,
      ...builtInPerfilPermissions.professor,
    ]);
    expect(new Set(user.permissoes)).toEqual(union);
    expect(user.perfis).toEqual(['Coordenação pedagógica', 'Professor']);
    // Comunicados to classes come from both (ADR 0075), the year's management from Coordenação only.
    expect(builtInPerfilPermissions.coordenacao).not.toContain('comunicados.escola');
    expect(builtInPerfilPermissions.professor).not.toContain('academics.manage');
    expect((await send('POST', '/api/comunicados', both.cookie, {})).statusCode).toBe(400);
    expect((await get('/api/anos-letivos', both.cookie)).statusCode).toBe(200);
  });
});

describe("perfis: a teacher's account", () => {
  it('uses none of the staff-only permissions of a staff profile it holds, and is not given one', async () => {
    const direcao = await signedIn(t, 'administrador');
    const teacher = await createUserRow(t.database, 'professor');
    for (const chave of ['professor', 'financeiro', 'coordenacao'] as const)
      await t.database.db
        .insert(userPerfis)
        .values({ usuarioId: teacher.id, perfilId: await builtInId(chave) });
    const cookie = await loginAs(t.app, teacher.email);
    const user = await me(cookie);
    // What reaches only its classes (or its own children) stays; what writes school-wide goes.
    expect(user.permissoes).toEqual(
      expect.arrayContaining(['academics.write', 'finance.read', 'pareceres.review']),
    );
    for (const permission of ['finance.manage', 'finance.figures', 'academics.manage'] as const)
      expect(user.permissoes, permission).not.toContain(permission);
    const someone = '00000000-0000-4000-8000-000000000000';
    const payment = { valor_pago: 85_000, data_pagamento: '2026-03-10', forma: 'dinheiro' };
    expect(
      (await send('POST', `/api/financeiro/mensalidades/${someone}/pagamento`, cookie, payment)).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/frequencia/faltas/${someone}/abonar`, cookie, { motivo: 'x' })).statusCode,
    ).toBe(403);

    const other = await createUserRow(t.database, 'professor');
    const refused = await patch(`/api/users/${other.id}`, direcao.cookie, {
      perfis: [await builtInId('professor'), await builtInId('financeiro')],
      senha_atual: TEST_PASSWORD,
    });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toMatch(/só funcionam numa conta da equipe/);
  });
});

describe('perfis: a custom profile', () => {
  it('gives a user made with it through the API exactly its permissions', async () => {
    const direcao = await signedIn(t, 'administrador');
    const created = await send('POST', '/api/perfis', direcao.cookie, {
      nome: 'Portaria',
      permissoes: ['dashboard.read', 'students.read', 'students.read'],
    });
    expect(created.statusCode, messageOf(created)).toBe(201);
    const perfil = dataOf<Perfil>(created);
    expect(perfil).toMatchObject({
      nome: 'Portaria',
      padrao: false,
      permissoes: ['dashboard.read', 'students.read'],
    });

    const made = await send('POST', '/api/users', direcao.cookie, {
      nome: 'Rita Portaria',
      email: 'rita@escola.test',
      tipo: 'admin',
      senha: 'Portao-Verde-2026',
      perfis: [perfil.id],
      senha_atual: TEST_PASSWORD,
    });
    expect(made.statusCode, messageOf(made)).toBe(201);
    expect(dataOf<CreatedUser>(made).usuario.perfis).toEqual([{ id: perfil.id, nome: 'Portaria' }]);
    const user = await me(await loginAs(t.app, 'rita@escola.test', 'Portao-Verde-2026'));
    expect(user.permissoes).toEqual(['dashboard.read', 'students.read']);
  });

  it('takes a change of its permissions on the very next request of a signed-in holder', async () => {
    const direcao = await signedIn(t, 'administrador');
    const perfil = dataOf<Perfil>(
      await send('POST', '/api/perfis', direcao.cookie, { nome: 'Apoio', permissoes: ['dashboard.read'] }),
    );
    const holder = await createUserRow(t.database, 'administrador');
    const cookie = await loginAs(t.app, holder.email);
    const granted = await patch(`/api/users/${holder.id}`, direcao.cookie, {
      perfis: [perfil.id],
      senha_atual: TEST_PASSWORD,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(dataOf<User>(granted).perfis.map((item) => item.nome)).toEqual(['Apoio']);
    expect((await get('/api/professores', cookie)).statusCode).toBe(403);

    const changed = await patch(`/api/perfis/${perfil.id}`, direcao.cookie, {
      permissoes: ['dashboard.read', 'teachers.read'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/api/professores', cookie)).statusCode).toBe(200);

    await patch(`/api/perfis/${perfil.id}`, direcao.cookie, { permissoes: ['dashboard.read'] });
    expect((await get('/api/professores', cookie)).statusCode).toBe(403);
  });

  it('refuses to edit or delete a built-in profile, and to delete one in use', async () => {
    const direcao = await signedIn(t, 'administrador');
    const secretaria = await builtInId('secretaria');
    expect((await patch(`/api/perfis/${secretaria}`, direcao.cookie, { nome: 'Outra' })).statusCode).toBe(
      409,
    );
    expect((await send('DELETE', `/api/perfis/${secretaria}`, direcao.cookie)).statusCode).toBe(409);

    const perfil = dataOf<Perfil>(
      await send('POST', '/api/perfis', direcao.cookie, {
        nome: 'Biblioteca',
        permissoes: ['students.read'],
      }),
    );
    const holder = await createUserRow(t.database, 'administrador');
    await t.database.db.insert(userPerfis).values({ usuarioId: holder.id, perfilId: perfil.id });
    const inUse = await send('DELETE', `/api/perfis/${perfil.id}`, direcao.cookie);
    expect(inUse.statusCode).toBe(409);
    expect(messageOf(inUse)).toBe('Este perfil está atribuído a 1 usuário; retire-o antes de excluir.');
    await t.database.db.delete(userPerfis).where(eq(userPerfis.usuarioId, holder.id));
    expect((await send('DELETE', `/api/perfis/${perfil.id}`, direcao.cookie)).statusCode).toBe(200);

    const duplicate = await send('POST', '/api/perfis', direcao.cookie, {
      nome: 'secretaria',
      permissoes: ['docs.read'],
    });
    expect(duplicate.statusCode).toBe(409);
    const unknown = await send('POST', '/api/perfis', direcao.cookie, {
      nome: 'X',
      permissoes: ['tudo.pode'],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('lets nobody grant a profile with permissions they do not hold', async () => {
    const direcao = await signedIn(t, 'administrador');
    const gestor = dataOf<Perfil>(
      await send('POST', '/api/perfis', direcao.cookie, {
        nome: 'Gestor de usuários',
        permissoes: ['dashboard.read', 'users.manage'],
      }),
    );
    const { user: manager, cookie } = await holding(gestor.id);
    const target = await createUserRow(t.database, 'administrador');
    const escalate = await patch(`/api/users/${target.id}`, cookie, {
      perfis: [await builtInId('direcao')],
      senha_atual: TEST_PASSWORD,
    });
    expect(escalate.statusCode).toBe(403);
    const self = await patch(`/api/users/${manager.id}`, cookie, {
      perfis: [await builtInId('direcao')],
      senha_atual: TEST_PASSWORD,
    });
    expect(self.statusCode).toBe(403);
  });

  it('lets a custom profile that manages profiles write none with a permission its holder lacks', async () => {
    const direcao = await signedIn(t, 'administrador');
    const own: Permission[] = ['dashboard.read', 'perfis.manage', 'users.manage', 'students.read'];
    const gestor = dataOf<Perfil>(
      await send('POST', '/api/perfis', direcao.cookie, { nome: 'Gestor de perfis', permissoes: own }),
    );
    const outro = dataOf<Perfil>(
      await send('POST', '/api/perfis', direcao.cookie, {
        nome: 'Tesouraria',
        permissoes: ['dashboard.read', 'finance.manage'],
      }),
    );
    const { cookie } = await holding(gestor.id);
    const refused = 'Você não pode criar nem alterar um perfil com permissões que você mesmo não tem.';

    // Its own profile, grown to everything: the holder would have every permission on the next request.
    const grown = await patch(`/api/perfis/${gestor.id}`, cookie, { permissoes: [...permissions] });
    expect(grown.statusCode).toBe(403);
    expect(messageOf(grown)).toBe(refused);
    expect(
      (await send('POST', '/api/configuracoes/backup', cookie, { senha: TEST_PASSWORD })).statusCode,
    ).toBe(403);
    const minted = await send('POST', '/api/perfis', cookie, {
      nome: 'Cópia',
      permissoes: ['backup.manage'],
    });
    expect(minted.statusCode).toBe(403);
    // Another profile that holds what this one lacks: not theirs to rename or to trim either.
    expect((await patch(`/api/perfis/${outro.id}`, cookie, { nome: 'Caixa' })).statusCode).toBe(403);
    expect(
      (await patch(`/api/perfis/${outro.id}`, cookie, { permissoes: ['dashboard.read'] })).statusCode,
    ).toBe(403);
    const rows = await t.database.db.select().from(perfis).where(eq(perfis.id, outro.id));
    expect(rows[0]!.nome).toBe('Tesouraria');

    // Within what the holder has, the profile screen works as before.
    const within = await send('POST', '/api/perfis', cookie, {
      nome: 'Consulta',
      permissoes: ['dashboard.read', 'students.read'],
    });
    expect(within.statusCode, within.body).toBe(201);
    const trimmed = await patch(`/api/perfis/${dataOf<Perfil>(within).id}`, cookie, {
      permissoes: ['dashboard.read'],
    });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
  });

  it('reads a profile stored under a permission’s old name as today’s permissions when it is edited', async () => {
    const direcao = await signedIn(t, 'administrador');
    // A custom profile restored from a backup made before 'reports.read' was split (ADR 0031).
    const [old] = await t.database.db
      .insert(perfis)
      .values({ nome: 'Relatórios antigos', permissoes: ['dashboard.read', 'reports.read'] })
      .returning();
    const renamed = await patch(`/api/perfis/${old!.id}`, direcao.cookie, { nome: 'Relatórios' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
