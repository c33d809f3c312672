/**
 * The diário de classe (ADR 0078, 0080): the lessons with their content, the attendance and the grades
 * of a class in a period, read and printed by who holds `diario.read` within their scope.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ClassDiary } from '../../../shared/diario.schemas.js';
import { dataOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { createSchoolYear } from '../../test/school-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { attendanceAbsences, attendanceRolls, classMemberships } from '../../db/schema/attendance.js';
import { perfis, userPerfis } from '../../db/schema/perfis.js';
import { students } from '../../db/schema/students.js';
import { createUserRow, loginAs } from '../../test/test-app.js';
import {
  get,
  mathRoll,
  send,
  setupSchool,
  t,
  setupAttendanceTestApp,
} from '../attendance/attendance.test-setup.js';

setupAttendanceTestApp();

const put = (turmaId: string, cookie: string, body: object) =>
  send('PUT', `/api/frequencia/turmas/${turmaId}`, cookie, body);

describe('diário de classe (leitura e PDF)', () => {
  it('lists the lessons of a period with their content and those without, by who may read them', async () => {
    const s = await setupSchool();
    await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]),
      conteudo: 'Frações',
    });
    await put(s.classA.id, s.math.cookie, mathRoll('2026-03-18', []));
    await put(s.classA.id, s.portuguese.cookie, {
      data: '2026-03-17',
      disciplina: 'Português',
      aula: 1,
      faltas: [],
      conteudo: 'Substantivos',
    });

    const url = `/api/frequencia/diario/turmas/${s.classA.id}`;
    const all = dataOf<ClassDiary>(await get(url, s.admin.cookie));
    // Today (20/03) is in the 1st bimestre: the default range.
    expect(all.intervalo).toMatchObject({ nome: '1º bimestre' });
    expect(all.aulas.map((aula) => [aula.data, aula.disciplina, aula.conteudo])).toEqual([
      ['2026-03-16', 'Matemática', 'Frações'],
      ['2026-03-17', 'Português', 'Substantivos'],
      ['2026-03-18', 'Matemática', null],
    ]);
    expect(all.sem_conteudo).toBe(1);
    expect(all.aulas[0]!.faltas).toBe(1);

    const math = dataOf<ClassDiary>(await get(`${url}?disciplina=Matemática&mes=2026-03`, s.admin.cookie));
    expect(math.intervalo).toMatchObject({ id: null, de: '2026-03-01', ate: '2026-03-31' });
    expect(math.aulas).toHaveLength(2);
    expect(math.professor_nome).toBe(s.math.teacher.nome);

    // The Português teacher sees only his subject; another subject is not his to read.
    const own = dataOf<ClassDiary>(await get(url, s.portuguese.cookie));
    expect(own.aulas.map((aula) => aula.disciplina)).toEqual(['Português']);
    expect((await get(`${url}?disciplina=Matemática`, s.portuguese.cookie)).statusCode).toBe(404);
    // Another class's teacher does not reach the class; a family does not hold the diary's permission.
    expect((await get(url, s.tutor.cookie)).statusCode).toBe(404);
    expect((await get(url, s.guardian.cookie)).statusCode).toBe(403);
    expect((await get(`${url}?mes=2026-13`, s.admin.cookie)).statusCode).toBe(400);
  });

  it('prints the diary of a subject as a PDF; a per-lesson class must name the subject', async () => {
    const s = await setupSchool();
    await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]),
      conteudo: 'Frações',
    });
    const url = `/api/frequencia/diario/turmas/${s.classA.id}/pdf`;
    const missing = await get(url, s.math.cookie);
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toContain('Escolha a disciplina');
    const pdf = await get(`${url}?disciplina=Matemática`, s.math.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain('diario-');
    // The daily-roll class prints without a subject.
    await put(s.classB.id, s.tutor.cookie, { data: '2026-03-16', faltas: [], conteudo: 'Estações' });
    const daily = await get(`/api/frequencia/diario/turmas/${s.classB.id}/pdf`, s.tutor.cookie);
    expect(daily.statusCode).toBe(200);
  });

  it('paginates a large class with many lessons: every lesson and student, on more pages', async () => {
    const s = await setupSchool();
    const db = t.database.db;
    const many = await db
      .insert(students)
      .values(
        Array.from({ length: 48 }, (_, index) => ({
          nome: `Estudante ${String(index + 1).padStart(2, '0')} da Silva Pereira`,
          dataNascimento: '2018-05-10',
          matricula: `D-${String(index)}`,
          turmaId: s.classB.id,
          dataEnturmacao: '2026-02-02',
        })),
      )
      .returning({ id: students.id });
    await db
      .insert(classMemberships)
      .values(many.map((row) => ({ alunoId: row.id, turmaId: s.classB.id, inicio: '2026-02-02' })));
    const days = Array.from({ length: 30 }, (_, index) => {
      const date = new Date(Date.UTC(2026, 1, 2 + index));
      return date.toISOString().slice(0, 10);
    });
    const rolls = await db
      .insert(attendanceRolls)
      .values(
        days.map((data, index) => ({
          turmaId: s.classB.id,
          data,
          conteudo: `Conteúdo ${String(index)} `.repeat(index % 5 === 0 ? 30 : 1),
        })),
      )
      .returning({ id: attendanceRolls.id });
    await db
      .insert(attendanceAbsences)
      .values(rolls.map((roll, index) => ({ chamadaId: roll.id, alunoId: many[index % many.length]!.id })));
    const small = await get(`/api/frequencia/diario/turmas/${s.classB.id}/pdf?mes=2026-01`, s.tutor.cookie);
    const large = await get(`/api/frequencia/diario/turmas/${s.classB.id}/pdf`, s.tutor.cookie);
    expect(large.statusCode).toBe(200);
    const pages = (body: Buffer) => body.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
    expect(pages(small.rawPayload)).toBe(1);
    // 30 lessons (some with long content) and 50 students: the lessons, and the grid in two blocks of columns.
    expect(pages(large.rawPayload)).toBeGreaterThanOrEqual(5);
  });
});

describe('diário de classe: a secretaria lê, as famílias não', () => {
  it('opens to the secretaria (every class, read-only), never to a family; another class is 404', async () => {
    const s = await setupSchool();
    await put(s.classA.id, s.math.cookie, { ...mathRoll('2026-03-16', []), conteudo: 'Frações' });
    const secretaria = await staffWith(t, 'secretaria');
    const url = `/api/frequencia/diario/turmas/${s.classA.id}`;

    const read = await get(url, secretaria.cookie);
    expect(read.statusCode).toBe(200);
    expect(dataOf<ClassDiary>(read).aulas.map((aula) => aula.conteudo)).toEqual(['Frações']);
    expect((await get(`${url}/pdf?disciplina=Matemática`, secretaria.cookie)).statusCode).toBe(200);
    const classes = dataOf<{ id: string }[]>(await get('/api/frequencia/diario/turmas', secretaria.cookie));
    expect(classes.map((turma) => turma.id).sort()).toEqual([s.classA.id, s.classB.id].sort());
    // Reading the diary is not taking the roll.
    expect((await put(s.classA.id, secretaria.cookie, mathRoll('2026-03-18', []))).statusCode).toBe(403);
    expect((await get('/api/frequencia/turmas', secretaria.cookie)).statusCode).toBe(403);

    // A family's account does not hold the diary's permission at all.
    for (const path of [url, `${url}/pdf?disciplina=Matemática`, '/api/frequencia/diario/turmas']) {
      const refused = await get(path, s.guardian.cookie);
      expect(refused.statusCode, path).toBe(403);
    }
    // Another class's teacher holds it, but not this class: 404, as every class outside one's scope.
    expect((await get(url, s.tutor.cookie)).statusCode).toBe(404);
    const tutorClasses = dataOf<{ id: string }[]>(await get('/api/frequencia/diario/turmas', s.tutor.cookie));
    expect(tutorClasses.map((turma) => turma.id)).toEqual([s.classB.id]);
  });
});

describe('diário de classe: um ano que passou', () => {
  it('lists a past year’s classes on asking for the year, and opens its diary on that year’s last period', async () => {
    const s = await setupSchool();
    await createSchoolYear(t, s.admin.cookie, {
      ano: 2025,
      inicio: '2025-02-03',
      fim: '2025-12-12',
      periodos: undefined,
    });
    const old = await insertClass(t, s.tutor.teacher.id, 25, {
      nome: '5º ano A (2025)',
      anoLetivo: '2025',
      status: 'concluido',
      frequenciaModo: 'diaria',
    });
    await t.database.db.insert(attendanceRolls).values([
      { turmaId: old.id, data: '2025-11-20', conteudo: 'Revisão de frações' },
      { turmaId: old.id, data: '2025-04-10', conteudo: 'Sistema de numeração' },
    ]);
    const secretaria = await staffWith(t, 'secretaria');
    const list = async (query: string, cookie = secretaria.cookie) =>
      dataOf<{ id: string; ano_letivo: string }[]>(
        await get(`/api/frequencia/diario/turmas${query}`, cookie),
      );

    // The active classes, as before; the concluded class only under its year, for who may read it.
    expect((await list('')).map((turma) => turma.id)).not.toContain(old.id);
    expect(await list('?ano=2025')).toEqual([expect.objectContaining({ id: old.id, ano_letivo: '2025' })]);
    expect((await list('?ano=2025', s.math.cookie)).map((turma) => turma.id)).toEqual([]);
    expect((await get('/api/frequencia/diario/turmas?ano=25', secretaria.cookie)).statusCode).toBe(400);

    // Opened today (20/03/2026), it shows its own year's periods and its last one, not this March.
    const diary = dataOf<ClassDiary>(await get(`/api/frequencia/diario/turmas/${old.id}`, secretaria.cookie));
    expect(diary.periodos.map((periodo) => periodo.inicio.slice(0, 4))).toEqual([
      '2025',
      '2025',
      '2025',
      '2025',
    ]);
    expect(diary.intervalo).toMatchObject({ nome: '4º bimestre', ate: '2025-12-12' });
    expect(diary.aulas.map((aula) => aula.conteudo)).toEqual(['Revisão de frações']);
    const first = diary.periodos[0]!.id;
    const april = dataOf<ClassDiary>(
      await get(`/api/frequencia/diario/turmas/${old.id}?periodo_id=${first}`, secretaria.cookie),
    );
    expect(april.aulas.map((aula) => aula.conteudo)).toEqual(['Sistema de numeração']);
  });
});

describe('diário de classe: perfis personalizados', () => {
  it('a custom profile that read the diary through academics.read keeps it after the migration', async () => {
    const s = await setupSchool();
    const custom = async (nome: string, permissoes: string[]) => {
      const [perfil] = await t.database.db.insert(perfis).values({ nome, permissoes }).returning();
      return perfil!.id;
    };
    const reader = await custom('Orientação educacional', ['dashboard.read', 'academics.read']);
    const other = await custom('Portaria', ['dashboard.read']);
    const migration = readFileSync(
      new URL('../../db/migrations/0060_diario-read.sql', import.meta.url),
      'utf8',
    );
    await t.database.db.execute(sql.raw(migration));
    const [row] = await t.database.db.select().from(perfis).where(eq(perfis.id, reader));
    expect(row!.permissoes).toEqual(['dashboard.read', 'academics.read', 'diario.read']);
    const [same] = await t.database.db.select().from(perfis).where(eq(perfis.id, other));
    expect(same!.version).toBe(1);
    const user = await createUserRow(t.database, 'administrador');
    await t.database.db.insert(userPerfis).values({ usuarioId: user.id, perfilId: reader });
    const cookie = await loginAs(t.app, user.email);
    expect((await get(`/api/frequencia/diario/turmas/${s.classA.id}`, cookie)).statusCode).toBe(200);
  });
});

describe('diário de classe: as notas do período', () => {
  async function gradedSchool() {
    const s = await setupSchool();
    const diaryUrl = `/api/frequencia/diario/turmas/${s.classA.id}`;
    const periods = dataOf<ClassDiary>(await get(diaryUrl, s.admin.cookie)).periodos;
    const create = async (nome: string, data: string, peso: number, tipo = 'regular') => {
      const response = await send('POST', '/api/avaliacoes', s.admin.cookie, {
        turma_id: s.classA.id,
        disciplina: 'Matemática',
        periodo_id: periods[0]!.id,
        nome,
        data,
        peso,
        tipo,
      });
      expect(response.statusCode, response.body).toBe(201);
      return dataOf<{ id: string }>(response).id;
    };
    const prova = await create('Prova bimestral', '2026-03-10', 2);
    const trabalho = await create('Trabalho em grupo', '2026-03-12', 1);
    const recuperacao = await create('Recuperação', '2026-03-19', 1, 'recuperacao');
    // Another period's avaliação stays out of the 1st bimestre's diary.
    await send('POST', '/api/avaliacoes', s.admin.cookie, {
      turma_id: s.classA.id,
      disciplina: 'Matemática',
      periodo_id: periods[1]!.id,
      nome: 'Prova do 2º bimestre',
      data: periods[1]!.inicio,
      peso: 1,
    });
    // Arrived on 11/03: after the prova, before the trabalho.
    const late = await insertStudent(t, s.classA.id, undefined, '2026-03-11');
    const [a0, a1, a2] = s.a;
    const notas = [
      [prova, a0.id, 7.5],
      [trabalho, a0.id, 8],
      [prova, a1.id, 4],
      [trabalho, a1.id, 6.5],
      [recuperacao, a1.id, 7],
      [trabalho, a2.id, 8],
      [trabalho, late.id, 9],
    ] as const;
    const saved = await send('PUT', '/api/notas', s.admin.cookie, {
      notas: notas.map(([avaliacao_id, aluno_id, valor]) => ({ avaliacao_id, aluno_id, valor, version: 0 })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { s, diaryUrl, late, periods };
  }

  it('carries each avaliação of the period with the grades as the grid shows them and the period’s média', async () => {
    const { s, diaryUrl, late } = await gradedSchool();
    const diary = dataOf<ClassDiary>(await get(`${diaryUrl}?disciplina=Matemática`, s.admin.cookie));
    expect(diary.notas.avaliacao).toBe('notas');
    expect(diary.notas.com_media).toBe(true);
    expect(diary.notas.disciplinas).toHaveLength(1);
    const math = diary.notas.disciplinas[0]!;
    expect(math.disciplina).toBe('Matemática');
    expect(math.avaliacoes.map((item) => [item.nome, item.peso, item.tipo])).toEqual([
      ['Prova bimestral', 2, 'regular'],
      ['Trabalho em grupo', 1, 'regular'],
      ['Recuperação', 1, 'recuperacao'],
    ]);
    const line = (id: string) => math.alunos.find((aluno) => aluno.id === id)!;
    const [a0, a1, a2] = s.a;
    // Weighted, half-up: (7,5 × 2 + 8,0) ÷ 3 = 7,67 → 7,7 (a plain mean would give 7,8).
    expect(line(a0.id)).toMatchObject({ media: 7.7, media_texto: '7,7' });
    expect(line(a0.id).notas.map((nota) => nota.texto)).toEqual(['7,5', '8,0', null]);
    // (4,0 × 2 + 6,5) ÷ 3 = 4,8; the recuperação (7,0) replaces it, being higher.
    expect(line(a1.id)).toMatchObject({ media: 7, media_texto: '7,0' });
    // A grade not entered is not a zero: only the trabalho counts.
    expect(line(a2.id)).toMatchObject({ media: 8, media_texto: '8,0' });
    // The late arrival was not in the class on the prova's day.
    expect(line(late.id).notas.map((nota) => [nota.texto, nota.na_turma])).toEqual([
      [null, false],
      ['9,0', true],
      [null, true],
    ]);
    // The same numbers as the grade grid.
    const grid = dataOf<{ alunos: { id: string; media_texto: string | null }[] }>(
      await get(
        `/api/notas/turmas/${s.classA.id}?disciplina=Matemática&periodo_id=${diary.intervalo.id!}`,
        s.admin.cookie,
      ),
    );
    for (const aluno of grid.alunos) expect(line(aluno.id).media_texto, aluno.id).toBe(aluno.media_texto);

    // A month shows the avaliações dated in it, without the period's média.
    const month = dataOf<ClassDiary>(await get(`${diaryUrl}?mes=2026-03`, s.admin.cookie));
    expect(month.notas.com_media).toBe(false);
    expect(month.notas.disciplinas[0]!.alunos.every((aluno) => aluno.media === null)).toBe(true);
    // The Português teacher reads his own subject's diary: no Matemática grades in it.
    const own = dataOf<ClassDiary>(await get(diaryUrl, s.portuguese.cookie));
    expect(own.notas.disciplinas).toEqual([]);
    // A period without avaliações.
    const empty = dataOf<ClassDiary>(await get(`${diaryUrl}?mes=2026-02`, s.admin.cookie));
    expect(empty.notas).toEqual({ avaliacao: 'notas', com_media: false, disciplinas: [] });
  });

  it('prints the avaliações and grades on the subject’s page of the PDF', async () => {
    const { s, diaryUrl } = await gradedSchool();
    const pdf = await get(`${diaryUrl}/pdf?disciplina=Matemática`, s.math.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Avaliações e notas — Matemática');
    expect(text).toContain('Prova bimestral');
    expect(text).toContain('7,5');
    expect(text).toContain('7,7');
    expect(text).not.toContain('Prova do 2º bimestre');
    // The Português diary has no avaliação in the period.
    const other = await get(`${diaryUrl}/pdf?disciplina=Português`, s.admin.cookie);
    expect(pdfText(other.rawPayload)).toContain('Nenhuma avaliação neste período.');
  });
});
