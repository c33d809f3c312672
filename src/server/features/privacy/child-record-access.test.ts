import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccessVia } from '../../../shared/access-log.schemas.js';
import { can, type Access } from '../../../shared/permissions.js';
import { rowsOf } from '../../db/rows.js';
import { requestsOf, setupTestApp, type TestApp } from '../../test/test-app.js';
import { dataOf, insertGuardian, insertStudent } from '../../test/records-fixtures.js';
import { insertFirstBimestre } from '../../test/privacy-fixtures.js';
import { classWithFamily } from '../../test/school-fixtures.js';
import { flushStudentViews } from './access-log.service.js';

const t = setupTestApp();
const { get, send } = requestsOf(() => t.app);

/**
 * GET routes that take a student id and answer staff, but are not a view of that child's record —
 * each with the reason. Anything else that takes a student id must declare `config.childRecord`.
 */
const NOT_A_CHILD_RECORD: Record<string, string> = {
  'GET /api/alunos/:id/acessos':
    'O próprio registro de acessos: quem o lê é a prestação de contas, não a ficha da criança.',
  'GET /api/auditoria/acessos': 'O registro de acessos de todos os alunos, filtrável por aluno.',
  'GET /api/familia/feed':
    'O início da família: a equipe que tem a permissão não tem filhos ali (feed vazio; 404 para qualquer aluno_id).',
  'GET /api/financeiro/mensalidades':
    'Cobrança do contrato com a família (filtrável por aluno): dado financeiro do responsável, não a ficha escolar.',
  'GET /api/financeiro/mensalidades/apos-saida':
    'Quantas mensalidades a saída cancelaria (contagem e total): a mesma cobrança do contrato, não a ficha escolar.',
  'GET /api/comunicados': 'Lista de comunicados enviados (filtrável por aluno): não mostra dados da criança.',
  'GET /api/agenda/alunos/:id/foto':
    'A foto do dia da turma, aberta a partir da agenda do aluno: a leitura da agenda (GET /api/agenda/alunos/:id) já é registrada.',
  'GET /api/pareceres/:aluno_id/:periodo_id/fotos/:foto_id':
    'Uma foto do parecer, aberta a partir do parecer: a leitura do parecer (GET /api/pareceres) já é registrada.',
  'GET /api/frequencia/justificativas/minhas':
    'As justificativas da própria família: a equipe recebe uma lista vazia (a fila da escola é GET /api/frequencia/justificativas).',
};

const staffCan = (access: Access) => can('administrador', access) || can('professor', access);

async function scene(t: TestApp) {
  const {
    admin,
    teacher: teacherUser,
    turma,
    family: parent,
  } = await classWithFamily(t, {
    admin: { nome: 'Secretária Ana' },
    teacher: { nome: 'Professor Bruno' },
  });
  const { teacher } = teacherUser;
  const { child } = parent;
  const db = t.database.db;
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
  const { period } = await insertFirstBimestre(t);
  await db.execute(sql`
    insert into class_subjects (turma_id, disciplina, professor_id, aulas_semanais) values (${turma.id}, 'Matemática', ${teacher.id}, 4)`);
  const assessment = await one<{ id: string }>(sql`
    insert into assessments (turma_id, disciplina, periodo_id, nome, data)
    values (${turma.id}, 'Matemática', ${period.id}, 'Prova 1', '2026-03-10') returning id`);
  const grade = await one<{ id: string }>(sql`
    insert into grades (avaliacao_id, aluno_id, valor) values (${assessment.id}, ${child.id}, 7.5) returning id`);
  const notice = await one<{ id: string }>(sql`
    insert into tutelary_notifications (aluno_id, ano, aulas_dadas, faltas) values (${child.id}, 2026, 100, 31) returning id`);
  await db.execute(sql`
    insert into pareceres (aluno_id, periodo_id, turma_id, texto) values (${child.id}, ${period.id}, ${turma.id}, 'Brinca com os colegas.')`);
  const issued = await send('POST', '/api/documentos', admin.cookie, {
    aluno_id: child.id,
    tipo: 'declaracao_matricula',
  });
  expect(issued.statusCode).toBe(201);
  return {
    admin,
    period,
    teacherUser,
    parent,
    child,
    turma,
    grade,
    notice,
    document: dataOf<{ id: string }>(issued),
  };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/**
 * How to open each declared route for the scene's child. A route that declares `childRecord` and has
 * no entry here fails the walk below: whoever adds one adds how to call it.
 */
const OPEN: Record<string, (s: Scene) => string> = {
  'GET /api/alunos/:id': (s) => `/api/alunos/${s.child.id}`,
  'GET /api/boletins/alunos/:id': (s) => `/api/boletins/alunos/${s.child.id}`,
  'GET /api/boletins/alunos/:id.pdf': (s) => `/api/boletins/alunos/${s.child.id}.pdf`,
  'GET /api/boletins/turmas/:id.pdf': (s) => `/api/boletins/turmas/${s.turma.id}.pdf`,
  'GET /api/frequencia/alunos/:id': (s) => `/api/frequencia/alunos/${s.child.id}`,
  'GET /api/frequencia/alunos/:id/tarefas': (s) => `/api/frequencia/alunos/${s.child.id}/tarefas`,
  'GET /api/alunos/:id/consentimentos': (s) => `/api/alunos/${s.child.id}/consentimentos`,
  'GET /api/alunos/:id/acesso': (s) => `/api/alunos/${s.child.id}/acesso`,
  'GET /api/documentos': (s) => `/api/documentos?aluno_id=${s.child.id}`,
  'GET /api/documentos/:id/pdf': (s) => `/api/documentos/${s.document.id}/pdf`,
  'GET /api/alunos/:id/anos-anteriores': (s) => `/api/alunos/${s.child.id}/anos-anteriores`,
  'GET /api/notas/:id/historico': (s) => `/api/notas/${s.grade.id}/historico`,
  'GET /api/frequencia/notificacoes/:id/pdf': (s) => `/api/frequencia/notificacoes/${s.notice.id}/pdf`,
  'GET /api/pareceres': (s) => `/api/pareceres?aluno_id=${s.child.id}`,
  'GET /api/frequencia/justificativas': (s) => `/api/frequencia/justificativas?aluno_id=${s.child.id}`,
  'GET /api/agenda/alunos/:id': (s) => `/api/agenda/alunos/${s.child.id}`,
  'GET /api/agenda/alunos/:id/medicacoes': (s) => `/api/agenda/alunos/${s.child.id}/medicacoes`,
  'GET /api/financeiro/pix/automatico/alunos/:id': (s) =>
    `/api/financeiro/pix/automatico/alunos/${s.child.id}`,
  'GET /api/censo/alunos/:id': (s) => `/api/censo/alunos/${s.child.id}`,
  'GET /api/alunos/:id/relatorio-desenvolvimento.pdf': (s) =>
    `/api/alunos/${s.child.id}/relatorio-desenvolvimento.pdf?periodo_id=${s.period.id}`,
};

async function views(alunoId: string) {
  await flushStudentViews(t.app.ctx);
  return rowsOf<{ usuario_id: string; nivel: string; via: AccessVia }>(
    await t.database.db.execute(
      sql`select usuario_id, nivel, via from student_access_log where aluno_id = ${alunoId} order by id`,
    ),
  );
}

describe("every staff view of a child's record is logged, whatever the format", () => {
  it('a route that takes a student id and serves staff declares it is a child record (or says why not)', () => {
    const undeclared = t.app.childRecordRoutes
      .filter((route) => route.method === 'GET' && route.takesStudentId && !route.childRecord)
      .map((route) => `${route.method} ${route.url}`)
      .filter((name) => {
        const access = t.app.routeAccess.find((route) => `${route.method} ${route.url}` === name)?.access;
        return access !== undefined && staffCan(access) && !(name in NOT_A_CHILD_RECORD);
      });
    expect(undeclared, 'rotas com id de aluno servidas à equipe sem config.childRecord').toEqual([]);
    // The exemptions name real routes (a renamed route does not leave a stale excuse behind).
    const names = new Set(t.app.routeAccess.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(NOT_A_CHILD_RECORD).filter((name) => !names.has(name))).toEqual([]);
  });

  it('the walk finds the routes it must (so the check above can fail)', () => {
    const declared = t.app.childRecordRoutes
      .filter((route) => route.childRecord)
      .map((r) => `${r.method} ${r.url}`);
    expect(declared).toEqual(
      expect.arrayContaining([
        'GET /api/alunos/:id',
        'GET /api/boletins/alunos/:id',
        'GET /api/frequencia/alunos/:id',
        'GET /api/alunos/:id/consentimentos',
      ]),
    );
    const taking = t.app.childRecordRoutes
      .filter((route) => route.takesStudentId)
      .map((r) => `${r.method} ${r.url}`);
    expect(taking).toEqual(expect.arrayContaining(['GET /api/alunos/:id/acessos', 'GET /api/documentos']));
  });

  it('each declared route, opened by the administrator, writes one view of the child with its own kind', async () => {
    const s = await scene(t);
    const declared = t.app.childRecordRoutes.filter((route) => route.childRecord);
    expect(declared.map((route) => `${route.method} ${route.url}`).sort()).toEqual(Object.keys(OPEN).sort());
    const expected: AccessVia[] = [];
    for (const route of declared) {
      const open = OPEN[`${route.method} ${route.url}`]!;
      const response = await get(open(s), s.admin.cookie);
      expect(response.statusCode, `${route.url}: ${response.body.slice(0, 200)}`).toBe(200);
      expected.push(route.childRecord!.via);
    }
    const logged = await views(s.child.id);
    expect(logged.map((view) => view.via).sort()).toEqual([...expected].sort());
    expect(
      logged.every((view) => view.usuario_id === s.admin.user.id && view.nivel === 'administrador'),
    ).toBe(true);
  });

  it("logs a teacher's view of the boletim as JSON, the attendance record and the consents", async () => {
    const s = await scene(t);
    for (const url of [
      `/api/boletins/alunos/${s.child.id}`,
      `/api/frequencia/alunos/${s.child.id}`,
      `/api/alunos/${s.child.id}/consentimentos`,
    ])
      expect((await get(url, s.teacherUser.cookie)).statusCode, url).toBe(200);
    expect((await views(s.child.id)).map((view) => [view.usuario_id, view.nivel, view.via]).sort()).toEqual([
      [s.teacherUser.user.id, 'professor', 'boletim'],
      [s.teacherUser.user.id, 'professor', 'consentimentos'],
      [s.teacherUser.user.id, 'professor', 'frequencia'],
    ]);
  });

  it('does not log the family reading their own child, nor a read that was refused', async () => {
    const s = await scene(t);
    for (const url of [
      `/api/boletins/alunos/${s.child.id}`,
      `/api/frequencia/alunos/${s.child.id}`,
      `/api/alunos/${s.child.id}/consentimentos`,
    ])
      expect((await get(url, s.parent.cookie)).statusCode, url).toBe(200);
    const stranger = await insertStudent(t, null, (await insertGuardian(t)).id);
    expect((await get(`/api/boletins/alunos/${stranger.id}`, s.teacherUser.cookie)).statusCode).toBe(404);
    expect(await views(s.child.id)).toEqual([]);
    expect(await views(stranger.id)).toEqual([]);
  });
});
