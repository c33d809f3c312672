/**
 * The school's subject catalogue (issue 31 §2, ADR 0023): list, add, rename keeping the history of closed
 * years, deactivate; and the screens that choose a subject check it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultDisciplinas, type Disciplina } from '../../../shared/disciplinas.schemas.js';
import type { AuditEntry } from '../../../shared/settings.schemas.js';
import type { Page } from '../../../shared/api.js';
import type { SavedTeacher } from '../../../shared/teachers.schemas.js';
import { rowsOf } from '../../db/rows.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { assessments, councilDecisions, yearClosures } from '../../db/schema/grades.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { setCurriculum, setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
beforeEach(() => clock.pin('2026-03-20'));
afterEach(() => clock.unpin());

const list = async (cookie: string, query = '') =>
  dataOf<Disciplina[]>(await get(`/api/disciplinas${query}`, cookie));
const detailsOf = (response: { json: <T>() => T }) =>
  response.json<{ details?: { path: string; message: string }[] }>().details ?? [];

describe('GET /api/disciplinas', () => {
  it("a new school has the 14 subjects, each with its área and BNCC component, in the boletim's order", async () => {
    const admin = await signedIn(t, 'administrador');
    const subjects = await list(admin.cookie);
    expect(subjects.map((item) => item.nome)).toEqual(defaultDisciplinas.map((item) => item.nome));
    expect(subjects.find((item) => item.nome === 'Português')).toMatchObject({
      area: 'Linguagens',
      componente_bncc: 'Língua Portuguesa',
      ativo: true,
      ordem: 2,
    });
    expect(subjects.find((item) => item.nome === 'Música')?.componente_bncc).toBe('Arte');
  });

  it('teachers read it; a guardian may not (403), nor anyone signed out (401)', async () => {
    const teacher = await signedIn(t, 'professor');
    expect((await get('/api/disciplinas', teacher.cookie)).statusCode).toBe(200);
    const guardian = await signedIn(t, 'responsavel');
    expect((await get('/api/disciplinas', guardian.cookie)).statusCode).toBe(403);
    expect((await get('/api/disciplinas')).statusCode).toBe(401);
    expect((await get('/api/disciplinas?todas=talvez', teacher.cookie)).statusCode).toBe(400);
  });
});

describe('POST /api/disciplinas', () => {
  it('adds a subject at the end of the catalogue, audited; a teacher may not (403)', async () => {
    const admin = await signedIn(t, 'administrador', { nome: 'Secretária Ana' });
    const teacher = await signedIn(t, 'professor');
    const body = { nome: '  Robótica ', area: 'Itinerário formativo' };
    expect((await send('POST', '/api/disciplinas', teacher.cookie, body)).statusCode).toBe(403);
    const created = await send('POST', '/api/disciplinas', admin.cookie, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(dataOf<Disciplina>(created)).toMatchObject({
      nome: 'Robótica',
      area: 'Itinerário formativo',
      componente_bncc: null,
      ativo: true,
      ordem: 15,
      version: 1,
    });
    expect((await list(admin.cookie)).at(-1)?.nome).toBe('Robótica');
    const audit = dataOf<Page<AuditEntry>>(await get('/api/auditoria?entidade=disciplina', admin.cookie));
    expect(audit.items.map((entry) => entry.descricao)).toEqual(['Cadastrou a disciplina "Robótica"']);
  });

  it("takes an área by its Ensino Médio name and a BNCC component in any case; stores the área's key", async () => {
    const admin = await signedIn(t, 'administrador');
    const created = await send('POST', '/api/disciplinas', admin.cookie, {
      nome: 'Literatura',
      area: 'Linguagens e suas Tecnologias',
      componente_bncc: 'língua portuguesa',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(dataOf<Disciplina>(created)).toMatchObject({
      area: 'Linguagens',
      componente_bncc: 'Língua Portuguesa',
    });
  });

  it('refuses bad input with a Portuguese message on the field (400), never a 500', async () => {
    const admin = await signedIn(t, 'administrador');
    const cases: [object, string, string][] = [
      [{ nome: '   ', area: 'Linguagens' }, 'nome', 'Informe a disciplina'],
      [{ nome: 'x'.repeat(61), area: 'Linguagens' }, 'nome', 'A disciplina deve ter no máximo 60 caracteres'],
      [{ nome: 'Redação', area: 'Artes marciais' }, 'area', 'Área do conhecimento inválida'],
      [{ nome: 'Redação' }, 'area', 'Área do conhecimento inválida'],
      [
        { nome: 'Redação', area: 'Linguagens', componente_bncc: 'Xadrez' },
        'componente_bncc',
        'Componente da BNCC inválido',
      ],
      [
        { nome: 'Redação\nII', area: 'Linguagens' },
        'nome',
        'Use uma só linha, sem quebras de linha nem tabulações.',
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await send('POST', '/api/disciplinas', admin.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(detailsOf(response)).toContainEqual({ path, message });
    }
    expect(
      (
        await send('POST', '/api/disciplinas', admin.cookie, {
          nome: 'Redação',
          area: 'Linguagens',
          cor: 'azul',
        })
      ).statusCode,
    ).toBe(400);
    expect((await list(admin.cookie, '?todas=1')).length).toBe(14);
  });

  it('refuses a name the catalogue has, in any case or accents (409), and says which', async () => {
    const admin = await signedIn(t, 'administrador');
    for (const nome of ['matemática', 'MATEMATICA']) {
      const response = await send('POST', '/api/disciplinas', admin.cookie, { nome, area: 'Matemática' });
      expect(response.statusCode).toBe(409);
      expect(messageOf(response)).toBe('Já existe uma disciplina chamada Matemática.');
    }
  });
});

/** A 2025 year, closed, with a class that was taught `nome`: its grid, an assessment, a roll, a decision. */
async function closedYearTaught(nome: string) {
  const db = t.database.db;
  const [year] = await db
    .insert(schoolYears)
    .values({ ano: 2025, inicio: '2025-02-03', fim: '2025-12-12' })
    .returning();
  const [period] = await db
    .insert(schoolPeriods)
    .values({
      anoLetivoId: year!.id,
      numero: 1,
      dataFechamento: '2025-12-19',
      inicio: '2025-02-03',
      fim: '2025-12-12',
    })
    .returning();
  await db.insert(yearClosures).values({ anoLetivoId: year!.id });
  const turma = await insertClass(t, null, 25, { anoLetivo: '2025', frequenciaModo: 'por_aula' });
  const student = await insertStudent(t, null);
  await db.insert(classSubjects).values({ turmaId: turma.id, disciplina: nome, aulasSemanais: 2 });
  await db.insert(assessments).values({
    turmaId: turma.id,
    disciplina: nome,
    periodoId: period!.id,
    nome: 'Projeto',
    data: '2025-03-10',
  });
  await db
    .insert(attendanceRolls)
    .values({ turmaId: turma.id, data: '2025-03-10', aula: 1, disciplina: nome });
  await db.insert(councilDecisions).values({
    alunoId: student.id,
    anoLetivoId: year!.id,
    disciplina: nome,
    resultado: 'aprovado',
    motivo: 'Decisão do conselho de 2025',
  });
  return { turma, year: year! };
}

async function subjectsOfClass(turmaId: string) {
  const db = t.database.db;
  const [grid, marks, rolls] = await Promise.all([
    db
      .select({ nome: classSubjects.disciplina })
      .from(classSubjects)
      .where(eq(classSubjects.turmaId, turmaId)),
    db.select({ nome: assessments.disciplina }).from(assessments).where(eq(assessments.turmaId, turmaId)),
    db
      .select({ nome: attendanceRolls.disciplina })
      .from(attendanceRolls)
      .where(and(eq(attendanceRolls.turmaId, turmaId), sql`${attendanceRolls.aula} > 0`)),
  ]);
  return {
    grid: grid.map((row) => row.nome),
    marks: marks.map((row) => row.nome),
    rolls: rolls.map((row) => row.nome),
  };
}

describe('PATCH /api/disciplinas/:id', () => {
  it('a rename keeps the id; open years take the new name, a closed year keeps the one it was taught under', async () => {
    const { admin, year, teacher, turma } = await setupSchool(t, { mode: 'por_aula' });
    // Parte diversificada: the class is a Fundamental I one, and an itinerário formativo is the Ensino
    // Médio's (ADR 0127).
    const robotica = dataOf<Disciplina>(
      await send('POST', '/api/disciplinas', admin.cookie, {
        nome: 'Robótica',
        area: 'Parte diversificada',
      }),
    );
    await setCurriculum(t, admin.cookie, turma.id, {
      frequencia_modo: 'por_aula',
      disciplinas: [
        { disciplina: 'Robótica', professor_id: teacher.teacher.id, aulas_semanais: 2, dias_semana: [5] },
      ],
    });
    const column = await send('POST', '/api/avaliacoes', teacher.cookie, {
      turma_id: turma.id,
      disciplina: 'Robótica',
      periodo_id: year!.periodos[0]!.id,
      nome: 'Projeto 1',
      data: '2026-03-13',
      peso: 1,
    });
    expect(column.statusCode, column.body).toBe(201);
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    const roll = await send('PUT', `/api/frequencia/turmas/${turma.id}`, teacher.cookie, {
      data: '2026-03-20',
      disciplina: 'Robótica',
      aula: 1,
      faltas: [],
    });
    expect(roll.statusCode, roll.body).toBe(200);
    const saved = await send('PUT', `/api/professores/${teacher.teacher.id}`, admin.cookie, {
      nome: teacher.teacher.nome,
      email: teacher.teacher.email,
      disciplinas: ['Robótica', 'Matemática'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const past = await closedYearTaught('Robótica');

    const renamed = await send('PATCH', `/api/disciplinas/${robotica.id}`, admin.cookie, {
      nome: 'Robótica e Programação',
      version: robotica.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(dataOf<Disciplina>(renamed)).toMatchObject({
      id: robotica.id,
      nome: 'Robótica e Programação',
      version: 2,
    });

    expect(await subjectsOfClass(turma.id)).toEqual({
      grid: ['Robótica e Programação'],
      marks: ['Robótica e Programação'],
      rolls: ['Robótica e Programação'],
    });
    expect(await subjectsOfClass(past.turma.id)).toEqual({
      grid: ['Robótica'],
      marks: ['Robótica'],
      rolls: ['Robótica'],
    });
    const [decision] = await t.database.db.select().from(councilDecisions);
    expect(decision!.disciplina).toBe('Robótica');
    const teachers = dataOf<SavedTeacher['professor'][]>(await get('/api/professores', admin.cookie));
    expect(teachers.find((item) => item.id === teacher.teacher.id)?.disciplinas).toEqual([
      'Robótica e Programação',
      'Matemática',
    ]);
    // The grid and the assessments of the open year read under the new name.
    const grid = await get(`/api/turmas/${turma.id}/disciplinas`, teacher.cookie);
    expect(grid.body).toContain('Robótica e Programação');
    const audit = rowsOf<{ details: { antes: object; depois: object; renomeados: object } }>(
      await t.database.db.execute(
        sql`select details from audit_log where entity = 'disciplina' and action = 'atualizar'`,
      ),
    );
    expect(audit[0]!.details).toMatchObject({
      antes: { nome: 'Robótica' },
      depois: { nome: 'Robótica e Programação' },
      renomeados: { turmas: 1, avaliacoes: 1, chamadas: 1, professores: 1 },
    });
  });

  it("refuses another subject's name (409) and a stale version (412); changes área and BNCC", async () => {
    const admin = await signedIn(t, 'administrador');
    const arte = (await list(admin.cookie)).find((item) => item.nome === 'Arte')!;
    const clash = await send('PATCH', `/api/disciplinas/${arte.id}`, admin.cookie, { nome: 'música' });
    expect(clash.statusCode).toBe(409);
    expect(messageOf(clash)).toBe('Já existe uma disciplina chamada Música.');
    const moved = await send('PATCH', `/api/disciplinas/${arte.id}`, admin.cookie, {
      area: 'Parte diversificada',
      componente_bncc: null,
      version: arte.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(dataOf<Disciplina>(moved)).toMatchObject({
      nome: 'Arte',
      area: 'Parte diversificada',
      componente_bncc: null,
    });
    const stale = await send('PATCH', `/api/disciplinas/${arte.id}`, admin.cookie, {
      ativo: false,
      version: arte.version,
    });
    expect(stale.statusCode).toBe(412);
    const missing = await send(
      'PATCH',
      '/api/disciplinas/00000000-0000-4000-8000-000000000000',
      admin.cookie,
      { ativo: false },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('a deactivated subject leaves the list and is refused for new uses, but stays where it is used', async () => {
    const { admin, teacher, turma } = await setupSchool(t, {
      subjects: [{ disciplina: 'Música', aulas_semanais: 1, dias_semana: [2] }],
    });
    const musica = (await list(admin.cookie)).find((item) => item.nome === 'Música')!;
    const off = await send('PATCH', `/api/disciplinas/${musica.id}`, admin.cookie, { ativo: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await list(admin.cookie)).map((item) => item.nome)).not.toContain('Música');
    expect((await list(admin.cookie, '?todas=1')).find((item) => item.id === musica.id)?.ativo).toBe(false);

    // The class that had it keeps it (and may be saved with it); another class may not add it.
    const keep = {
      disciplina: 'Música',
      professor_id: teacher.teacher.id,
      aulas_semanais: 2,
      dias_semana: [2],
    };
    await setCurriculum(t, admin.cookie, turma.id, { frequencia_modo: 'diaria', disciplinas: [keep] });
    const other = await insertClass(t, null);
    const refused = await send('PUT', `/api/turmas/${other.id}/disciplinas`, admin.cookie, {
      disciplinas: [
        { disciplina: 'Português', aulas_semanais: 4 },
        { disciplina: 'música', aulas_semanais: 1 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toEqual([
      {
        path: 'disciplinas.1.disciplina',
        message: 'A disciplina Música está inativa e não pode ser escolhida',
      },
    ]);
    const unknown = await send('PUT', `/api/turmas/${other.id}/disciplinas`, admin.cookie, {
      disciplinas: [{ disciplina: 'Astrologia', aulas_semanais: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(messageOf(unknown)).toBe(
      'A disciplina Astrologia não está cadastrada em Configurações → Acadêmico → Disciplinas',
    );
    // A teacher's subjects likewise.
    const newTeacher = await send('POST', '/api/professores', admin.cookie, {
      nome: 'Rita Alves',
      email: 'rita@escola.test',
      disciplinas: ['Música'],
    });
    expect(newTeacher.statusCode).toBe(400);
    expect(detailsOf(newTeacher)[0]?.path).toBe('disciplinas.0');
    // Written in another case, a subject is stored as the catalogue spells it.
    const spelled = await send('PUT', `/api/turmas/${other.id}/disciplinas`, admin.cookie, {
      disciplinas: [{ disciplina: 'portugues', aulas_semanais: 4 }],
    });
    expect(spelled.statusCode, spelled.body).toBe(200);
    expect(await subjectsOfClass(other.id)).toMatchObject({ grid: ['Português'] });
  });
});
