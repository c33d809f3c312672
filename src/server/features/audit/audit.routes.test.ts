import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/test-app.js';
import { auditLog } from './audit.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('GET /api/auditoria', () => {
  it('filters by user, action, record type and period, pages on the server and exports CSV', async () => {
    const { user: admin, cookie } = await signedIn(t, 'administrador');
    await t.database.db.insert(auditLog).values([
      {
        at: new Date('2026-03-01T12:00:00Z'),
        actorId: admin.id,
        actorNome: admin.nome,
        action: 'criar',
        entity: 'aluno',
        entityId: 'a1',
      },
      {
        at: new Date('2026-03-02T02:30:00Z'),
        actorId: admin.id,
        actorNome: admin.nome,
        action: 'atualizar',
        entity: 'aluno',
        entityId: 'a1',
        details: { campos: ['nome'] },
      },
      {
        at: new Date('2026-03-05T12:00:00Z'),
        actorId: null,
        actorNome: 'Sistema',
        action: 'criar',
        entity: 'turma',
        entityId: '=cmd()',
      },
    ]);
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/auditoria${query}`, headers: { cookie } });

    const all = (await get('?pageSize=2')).json().data;
    expect(all.total).toBe(4); // three above plus the login
    expect(all.items).toHaveLength(2);
    expect(all.items[0].acao).toBe('login');

    expect((await get('?acao=criar')).json().data.total).toBe(2);
    expect((await get('?entidade=aluno&acao=atualizar')).json().data.items[0].detalhes).toEqual({
      campos: ['nome'],
    });
    expect((await get(`?usuario_id=${admin.id}&entidade=aluno`)).json().data.total).toBe(2);
    // Days are São Paulo days: 02:30 UTC on the 2nd is still the 1st there.
    expect((await get('?de=2026-03-01&ate=2026-03-01')).json().data.total).toBe(2);
    expect((await get('?de=2026-03-02&ate=2026-03-05')).json().data.total).toBe(1);
    expect((await get('?de=ontem')).statusCode).toBe(400);

    const csv = await get('?entidade=turma&format=csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/auditoria-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id;data_hora;usuario_id;usuario;acao;entidade;registro;ip;detalhes;origem');
    expect(lines[1]).toMatch(/;Registrada nesta instalação$/);
    expect(lines[1]).toContain(";Sistema;criar;turma;'=cmd();");

    const filters = (await get('/filtros')).json().data;
    expect(filters.entidades).toEqual(expect.arrayContaining(['aluno', 'turma', 'sessao', 'auditoria']));
  });

  it('has no route that edits or deletes entries', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/auditoria/1', headers: { cookie } });
      expect(response.statusCode).toBe(404);
      const root = await t.app.inject({ method, url: '/api/auditoria', headers: { cookie } });
      expect(root.statusCode).toBe(404);
    }
  });
});
