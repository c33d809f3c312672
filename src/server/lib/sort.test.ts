import { describe, expect, it } from 'vitest';
import { createUserRow, signedIn, setupTestApp } from '../test/test-app.js';
import { dataOf, insertClass, newCpf } from '../test/records-fixtures.js';
import { mensalidades } from '../db/schema/finance.js';
import { students } from '../db/schema/students.js';

// `?sort=&order=` on the server-paged lists (ADR 0010): whitelisted columns, both directions, and a
// 400 for a column the list does not sort by.
const t = setupTestApp();

async function list<T>(cookie: string, url: string): Promise<T[]> {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<{ items: T[] }>(response).items;
}

async function insertStudents(names: [string, string][], turmaId: string | null = null) {
  return t.database.db
    .insert(students)
    .values(
      names.map(([nome, matricula]) => ({
        nome,
        matricula,
        dataNascimento: '2015-03-10',
        cpf: newCpf(),
        turmaId,
      })),
    )
    .returning();
}

describe('sorting server-paged lists', () => {
  it('sorts users by name both ways, and by last login with never-signed-in users last', async () => {
    const { cookie, user: admin } = await signedIn(t, 'administrador', { nome: 'Bruno Admin' });
    await createUserRow(t.database, 'professor', { nome: 'Carla Prof' });
    await createUserRow(t.database, 'responsavel', { nome: 'Ana Resp' });

    const asc = await list<{ nome: string }>(cookie, '/api/users?sort=nome&order=asc');
    expect(asc.map((user) => user.nome)).toEqual(['Ana Resp', 'Bruno Admin', 'Carla Prof']);
    const desc = await list<{ nome: string }>(cookie, '/api/users?sort=nome&order=desc');
    expect(desc.map((user) => user.nome)).toEqual(['Carla Prof', 'Bruno Admin', 'Ana Resp']);
    const byLogin = await list<{ id: string }>(cookie, '/api/users?sort=ultimo_login&order=asc');
    expect(byLogin[0]!.id).toBe(admin.id);
    const byLoginDesc = await list<{ id: string }>(cookie, '/api/users?sort=ultimo_login&order=desc');
    expect(byLoginDesc[0]!.id).toBe(admin.id);
  });

  it('sorts students by matrícula and by class name', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    await insertStudents([
      ['Bia', 'M-2'],
      ['Caio', 'M-3'],
    ]);
    await insertStudents([['Ana', 'M-1']], turma.id);

    const byMatricula = await list<{ matricula: string }>(cookie, '/api/alunos?sort=matricula&order=desc');
    expect(byMatricula.map((student) => student.matricula)).toEqual(['M-3', 'M-2', 'M-1']);
    // Students without a class come last in both directions; ties keep the natural order (name).
    const byTurma = await list<{ nome: string }>(cookie, '/api/alunos?sort=turma&order=asc');
    expect(byTurma.map((student) => student.nome)).toEqual(['Ana', 'Bia', 'Caio']);
    const byTurmaDesc = await list<{ nome: string }>(cookie, '/api/alunos?sort=turma&order=desc');
    expect(byTurmaDesc.map((student) => student.nome)).toEqual(['Ana', 'Bia', 'Caio']);
  });

  it('sorts tuition by amount and transactions by value', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const [ana, bia] = await insertStudents([
      ['Ana', 'M-1'],
      ['Bia', 'M-2'],
    ]);
    await t.database.db.insert(mensalidades).values([
      {
        alunoId: ana!.id,
        mesReferencia: '2026-03',
        dataVencimento: '2026-03-10',
        valorOriginal: 90_000,
        valor: 90_000,
      },
      {
        alunoId: bia!.id,
        mesReferencia: '2026-03',
        dataVencimento: '2026-03-05',
        valorOriginal: 50_000,
        valor: 50_000,
      },
    ]);
    const byValor = await list<{ valor: number }>(
      cookie,
      '/api/financeiro/mensalidades?sort=valor&order=asc',
    );
    expect(byValor.map((item) => item.valor)).toEqual([50_000, 90_000]);
    const byVencimento = await list<{ aluno_nome: string }>(
      cookie,
      '/api/financeiro/mensalidades?sort=vencimento&order=desc',
    );
    expect(byVencimento.map((item) => item.aluno_nome)).toEqual(['Ana', 'Bia']);

    for (const [descricao, valor] of [
      ['Luz', 30_000],
      ['Agua', 10_000],
      ['Gas', 20_000],
    ] as const) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/financeiro/transacoes',
        headers: { cookie },
        payload: {
          tipo: 'despesa',
          descricao,
          categoria: 'Outros',
          valor,
          data: '2026-03-01',
          status: 'pago',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const byAmount = await list<{ descricao: string }>(
      cookie,
      '/api/financeiro/transacoes?tipo=despesa&sort=valor&order=desc',
    );
    expect(byAmount.map((item) => item.descricao)).toEqual(['Luz', 'Gas', 'Agua']);
    const byName = await list<{ descricao: string }>(
      cookie,
      '/api/financeiro/transacoes?tipo=despesa&sort=descricao&order=asc',
    );
    expect(byName.map((item) => item.descricao)).toEqual(['Agua', 'Gas', 'Luz']);
  });

  it('sorts the audit trail by action', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    await t.app.inject({
      method: 'POST',
      url: '/api/financeiro/transacoes',
      headers: { cookie },
      payload: {
        tipo: 'receita',
        descricao: 'Doação',
        categoria: 'Doações',
        valor: 100,
        data: '2026-03-01',
        status: 'pago',
      },
    });
    const entries = await list<{ acao: string }>(cookie, '/api/auditoria?sort=acao&order=asc');
    const acoes = entries.map((entry) => entry.acao);
    expect(acoes.length).toBeGreaterThan(1);
    expect(acoes).toEqual([...acoes].sort());
    const reversed = await list<{ acao: string }>(cookie, '/api/auditoria?sort=acao&order=desc');
    expect(reversed.map((entry) => entry.acao)).toEqual([...acoes].sort().reverse());
  });

  it('refuses a column the list does not sort by', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    for (const url of [
      '/api/users?sort=password_hash',
      '/api/alunos?sort=cpf',
      '/api/financeiro/mensalidades?sort=aluno_id',
      '/api/financeiro/transacoes?sort=valor&order=sideways',
      '/api/auditoria?sort=ip',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details[0].message).toMatch(/^(Ordenação|Ordem) inválida$/);
    }
  });
});
