import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { niveis, type Nivel } from '../../../shared/permissions.js';
import { reportDownloadUrl, type ReportEntry } from '../../../shared/reports.schemas.js';
import { insertClass, insertGuardian, insertStudent, insertTeacher } from '../../test/records-fixtures.js';
import { createTestApp, signedIn, type TestApp } from '../../test/test-app.js';

/** Finding 14: 'Relatórios' gathers the reports that exist, as a catalogue of what each role may run. */
let t: TestApp;
const cookies = new Map<Nivel, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const nivel of niveis) {
    const { user, cookie } = await signedIn(t, nivel);
    cookies.set(nivel, cookie);
    if (nivel === 'professor') {
      const turma = await insertClass(t, (await insertTeacher(t, user.id)).id);
      await insertStudent(t, turma.id, (await insertGuardian(t)).id);
    }
    if (nivel === 'responsavel') await insertStudent(t, null, (await insertGuardian(t, user.id)).id);
  }
  await t.app.inject({
    method: 'POST',
    url: '/api/financeiro/mensalidades/gerar',
    headers: { cookie: cookies.get('administrador')! },
    payload: { ano: 2026 },
  });
});
afterAll(() => t.close());

async function catalogueOf(nivel: Nivel): Promise<ReportEntry[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/relatorios',
    headers: { cookie: cookies.get(nivel)! },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: ReportEntry[] }>().data;
}

describe('GET /api/relatorios', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/relatorios' })).statusCode).toBe(401);
  });

  it('offers each role only what it may run', async () => {
    expect((await catalogueOf('administrador')).map((entry) => entry.id)).toEqual([
      'fluxo-de-caixa',
      'inadimplencia',
      'categorias',
      'mensalidades',
      'alunos',
      'auditoria',
    ]);
    const teacher = await catalogueOf('professor');
    expect(teacher.map((entry) => entry.id)).toEqual(['alunos']);
    expect(teacher[0]!.descricao).toMatch(/suas turmas.*sem CPF/);
    const guardian = await catalogueOf('responsavel');
    expect(guardian.map((entry) => entry.id)).toEqual(['mensalidades']);
    expect(guardian[0]!.descricao).toMatch(/seus filhos/);
  });

  it('every link in a role’s catalogue downloads a file for that role, in every format it lists', async () => {
    for (const nivel of niveis) {
      for (const entry of await catalogueOf(nivel)) {
        const values = Object.fromEntries(
          entry.parametros.map((parameter) => [parameter.nome, parameter.padrao]),
        );
        for (const formato of entry.formatos) {
          const response = await t.app.inject({
            method: 'GET',
            url: reportDownloadUrl(entry, formato, values),
            headers: { cookie: cookies.get(nivel)! },
          });
          const label = `${nivel} ${entry.id} ${formato}`;
          expect(response.statusCode, label).toBe(200);
          expect(response.headers['content-type'], label).toMatch(
            formato === 'csv' ? /^text\/csv/ : /spreadsheetml/,
          );
          expect(response.headers['content-disposition'], label).toMatch(/^attachment; filename="/);
        }
      }
    }
  });

  it('a teacher’s student list holds only their classes’ students and no CPF', async () => {
    const [entry] = await catalogueOf('professor');
    const response = await t.app.inject({
      method: 'GET',
      url: reportDownloadUrl(entry!, 'csv'),
      headers: { cookie: cookies.get('professor')! },
    });
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toMatch(/CPF/i);
  });
});
