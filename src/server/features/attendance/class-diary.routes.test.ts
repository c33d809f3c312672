/**
 * The diário de classe's registro de conteúdo (ADR 0078): the lesson's content saved with the roll, its
 * rules (limits, closed periods, audit, a device's base), and the diary the coordination reads and prints.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Roll } from '../../../shared/attendance.schemas.js';
import type { ClassDiary } from '../../../shared/diario.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { attendanceAbsences, attendanceRolls, classMemberships } from '../../db/schema/attendance.js';
import { students } from '../../db/schema/students.js';
import { get, mathRoll, send, setupSchool, t, setupAttendanceTestApp } from './attendance.test-setup.js';

setupAttendanceTestApp();

const put = (turmaId: string, cookie: string, body: object) =>
  send('PUT', `/api/frequencia/turmas/${turmaId}`, cookie, body);

const corrections = () =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, 'corrigir_frequencia'));

describe('conteúdo da aula com a chamada', () => {
  it('is saved with the roll, kept when a save leaves it out, and its later changes are audited', async () => {
    const s = await setupSchool();
    const first = await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]),
      conteudo: '  Frações equivalentes: simplificação  ',
      atividades: 'Exercícios 1 a 5, página 42',
    });
    expect(first.statusCode).toBe(200);
    expect(dataOf<Roll>(first).chamada).toMatchObject({
      conteudo: 'Frações equivalentes: simplificação',
      atividades: 'Exercícios 1 a 5, página 42',
    });
    // The first save is the roll itself: not a correction.
    expect(await corrections()).toHaveLength(0);

    // A save without the fields (an older device's queue) keeps them, and changes nothing.
    await put(s.classA.id, s.math.cookie, mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]));
    const [row] = await t.database.db.select().from(attendanceRolls);
    expect(row).toMatchObject({ conteudo: 'Frações equivalentes: simplificação', version: 1 });

    const edited = await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]),
      conteudo: 'Frações equivalentes',
      atividades: '',
    });
    expect(dataOf<Roll>(edited).chamada).toMatchObject({
      conteudo: 'Frações equivalentes',
      atividades: null,
    });
    const [audit] = await corrections();
    expect(audit!.details).toMatchObject({
      conteudo_antes: 'Frações equivalentes: simplificação',
      conteudo_depois: 'Frações equivalentes',
      atividades_antes: 'Exercícios 1 a 5, página 42',
      atividades_depois: null,
    });
  });

  it('refuses a content too long in Portuguese, and a closed period for the teacher', async () => {
    const s = await setupSchool();
    const long = await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', []),
      conteudo: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('Conteúdo da aula: no máximo 2000 caracteres');

    await put(s.classA.id, s.math.cookie, mathRoll('2026-03-16', []));
    clock.pin('2026-04-27');
    const late = await put(s.classA.id, s.math.cookie, { ...mathRoll('2026-03-16', []), conteudo: 'Depois' });
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toContain('1º bimestre foi encerrado');
    // The administrator still corrects it.
    const byAdmin = await put(s.classA.id, s.admin.cookie, {
      ...mathRoll('2026-03-16', []),
      conteudo: 'Revisão',
    });
    expect(dataOf<Roll>(byAdmin).chamada?.conteudo).toBe('Revisão');
  });

  it('from a device: a field the teacher did not change keeps what another person wrote meanwhile', async () => {
    const s = await setupSchool();
    const loaded = dataOf<Roll>(
      await put(s.classA.id, s.math.cookie, { ...mathRoll('2026-03-16', []), conteudo: 'Frações' }),
    );
    await put(s.classA.id, s.admin.cookie, {
      ...mathRoll('2026-03-16', []),
      conteudo: 'Frações',
      atividades: 'Lista 3',
    });
    const base = {
      faltas: [],
      atualizada_em: loaded.chamada!.atualizada_em,
      conteudo: 'Frações',
      atividades: null,
    };
    // The device changed the content and not the activities: its content, and the admin's activities.
    const saved = await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: s.a[1].id }]),
      conteudo: 'Frações e decimais',
      atividades: null,
      base,
    });
    expect(saved.statusCode).toBe(200);
    expect(dataOf<Roll>(saved).chamada).toMatchObject({
      conteudo: 'Frações e decimais',
      atividades: 'Lista 3',
    });
  });

  it('a daily-roll class records the day’s content', async () => {
    const s = await setupSchool();
    const saved = await put(s.classB.id, s.tutor.cookie, {
      data: '2026-03-16',
      faltas: [],
      conteudo: 'Roda de conversa: as estações do ano',
    });
    expect(dataOf<Roll>(saved).chamada?.conteudo).toBe('Roda de conversa: as estações do ano');
  });
});

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

    const url = `/api/frequencia/turmas/${s.classA.id}/diario`;
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
    // Another class's teacher, and a family, do not reach the class.
    expect((await get(url, s.tutor.cookie)).statusCode).toBe(404);
    expect((await get(url, s.guardian.cookie)).statusCode).toBe(404);
    expect((await get(`${url}?mes=2026-13`, s.admin.cookie)).statusCode).toBe(400);
  });

  it('prints the diary of a subject as a PDF; a per-lesson class must name the subject', async () => {
    const s = await setupSchool();
    await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]),
      conteudo: 'Frações',
    });
    const url = `/api/frequencia/turmas/${s.classA.id}/diario/pdf`;
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
    const daily = await get(`/api/frequencia/turmas/${s.classB.id}/diario/pdf`, s.tutor.cookie);
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
    const small = await get(`/api/frequencia/turmas/${s.classB.id}/diario/pdf?mes=2026-01`, s.tutor.cookie);
    const large = await get(`/api/frequencia/turmas/${s.classB.id}/diario/pdf`, s.tutor.cookie);
    expect(large.statusCode).toBe(200);
    const pages = (body: Buffer) => body.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
    expect(pages(small.rawPayload)).toBe(1);
    // 30 lessons (some with long content) and 50 students: the lessons, and the grid in two blocks of columns.
    expect(pages(large.rawPayload)).toBeGreaterThanOrEqual(5);
  });
});
