import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/auth.schemas.js';
import type { PublicoOpcoes } from '../../../shared/comunicados.schemas.js';
import { builtInPerfilPermissions, type Permission } from '../../../shared/permissions.js';
import type { ReportEntry } from '../../../shared/reports.schemas.js';
import { perfis, userPerfis } from '../../db/schema/perfis.js';
import { dataOf, insertClass, messageOf } from '../../test/records-fixtures.js';
import { createUserRow, loginAs, requestsOf, setupTestApp } from '../../test/test-app.js';
import { staffWith } from '../../test/perfis-fixtures.js';

/**
 * ADR 0031: 'comunicados to whom' and 'reports by kind' are separate permissions, the built-in profiles
 * keep what they could do, and a custom profile stored with an old permission keeps it too.
 */
const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

async function staffWithCustom(permissoes: string[]) {
  const [perfil] = await t.database.db
    .insert(perfis)
    .values({ nome: `Perfil ${String(Math.random()).slice(2, 8)}`, permissoes })
    .returning();
  const user = await createUserRow(t.database, 'administrador');
  await t.database.db.insert(userPerfis).values({ usuarioId: user.id, perfilId: perfil!.id });
  return { user, perfilId: perfil!.id, cookie: await loginAs(t.app, user.email) };
}

const notice = (publico: object) => ({ titulo: 'Passeio', corpo: 'Saída às 8h.', publico });
const me = async (cookie: string) => dataOf<{ user: CurrentUser }>(await get('/api/auth/me', cookie)).user;

describe('comunicados: to the whole school or to classes', () => {
  it('lets a profile with comunicados.turmas write to any class but not to the whole school', async () => {
    const turma = await insertClass(t, null);
    const staff = await staffWithCustom(['dashboard.read', 'comunicados.turmas']);
    const opcoes = dataOf<PublicoOpcoes>(await get('/api/comunicados/opcoes', staff.cookie));
    expect(opcoes.tipos).toEqual(['turmas']);
    expect(opcoes.turmas.map((item) => item.id)).toContain(turma.id);
    const toSchool = await send('POST', '/api/comunicados', staff.cookie, notice({ tipo: 'escola' }));
    expect(toSchool.statusCode).toBe(403);
    expect(messageOf(toSchool)).toBe('O seu perfil envia comunicados somente a turmas.');
    const toClass = await send(
      'POST',
      '/api/comunicados',
      staff.cookie,
      notice({ tipo: 'turmas', turmas: [turma.id] }),
    );
    expect(toClass.statusCode, messageOf(toClass)).toBe(201);
  });

  it('lets the Coordenação write to the families of one class, and to no wider audience (ADR 0075)', async () => {
    const turma = await insertClass(t, null);
    const coordenacao = await staffWith(t, 'coordenacao');
    const opcoes = dataOf<PublicoOpcoes>(await get('/api/comunicados/opcoes', coordenacao.cookie));
    expect(opcoes.tipos).toEqual(['turmas']);
    const toClass = await send(
      'POST',
      '/api/comunicados',
      coordenacao.cookie,
      notice({ tipo: 'turmas', turmas: [turma.id] }),
    );
    expect(toClass.statusCode, messageOf(toClass)).toBe(201);
    const toSchool = await send('POST', '/api/comunicados', coordenacao.cookie, notice({ tipo: 'escola' }));
    expect(toSchool.statusCode).toBe(403);
  });

  it('lets a profile with comunicados.escola write to the whole school', async () => {
    const staff = await staffWithCustom(['dashboard.read', 'comunicados.escola']);
    const opcoes = dataOf<PublicoOpcoes>(await get('/api/comunicados/opcoes', staff.cookie));
    expect(opcoes.tipos).toContain('escola');
    const toSchool = await send('POST', '/api/comunicados', staff.cookie, notice({ tipo: 'escola' }));
    expect(toSchool.statusCode, messageOf(toSchool)).toBe(201);
  });

  it('keeps a class-only sender away from the whole-school notices of others', async () => {
    const direcao = await staffWithCustom(['dashboard.read', 'comunicados.escola']);
    const created = await send('POST', '/api/comunicados', direcao.cookie, notice({ tipo: 'escola' }));
    const id = dataOf<{ id: string }>(created).id;
    const classes = await staffWithCustom(['dashboard.read', 'comunicados.turmas']);
    expect((await get(`/api/comunicados/${id}/leituras`, classes.cookie)).statusCode).toBe(404);
    const sent = dataOf<{ items: { id: string }[] }>(
      await get('/api/comunicados?caixa=enviados', classes.cookie),
    );
    expect(sent.items.map((item) => item.id)).not.toContain(id);
  });

  it('keeps every built-in profile that sent notices able to (Secretaria to the school, Professor and Coordenação to classes)', () => {
    expect(builtInPerfilPermissions.secretaria).toEqual(
      expect.arrayContaining<Permission>(['comunicados.escola', 'comunicados.turmas']),
    );
    for (const perfil of ['professor', 'coordenacao'] as const) {
      expect(builtInPerfilPermissions[perfil]).toContain('comunicados.turmas');
      expect(builtInPerfilPermissions[perfil]).not.toContain('comunicados.escola');
    }
    for (const perfil of ['financeiro', 'responsavel'] as const)
      expect(builtInPerfilPermissions[perfil].filter((p) => p.startsWith('comunicados.'))).toEqual([]);
  });
});

describe('reports: by kind', () => {
  it('offers a secretaria-reports profile the secretaria reports and refuses the academic ones', async () => {
    const turma = await insertClass(t, null);
    const staff = await staffWithCustom(['dashboard.read', 'reports.secretaria']);
    const list = dataOf<ReportEntry[]>(await get('/api/relatorios', staff.cookie));
    const ids = list.map((report) => report.id);
    expect(ids).toContain('lista-turma');
    expect(ids).not.toContain('mapa-notas');
    expect(ids).not.toContain('frequencia-mensal');
    expect(ids).not.toContain('fluxo-de-caixa');
    expect((await get(`/api/relatorios/lista-turma?turma_id=${turma.id}`, staff.cookie)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/relatorios/mapa-notas?turma_id=${turma.id}`, staff.cookie)).statusCode).toBe(403);
  });

  it('offers an academic-reports profile the academic reports only', async () => {
    const staff = await staffWithCustom(['dashboard.read', 'reports.academico']);
    const ids = dataOf<ReportEntry[]>(await get('/api/relatorios', staff.cookie)).map((report) => report.id);
    expect(ids).toEqual(expect.arrayContaining(['mapa-notas', 'frequencia-mensal', 'alunos-em-risco']));
    expect(ids).not.toContain('lista-turma');
    expect(ids).not.toContain('contatos-responsaveis');
  });

  it('refuses the reports hub to a profile with neither kind', async () => {
    const staff = await staffWithCustom(['dashboard.read', 'finance.figures']);
    expect((await get('/api/relatorios', staff.cookie)).statusCode).toBe(403);
  });
});

describe('a custom profile stored with a permission from before the split', () => {
  it('holds both parts of the old permission (a backup restored from an older version)', async () => {
    const staff = await staffWithCustom(['dashboard.read', 'comunicados.write', 'reports.read']);
    expect(new Set((await me(staff.cookie)).permissoes)).toEqual(
      new Set<Permission>([
        'dashboard.read',
        'comunicados.escola',
        'comunicados.turmas',
        'reports.academico',
        'reports.secretaria',
      ]),
    );
  });

  it('is rewritten by the migration in today’s names', async () => {
    const old = await staffWithCustom(['dashboard.read', 'reports.read', 'comunicados.write']);
    const untouched = await staffWithCustom(['dashboard.read']);
    const migration = readFileSync(
      new URL('../../db/migrations/0032_permission_split.sql', import.meta.url),
      'utf8',
    );
    await t.database.db.execute(sql.raw(migration));
    const [row] = await t.database.db.select().from(perfis).where(eq(perfis.id, old.perfilId));
    expect(row!.permissoes).toEqual([
      'dashboard.read',
      'comunicados.escola',
      'comunicados.turmas',
      'reports.academico',
      'reports.secretaria',
    ]);
    const [same] = await t.database.db.select().from(perfis).where(eq(perfis.id, untouched.perfilId));
    expect(same!.version).toBe(1);
  });
});
