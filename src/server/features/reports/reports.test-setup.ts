/**
 * The reports tests' common setup: the small school of the reports hub (issue 15), built once per test
 * file on 20/03/2026, its sign-ins and ids, and the helpers that read a report.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { niveis, type Nivel } from '../../../shared/permissions.js';
import type { ReportEntry, ReportResult } from '../../../shared/reports.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, newCpf } from '../../test/records-fixtures.js';
import { createTestApp, requestsOf, signedIn, type TestApp } from '../../test/test-app.js';
import { createSchoolYear } from '../../test/school-fixtures.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { classes } from '../../db/schema/classes.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';

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
export let t: TestApp;
export const cookies = new Map<Nivel, string>();
export let teacherCookie: string;
export let portugueseCookie: string;
export const ids = { a5: '', b5: '', a6: '', marta: '' } as {
  a5: string;
  b5: string;
  a6: string;
  marta: string;
  [nome: string]: string;
};
export const { send, get } = requestsOf(() => t.app);

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
    /** A transfer's destination. */
    destino?: { escola: string; municipio: string; uf: string };
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
      ...(options.destino
        ? {
            escolaDestino: options.destino.escola,
            municipioDestino: options.destino.municipio,
            ufDestino: options.destino.uf,
          }
        : {}),
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

export async function catalogueOf(cookie: string): Promise<ReportEntry[]> {
  const response = await get('/api/relatorios', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ReportEntry[]>(response);
}

export async function report(
  id: string,
  query: Record<string, string>,
  cookie = cookies.get('administrador')!,
) {
  const response = await get(`/api/relatorios/${id}?${new URLSearchParams(query).toString()}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ReportResult>(response);
}

export const column = (result: ReportResult, key: string) => result.linhas.map((line) => line[key]);

/**
 * Registers the file's hooks (the app, and what each test starts from): call once at the top of each
 * test file.
 */
export function setupReportsTest(): void {
  beforeAll(async () => {
    t = await createTestApp();
    clock.pin('2026-03-20');
    for (const nivel of niveis) cookies.set(nivel, (await signedIn(t, nivel)).cookie);
    const admin = cookies.get('administrador')!;
    const periods = (await createSchoolYear(t, admin)).periodos;

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
    await addStudent('Iara Luz', '2015-01-20', ids.b5, {
      status: 'transferido',
      ate: '2026-03-14',
      destino: { escola: 'EE Jorge Amado', municipio: 'Campinas', uf: 'SP' },
    });
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
}
