import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SchoolYear } from '../../../shared/calendar.schemas.js';
import { niveis, type Nivel } from '../../../shared/permissions.js';
import {
  reportDownloadUrl,
  type ReportEntry,
  type ReportExport,
  type ReportResult,
} from '../../../shared/reports.schemas.js';
import { clock } from '../../lib/clock.js';
import { WRITE_LIMITS } from '../../lib/write-limits.js';
import { pdfText } from '../../test/pdf-text.js';
import { dataOf, newCpf } from '../../test/records-fixtures.js';
import { createTestApp, requestsOf, signedIn, type TestApp } from '../../test/test-app.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { reportExports } from '../../db/schema/reports.js';

/**
 * The reports hub (issue 15): a small school whose figures are counted by hand in the comments. Today
 * is 20/03/2026; 2026 has four bimestres.
 *
 * - 5º A (Fundamental I, 5º ano, manhã): Ana (2015-03-05), Bruno (2015-07-30), Carla (2014-03-25) and
 *   Dora (inactive). Responsible teacher: Marta; Matemática by Marta, Português by Paulo.
 * - 5º B (5º ano, tarde): Eduardo (2015-05-28). 6º A (Fundamental II, 6º ano, manhã): Fábio (2014-05-27),
 *   Gabi (2013-12-01). No teacher of 6º A has an account.
 * - Hugo: active, no class. Iara: transferred out of 5º B on 15/03 (membership ended 14/03).
 * - João moved from 5º B to 6º A on 10/03.
 */
let t: TestApp;
const cookies = new Map<Nivel, string>();
let teacherCookie: string;
let portugueseCookie: string;
const ids = { a5: '', b5: '', a6: '', marta: '' } as {
  a5: string;
  b5: string;
  a6: string;
  marta: string;
  [nome: string]: string;
};
const { send, get } = requestsOf(() => t.app);

async function addClass(
  nome: string,
  nivel: 'Fundamental I' | 'Fundamental II',
  serie: string,
  turno: 'manha' | 'tarde',
  professorId: string | null,
) {
  const [row] = await t.database.db
    .insert(classes)
    .values({ nome, nivel, serie, turno, anoLetivo: '2026', professorResponsavelId: professorId })
    .returning();
  return row!.id;
}

async function addStudent(
  nome: string,
  nascimento: string,
  turmaId: string | null,
  options: {
    status?: 'ativo' | 'inativo' | 'transferido';
    desde?: string;
    ate?: string;
    matricula?: string;
    dataMatricula?: string;
  } = {},
) {
  const [row] = await t.database.db
    .insert(students)
    .values({
      nome,
      dataNascimento: nascimento,
      matricula: options.matricula ?? `M-${nome}`,
      turmaId: options.status && options.status !== 'ativo' ? null : turmaId,
      cpf: newCpf(),
      status: options.status ?? 'ativo',
      dataMatricula: options.dataMatricula ?? '2025-12-01',
    })
    .returning();
  if (turmaId)
    await t.database.db
      .insert(classMemberships)
      .values({ alunoId: row!.id, turmaId, inicio: options.desde ?? '2026-02-02', fim: options.ate ?? null });
  ids[nome] = row!.id;
  return row!.id;
}

/** Setup steps fail loudly (an expect outside a test would not name the step). */
function ensure(response: { statusCode: number; body: string }, status: number) {
  if (response.statusCode !== status) throw new Error(`${String(response.statusCode)}: ${response.body}`);
}

beforeAll(async () => {
  t = await createTestApp();
  clock.pin('2026-03-20');
  for (const nivel of niveis) cookies.set(nivel, (await signedIn(t, nivel)).cookie);
  const admin = cookies.get('administrador')!;
  const year = await send('POST', '/api/anos-letivos', admin, {
    ano: 2026,
    inicio: '2026-02-02',
    fim: '2026-12-11',
    tipo_periodo: 'bimestre',
    periodos: [
      { inicio: '2026-02-02', fim: '2026-04-17', data_fechamento: '2026-04-24' },
      { inicio: '2026-04-20', fim: '2026-07-03', data_fechamento: '2026-07-10' },
      { inicio: '2026-07-20', fim: '2026-09-30', data_fechamento: '2026-10-07' },
      { inicio: '2026-10-01', fim: '2026-12-11', data_fechamento: '2026-12-18' },
    ],
  });
  ensure(year, 201);
  const periods = dataOf<SchoolYear>(year).periodos;

  const marta = await signedIn(t, 'professor');
  teacherCookie = marta.cookie;
  const paulo = await signedIn(t, 'professor');
  portugueseCookie = paulo.cookie;
  const [martaRow, pauloRow, outroRow] = await t.database.db
    .insert(teachers)
    .values([
      { nome: 'Marta Souza', email: 'marta@escola.test', usuarioId: marta.user.id },
      { nome: 'Paulo Lima', email: 'paulo@escola.test', usuarioId: paulo.user.id },
      { nome: 'Rita Alves', email: 'rita@escola.test' },
    ])
    .returning();
  ids.marta = martaRow!.id;
  ids.a5 = await addClass('5º A', 'Fundamental I', '5º ano', 'manha', martaRow!.id);
  ids.b5 = await addClass('5º B', 'Fundamental I', '5º ano', 'tarde', outroRow!.id);
  ids.a6 = await addClass('6º A', 'Fundamental II', '6º ano', 'manha', outroRow!.id);
  const grid = await send('PUT', `/api/turmas/${ids.a5}/disciplinas`, admin, {
    frequencia_modo: 'por_aula',
    disciplinas: [
      { disciplina: 'Matemática', professor_id: martaRow!.id, aulas_semanais: 5, dias_semana: [1, 3, 5] },
      { disciplina: 'Português', professor_id: pauloRow!.id, aulas_semanais: 4, dias_semana: [2, 4] },
    ],
  });
  ensure(grid, 200);
  await t.database.db
    .insert(classSubjects)
    .values({ turmaId: ids.a6, disciplina: 'Matemática', professorId: outroRow!.id, aulasSemanais: 6 });

  await addStudent('Ana Ribeiro', '2015-03-05', ids.a5);
  await addStudent('Bruno Dias', '2015-07-30', ids.a5);
  await addStudent('Carla Nunes', '2014-03-25', ids.a5, { matricula: '=1+2' });
  await addStudent('Dora Reis', '2015-03-11', ids.a5, { status: 'inativo', ate: '2026-02-27' });
  await addStudent('Eduardo Melo', '2015-05-28', ids.b5);
  await addStudent('Fábio Costa', '2014-05-27', ids.a6, { dataMatricula: '2026-02-02' });
  await addStudent('Gabi Prado', '2013-12-01', ids.a6);
  await addStudent('Hugo Vaz', '2016-03-02', null, { dataMatricula: '2026-03-16' });
  await addStudent('Iara Luz', '2015-01-20', ids.b5, { status: 'transferido', ate: '2026-03-14' });
  const joao = await addStudent('João Paz', '2014-08-08', ids.b5, { ate: '2026-03-09' });
  await t.database.db.update(students).set({ turmaId: ids.a6 }).where(eq(students.id, joao));
  await t.database.db
    .insert(classMemberships)
    .values({ alunoId: joao, turmaId: ids.a6, inicio: '2026-03-10' });

  const [mae] = await t.database.db
    .insert(guardians)
    .values({ nome: 'Sônia Ribeiro', telefone: '11987654321', email: 'sonia@familia.test', cpf: newCpf() })
    .returning();
  await t.database.db
    .insert(studentGuardians)
    .values({ alunoId: ids['Ana Ribeiro']!, responsavelId: mae!.id, parentesco: 'mae', ehPrincipal: true });

  // Grades (1º bimestre, Matemática): Ana 4,0, Bruno 8,0, Carla 7,0; Português: all 9,0.
  for (const [disciplina, cookie, notas] of [
    ['Matemática', marta.cookie, { 'Ana Ribeiro': 4, 'Bruno Dias': 8, 'Carla Nunes': 7 }],
    ['Português', paulo.cookie, { 'Ana Ribeiro': 9, 'Bruno Dias': 9, 'Carla Nunes': 9 }],
  ] as const) {
    const created = await send('POST', '/api/avaliacoes', cookie, {
      turma_id: ids.a5,
      disciplina,
      periodo_id: periods[0]!.id,
      nome: 'Prova 1',
      data: '2026-03-10',
      peso: 1,
    });
    ensure(created, 201);
    const avaliacao = dataOf<{ id: string }>(created).id;
    const saved = await send('PUT', '/api/notas', cookie, {
      notas: Object.entries(notas).map(([nome, valor]) => ({
        avaliacao_id: avaliacao,
        aluno_id: ids[nome],
        valor,
      })),
    });
    ensure(saved, 200);
  }
  // Four Matemática lessons in March: Carla misses three (25 %), Ana one (75 %: not below).
  for (const [data, faltas] of [
    ['2026-03-02', ['Carla Nunes', 'Ana Ribeiro']],
    ['2026-03-04', ['Carla Nunes']],
    ['2026-03-06', ['Carla Nunes']],
    ['2026-03-09', []],
  ] as const) {
    const roll = await send('PUT', `/api/frequencia/turmas/${ids.a5}`, marta.cookie, {
      data,
      disciplina: 'Matemática',
      aula: 1,
      faltas: faltas.map((nome) => ({ aluno_id: ids[nome] })),
    });
    ensure(roll, 200);
  }
});
afterAll(async () => {
  clock.unpin();
  await t.close();
});
afterEach(() => clock.pin('2026-03-20'));

async function catalogueOf(cookie: string): Promise<ReportEntry[]> {
  const response = await get('/api/relatorios', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ReportEntry[]>(response);
}

async function report(id: string, query: Record<string, string>, cookie = cookies.get('administrador')!) {
  const response = await get(`/api/relatorios/${id}?${new URLSearchParams(query).toString()}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ReportResult>(response);
}

const column = (result: ReportResult, key: string) => result.linhas.map((line) => line[key]);

describe('GET /api/relatorios — the catalogue', () => {
  it('needs a session, and is closed to guardians (the hub and every report)', async () => {
    expect((await get('/api/relatorios')).statusCode).toBe(401);
    const guardian = cookies.get('responsavel')!;
    expect((await get('/api/relatorios', guardian)).statusCode).toBe(403);
    expect((await get(`/api/relatorios/lista-turma?turma_id=${ids.a5}`, guardian)).statusCode).toBe(403);
  });

  it('offers the administrator every group, and a teacher only the reports of their classes', async () => {
    const admin = await catalogueOf(cookies.get('administrador')!);
    expect(admin.map((entry) => entry.id)).toEqual([
      'lista-turma',
      'alunos-por-serie',
      'aniversariantes',
      'contatos-responsaveis',
      'alunos-sem-turma',
      'movimentacao',
      'boletins-turma',
      'boletins-escola',
      'mapa-notas',
      'frequencia-mensal',
      'alunos-em-risco',
      'professores',
      'fluxo-de-caixa',
      'inadimplencia',
      'categorias',
      'mensalidades',
      'alunos',
      'auditoria',
    ]);
    expect(new Set(admin.map((entry) => entry.grupo))).toEqual(
      new Set(['secretaria', 'academico', 'pessoas', 'financeiro', 'auditoria']),
    );
    const lista = admin.find((entry) => entry.id === 'lista-turma')!;
    expect(lista.parametros[0]!.opcoes!.map((option) => option.rotulo)).toEqual([
      '5º A · Manhã · 2026',
      '5º B · Tarde · 2026',
      '6º A · Manhã · 2026',
    ]);
    const teacher = await catalogueOf(teacherCookie);
    expect(teacher.map((entry) => entry.id)).toEqual([
      'lista-turma',
      'aniversariantes',
      'contatos-responsaveis',
      'boletins-turma',
      'mapa-notas',
      'frequencia-mensal',
      'alunos-em-risco',
      'alunos',
    ]);
    expect(teacher[0]!.parametros[0]!.opcoes!.map((option) => option.valor)).toEqual([ids.a5]);
  });

  it('a teacher asking for an administrator’s report gets 403; an unknown report 404', async () => {
    expect((await get('/api/relatorios/alunos-por-serie', teacherCookie)).statusCode).toBe(403);
    expect((await get('/api/relatorios/nao-existe', cookies.get('administrador'))).statusCode).toBe(404);
  });
});

describe('Secretaria', () => {
  it('lista-turma: the active students by name, the teachers and a signature column', async () => {
    const result = await report('lista-turma', { turma_id: ids.a5 });
    expect(column(result, 'nome')).toEqual(['Ana Ribeiro', 'Bruno Dias', 'Carla Nunes']);
    expect(column(result, 'numero')).toEqual([1, 2, 3]);
    expect(result.subtitulo).toBe('Turma 5º A · 5º ano · Manhã · 2026');
    expect(result.cabecalho).toEqual([
      { rotulo: 'Docente responsável', valor: 'Marta Souza' },
      { rotulo: 'Professores', valor: 'Marta Souza (Matemática); Paulo Lima (Português)' },
      { rotulo: 'Alunos', valor: '3 alunos ativos' },
    ]);
    expect(result.colunas.at(-1)).toMatchObject({ chave: 'assinatura', tipo: 'assinatura' });
  });

  it('needs the class (400 with the field) and answers 404 for a class outside a teacher’s scope', async () => {
    const missing = await get('/api/relatorios/lista-turma', cookies.get('administrador'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ details: { path: string }[] }>().details[0]!.path).toBe('turma_id');
    expect((await get(`/api/relatorios/lista-turma?turma_id=${ids.b5}`, teacherCookie)).statusCode).toBe(404);
    expect(
      (await get(`/api/relatorios/lista-turma?turma_id=${randomUUID()}`, teacherCookie)).statusCode,
    ).toBe(404);
    expect((await get('/api/relatorios/lista-turma?turma_id=abc', teacherCookie)).statusCode).toBe(400);
  });

  it('alunos-por-serie: the Censo counts by série × turno and by age on the last Wednesday of May', async () => {
    const result = await report('alunos-por-serie', { ano: '2026' });
    // 27/05/2026: Ana 11, Bruno 10, Carla 12, Eduardo 10 (turns 11 on the 28th), Fábio 12 (that day),
    // Gabi 12, João 11. Dora, Iara (not active) and Hugo (no class) are left out.
    expect(result.cabecalho[1]!.valor).toMatch(/^27\/05\/2026/);
    expect(result.linhas).toEqual([
      {
        serie: '5º ano',
        nivel: 'Fundamental I',
        manha: 3,
        tarde: 1,
        noite: 0,
        total: 4,
        idade_10: 2,
        idade_11: 1,
        idade_12: 1,
      },
      {
        serie: '6º ano',
        nivel: 'Fundamental II',
        manha: 3,
        tarde: 0,
        noite: 0,
        total: 3,
        idade_10: 0,
        idade_11: 1,
        idade_12: 2,
      },
      {
        serie: 'Total',
        nivel: '',
        manha: 6,
        tarde: 1,
        noite: 0,
        total: 7,
        idade_10: 2,
        idade_11: 2,
        idade_12: 3,
      },
    ]);
    expect(result.grafico?.series.map((serie) => serie.chave)).toEqual(['manha', 'tarde', 'noite']);
    const tarde = await report('alunos-por-serie', { ano: '2026', turno: 'tarde' });
    expect(column(tarde, 'total')).toEqual([1, 1]);
  });

  it('aniversariantes: March birthdays by day; a teacher’s rows are exactly their classes’ ones', async () => {
    const all = await report('aniversariantes', { mes: '2026-03' });
    // Hugo 02/03 (no class), Ana 05/03, Carla 25/03; Dora (11/03) is inactive.
    expect(column(all, 'nome')).toEqual(['Hugo Vaz', 'Ana Ribeiro', 'Carla Nunes']);
    expect(column(all, 'idade')).toEqual([10, 11, 12]);
    const teacher = await report('aniversariantes', { mes: '2026-03' }, teacherCookie);
    const ofClass = await report('aniversariantes', { mes: '2026-03', turma_id: ids.a5 });
    expect(new Set(column(teacher, 'nome'))).toEqual(new Set(column(ofClass, 'nome')));
    expect(column(teacher, 'nome')).toEqual(['Ana Ribeiro', 'Carla Nunes']);
  });

  it('contatos-responsaveis: each student with their guardians, or a line saying there is none', async () => {
    const result = await report('contatos-responsaveis', { turma_id: ids.a5 });
    expect(result.linhas[0]).toEqual({
      aluno: 'Ana Ribeiro',
      responsavel: 'Sônia Ribeiro',
      parentesco: 'Mãe',
      principal: 'Sim',
      telefone: '(11) 98765-4321',
      email: 'sonia@familia.test',
    });
    expect(column(result, 'responsavel').slice(1)).toEqual([
      'Sem responsável cadastrado',
      'Sem responsável cadastrado',
    ]);
  });

  it('contatos-responsaveis: a teacher gets names and phones, never the guardians’ e-mails', async () => {
    const result = await report('contatos-responsaveis', { turma_id: ids.a5 }, teacherCookie);
    expect(result.colunas.map((coluna) => coluna.chave)).not.toContain('email');
    expect(result.linhas[0]).toEqual({
      aluno: 'Ana Ribeiro',
      responsavel: 'Sônia Ribeiro',
      parentesco: 'Mãe',
      principal: 'Sim',
      telefone: '(11) 98765-4321',
    });
    const url = `/api/relatorios/contatos-responsaveis?turma_id=${ids.a5}&formato=`;
    const csv = await get(`${url}csv`, teacherCookie);
    expect(csv.body).toContain('Sônia Ribeiro');
    expect(csv.body).not.toContain('sonia@familia.test');
    const pdf = await get(`${url}pdf`, teacherCookie);
    expect(pdfText(pdf.rawPayload)).toContain('Sônia Ribeiro');
    expect(pdfText(pdf.rawPayload)).not.toContain('sonia@familia.test');
  });

  it('alunos-sem-turma and movimentação count what happened', async () => {
    const sem = await report('alunos-sem-turma', {});
    expect(column(sem, 'nome')).toEqual(['Hugo Vaz']);
    const moves = await report('movimentacao', { de: '2026-02-01', ate: '2026-03-20' });
    expect(moves.linhas.map((line) => [line.data, line.tipo, line.nome, line.origem, line.destino])).toEqual([
      ['2026-02-02', 'Matrícula', 'Fábio Costa', null, '6º A'],
      ['2026-03-10', 'Mudança de turma', 'João Paz', '5º B', '6º A'],
      ['2026-03-15', 'Transferência', 'Iara Luz', '5º B', null],
      ['2026-03-16', 'Matrícula', 'Hugo Vaz', null, null],
    ]);
    const march = await report('movimentacao', { de: '2026-03-11', ate: '2026-03-31' });
    expect(column(march, 'nome')).toEqual(['Iara Luz', 'Hugo Vaz']);
    const backwards = await get(
      '/api/relatorios/movimentacao?de=2026-03-10&ate=2026-03-01',
      cookies.get('administrador'),
    );
    expect(backwards.statusCode).toBe(400);
  });
});

describe('Acadêmico and Pessoas', () => {
  it('mapa-notas: student × subject with the annual average, frequency and situation, ready to sign', async () => {
    const result = await report('mapa-notas', { turma_id: ids.a5 });
    const subjects = result.colunas
      .filter((item) => item.chave.startsWith('disciplina_'))
      .map((item) => item.rotulo);
    expect(subjects).toEqual(['Matemática', 'Português']);
    expect(
      result.linhas.map((line) => [
        line.nome,
        line.disciplina_0,
        line.disciplina_1,
        line.faltas,
        line.frequencia,
      ]),
    ).toEqual([
      ['Ana Ribeiro', 4, 9, 1, 75],
      ['Bruno Dias', 8, 9, 0, 100],
      ['Carla Nunes', 7, 9, 3, 25],
    ]);
    // The boletim's situations: Carla's overall 25 % already fails her by attendance.
    expect(column(result, 'situacao')).toEqual(['Em recuperação', 'Cursando', 'Reprovado por falta']);
    expect(result.assinaturas).toHaveLength(3);
    // A subject teacher sees only their subject's column.
    const paulo = await report('mapa-notas', { turma_id: ids.a5 }, portugueseCookie);
    expect(
      paulo.colunas.filter((item) => item.chave.startsWith('disciplina_')).map((item) => item.rotulo),
    ).toEqual(['Português']);
  });

  it('alunos-em-risco: below the passing mark or under 75 % in a subject', async () => {
    const result = await report('alunos-em-risco', { turma_id: ids.a5 });
    expect(result.linhas.map((line) => [line.nome, line.disciplina, line.motivo])).toEqual([
      ['Ana Ribeiro', 'Matemática', 'Média abaixo de 6'],
      ['Carla Nunes', 'Matemática', 'Frequência abaixo de 75 %'],
    ]);
    expect(result.cabecalho[0]!.valor).toBe('2 de 3');
    const teacher = await report('alunos-em-risco', { turma_id: ids.a5 }, teacherCookie);
    expect(teacher.linhas).toEqual(result.linhas);
    expect((await report('alunos-em-risco', { turma_id: ids.a5 }, portugueseCookie)).linhas).toEqual([]);
  });

  it('frequencia-mensal: lessons, absences and % of each student in the month', async () => {
    const result = await report('frequencia-mensal', { turma_id: ids.a5, mes: '2026-03' });
    expect(result.linhas.map((line) => [line.nome, line.aulas, line.faltas, line.frequencia])).toEqual([
      ['Ana Ribeiro', 4, 1, 75],
      ['Bruno Dias', 4, 0, 100],
      ['Carla Nunes', 4, 3, 25],
    ]);
    expect(result.cabecalho[1]).toEqual({ rotulo: 'Chamadas registradas', valor: '4' });
  });

  it('boletins-turma: the situation on screen and every student’s boletim in one PDF', async () => {
    const result = await report('boletins-turma', { turma_id: ids.a5 });
    expect(column(result, 'nome')).toEqual(['Ana Ribeiro', 'Bruno Dias', 'Carla Nunes', 'Dora Reis']);
    const pdf = await get(`/api/relatorios/boletins-turma?turma_id=${ids.a5}&formato=pdf`, teacherCookie);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('BOLETIM ESCOLAR');
    expect(text).toContain('Carla Nunes');
    // The teacher reaches the students in the class now: Dora left before.
    expect(text).not.toContain('Dora Reis');
  });

  it('professores: each teacher with classes, subjects and weekly lessons', async () => {
    const result = await report('professores', { ano: '2026' });
    expect(
      result.linhas.map((line) => [
        line.professor,
        line.turma,
        line.responsavel,
        line.disciplinas,
        line.aulas,
        line.total_semana,
      ]),
    ).toEqual([
      ['Marta Souza', '5º A', 'Sim', 'Matemática', 5, 5],
      ['Paulo Lima', '5º A', 'Não', 'Português', 4, 4],
      ['Rita Alves', '5º B', 'Sim', null, 0, 6],
      ['Rita Alves', '6º A', 'Sim', 'Matemática', 6, 6],
    ]);
  });
});

describe('formats', () => {
  it('CSV: BOM, semicolons, dates in pt-BR, and a formula-looking value neutralised', async () => {
    const response = await get(
      `/api/relatorios/lista-turma?turma_id=${ids.a5}&formato=csv`,
      cookies.get('administrador'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="lista-turma-turma-5-a/);
    expect(response.body.charCodeAt(0)).toBe(0xfeff);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Nº;Nome;Matrícula;Nascimento');
    expect(lines[1]).toBe('1;Ana Ribeiro;M-Ana Ribeiro;05/03/2015');
    expect(lines[3]).toBe("3;Carla Nunes;'=1+2;25/03/2014");
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'relatorio'));
    expect(audit.some((row) => (row.details as { relatorio?: string }).relatorio === 'lista-turma')).toBe(
      true,
    );
  });

  it('XLSX: numbers are numbers, dates are dates, percentages are fractions', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const lista = await get(
      `/api/relatorios/lista-turma?turma_id=${ids.a5}&formato=xlsx`,
      cookies.get('administrador'),
    );
    expect(lista.headers['content-type']).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(lista.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nº', 'Nome', 'Matrícula', 'Nascimento']);
    expect(sheet.getCell('A2').value).toBe(1);
    expect(sheet.getCell('D2').value).toEqual(new Date(Date.UTC(2015, 2, 5)));
    expect(sheet.getCell('C4').value).toBe('=1+2');
    expect(sheet.getCell('C4').formula).toBeUndefined();
    const freq = await get(
      `/api/relatorios/frequencia-mensal?turma_id=${ids.a5}&mes=2026-03&formato=xlsx`,
      cookies.get('administrador'),
    );
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(freq.rawPayload as unknown as ArrayBuffer);
    expect(book2.worksheets[0]!.getCell('E4').value).toBe(0.25);
    expect(book2.worksheets[0]!.getCell('E4').numFmt).toBe('0.0%');
  });

  it('PDF: text a reader can search, with the teachers and the signature header', async () => {
    const response = await get(
      `/api/relatorios/lista-turma?turma_id=${ids.a5}&formato=pdf`,
      cookies.get('administrador'),
    );
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'LISTA DA TURMA',
      'Marta Souza',
      'Paulo Lima',
      'Ana Ribeiro',
      'Assinatura',
      '05/03/2015',
    ])
      expect(text).toContain(expected);
  });

  it('a format the report does not have is 400', async () => {
    const response = await get(
      `/api/relatorios/boletins-turma?turma_id=${ids.a5}&formato=csv`,
      cookies.get('administrador'),
    );
    expect(response.statusCode).toBe(400);
    expect(
      (await get('/api/relatorios/lista-turma?formato=doc', cookies.get('administrador'))).statusCode,
    ).toBe(400);
  });

  it('every hub report of each role’s catalogue answers on screen and in each format it lists', async () => {
    for (const cookie of [cookies.get('administrador')!, teacherCookie]) {
      for (const entry of await catalogueOf(cookie)) {
        if (!entry.url.startsWith('/api/relatorios/') || entry.exportacao) continue;
        const values = Object.fromEntries(
          entry.parametros.map((parameter) => [
            parameter.nome,
            parameter.tipo === 'turma' ? parameter.opcoes![0]!.valor : parameter.padrao,
          ]),
        );
        for (const formato of entry.formatos) {
          const response = await get(reportDownloadUrl(entry, formato, values), cookie);
          expect(response.statusCode, `${entry.id} ${formato}: ${response.body.slice(0, 200)}`).toBe(200);
        }
      }
    }
  });
});

describe('background exports', () => {
  async function waitFor(url: string, cookie: string): Promise<ReportExport> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const state = dataOf<ReportExport>(await get(url, cookie));
      if (state.status === 'pronto' || state.status === 'falhou') return state;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('a exportação não terminou');
  }

  it('builds all the school’s boletins with progress per class, for the one who asked', async () => {
    const admin = cookies.get('administrador')!;
    const started = await send('POST', '/api/relatorios/boletins-escola/exportacoes', admin, {
      formato: 'pdf',
      ano: 2026,
    });
    expect(started.statusCode, started.body).toBe(201);
    const job = dataOf<ReportExport>(started);
    expect(job).toMatchObject({ relatorio: 'boletins-escola', status: 'na_fila', url: null });
    const url = `/api/relatorios/boletins-escola/exportacoes/${job.id}`;
    const done = await waitFor(url, admin);
    // Three classes of 2026: progress counted them.
    expect(done).toMatchObject({ status: 'pronto', feitos: 3, total: 3, arquivo: 'boletins-2026.pdf' });
    const file = await get(done.url!, admin);
    expect(file.statusCode).toBe(200);
    const text = pdfText(file.rawPayload);
    for (const nome of ['Ana Ribeiro', 'Eduardo Melo', 'Gabi Prado', 'João Paz'])
      expect(text).toContain(nome);
    // Another administrator does not see it; a teacher cannot start it.
    const other = await signedIn(t, 'administrador');
    expect((await get(url, other.cookie)).statusCode).toBe(404);
    expect((await get(done.url!, other.cookie)).statusCode).toBe(404);
    expect(
      (await send('POST', '/api/relatorios/boletins-escola/exportacoes', teacherCookie, { formato: 'pdf' }))
        .statusCode,
    ).toBe(403);
    expect(
      dataOf<ReportExport[]>(await get('/api/relatorios/boletins-escola/exportacoes', admin))[0]!.id,
    ).toBe(job.id);
  });

  it('a spreadsheet in the background keeps the caller’s scope; a failed build says why', async () => {
    const started = await send('POST', '/api/relatorios/lista-turma/exportacoes', teacherCookie, {
      formato: 'xlsx',
      turma_id: ids.b5,
    });
    expect(started.statusCode).toBe(201);
    const failed = await waitFor(
      `/api/relatorios/lista-turma/exportacoes/${dataOf<ReportExport>(started).id}`,
      teacherCookie,
    );
    expect(failed).toMatchObject({ status: 'falhou', erro: 'Turma não encontrada.', url: null });
    const ok = await send('POST', '/api/relatorios/lista-turma/exportacoes', teacherCookie, {
      formato: 'csv',
      turma_id: ids.a5,
    });
    const done = await waitFor(
      `/api/relatorios/lista-turma/exportacoes/${dataOf<ReportExport>(ok).id}`,
      teacherCookie,
    );
    expect(done).toMatchObject({ status: 'pronto', feitos: 1, total: 1 });
    const csv = await get(done.url!, teacherCookie);
    expect(csv.body.slice(1).trim().split('\r\n')).toHaveLength(4);
  });

  it('a run that stopped moving reads as failed, and old exports are purged', async () => {
    const [row] = await t.database.db
      .insert(reportExports)
      .values({
        usuarioId: (await t.database.db.select().from(auditLog).limit(1))[0]!.actorId!,
        relatorio: 'lista-turma',
        formato: 'pdf',
        filtros: {},
        status: 'gerando',
        atualizadoEm: new Date('2026-03-20T10:00:00Z'),
        criadoEm: new Date('2026-03-18T10:00:00Z'),
      })
      .returning();
    const { getExport, purgeOldExports } = await import('./reports.service.js');
    clock.pin(new Date('2026-03-20T10:30:00Z'));
    const stale = await getExport(
      t.database.db,
      { id: row!.usuarioId, nivel: 'administrador', nome: 'x' },
      'lista-turma',
      row!.id,
    );
    expect(stale.status).toBe('falhou');
    await purgeOldExports(t.database.db);
    expect(await t.database.db.select().from(reportExports).where(eq(reportExports.id, row!.id))).toEqual([]);
  });

  it('a teacher starts up to the cap a day; the next is 429 with Retry-After; another teacher is not held (ADR 0018)', async () => {
    const limit = WRITE_LIMITS.exportacoes;
    const T0 = new Date('2026-03-20T15:00:00Z');
    clock.pin(T0);
    const busy = await signedIn(t, 'professor');
    const other = await signedIn(t, 'professor');
    await t.database.db.insert(reportExports).values(
      Array.from({ length: limit.max - 1 }, () => ({
        usuarioId: busy.user.id,
        relatorio: 'lista-turma',
        formato: 'csv' as const,
        filtros: {},
        status: 'falhou' as const,
        criadoEm: new Date(T0.getTime() - 3600_000),
        atualizadoEm: new Date(T0.getTime() - 3600_000),
      })),
    );
    const start = (cookie: string) =>
      send('POST', '/api/relatorios/lista-turma/exportacoes', cookie, { formato: 'csv', turma_id: ids.a5 });
    expect((await start(busy.cookie)).statusCode).toBe(201);
    const over = await start(busy.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBe(23 * 3600);
    expect(over.json<{ message: string }>().message).toBe(
      `Limite de ${String(limit.max)} arquivos de relatório gerados em segundo plano em 24 horas atingido. Você poderá gerar outro a partir de 21/03/2026 11:00.`,
    );
    const mine = await t.database.db
      .select()
      .from(reportExports)
      .where(eq(reportExports.usuarioId, busy.user.id));
    expect(mine).toHaveLength(limit.max);
    expect((await start(other.cookie)).statusCode).toBe(201);
  });
});
