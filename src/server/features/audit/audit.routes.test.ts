import { describe, expect, it } from 'vitest';
import { signedIn, setupTestApp } from '../../test/test-app.js';
import { clock } from '../../lib/clock.js';
import { auditLog } from '../../db/schema/audit.js';

const t = setupTestApp();

/** Three entries (two on a student, one on a class from 'Sistema') besides the admin's own login. */
async function seeded() {
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
  return { admin, get };
}

describe('GET /api/auditoria', () => {
  it('pages on the server, newest first', async () => {
    const { get } = await seeded();
    const all = (await get('?pageSize=2')).json().data;
    expect(all.total).toBe(4); // three above plus the login
    expect(all.items).toHaveLength(2);
    expect(all.items[0].acao).toBe('login');
  });

  it('filters by action', async () => {
    const { get } = await seeded();
    expect((await get('?acao=criar')).json().data.total).toBe(2);
  });

  it('filters by record type and action, with the entry details', async () => {
    const { get } = await seeded();
    expect((await get('?entidade=aluno&acao=atualizar')).json().data.items[0].detalhes).toEqual({
      campos: ['nome'],
    });
  });

  it('filters by user', async () => {
    const { admin, get } = await seeded();
    expect((await get(`?usuario_id=${admin.id}&entidade=aluno`)).json().data.total).toBe(2);
  });

  it('filters by period in São Paulo days', async () => {
    const { get } = await seeded();
    // 02:30 UTC on the 2nd is still the 1st in São Paulo.
    expect((await get('?de=2026-03-01&ate=2026-03-01')).json().data.total).toBe(2);
    expect((await get('?de=2026-03-02&ate=2026-03-05')).json().data.total).toBe(1);
  });

  it('refuses a period that is not a date', async () => {
    const { get } = await seeded();
    expect((await get('?de=ontem')).statusCode).toBe(400);
  });

  it('exports the filtered entries as CSV with formulas neutralised', async () => {
    const { get } = await seeded();
    const csv = await get('?entidade=turma&format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="auditoria-${clock.today()}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    // The entry in words beside who did it; the raw code, record and details after it.
    expect(lines[0]).toBe(
      'id;data_hora;usuario_id;usuario;descricao;acao;entidade;registro;ip;detalhes;origem',
    );
    expect(lines[1]).toMatch(/;Registrada nesta instalação$/);
    expect(lines[1]).toContain(";Sistema;Cadastrou uma turma;criar;turma;'=cmd();");
  });

  it('records its own CSV export in the log', async () => {
    const { admin, get } = await seeded();
    await get('?entidade=turma&format=csv');
    const exports = (await get('?entidade=auditoria&acao=exportar')).json().data;
    expect(exports.total).toBe(1);
    expect(exports.items[0]).toMatchObject({ acao: 'exportar', entidade: 'auditoria', usuario_id: admin.id });
  });

  it('lists the record types there are entries for', async () => {
    const { get } = await seeded();
    const filters = (await get('/filtros')).json().data;
    expect(filters.entidades).toEqual(expect.arrayContaining(['aluno', 'turma', 'sessao']));
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
