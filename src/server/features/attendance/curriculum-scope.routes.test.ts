/**
 * The grade curricular and a teacher's scope: who sees and edits a class's subjects, the roll mode, the roll
 * picker.
 */
import { describe, expect, it } from 'vitest';
import type { Roll, RollClass } from '../../../shared/attendance.schemas.js';
import type { Curriculum } from '../../../shared/curriculum.schemas.js';
import type { Page } from '../../../shared/api.js';
import type { SchoolClass } from '../../../shared/classes.schemas.js';
import type { StudentListItem } from '../../../shared/students.schemas.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { get, send, setupSchool, setupAttendanceTestApp, t } from './attendance.test-setup.js';

setupAttendanceTestApp();

describe('grade curricular and teacher scope', () => {
  it('a teacher of one subject sees that class and its students, not the others (404)', async () => {
    const s = await setupSchool();
    const grade = dataOf<Curriculum>(await get(`/api/turmas/${s.classA.id}/disciplinas`, s.math.cookie));
    expect(grade).toMatchObject({ frequencia_modo: 'por_aula', aulas_semanais: 9 });
    expect(grade.disciplinas.map((item) => item.disciplina)).toEqual(['Matemática', 'Português']);
    expect(grade.professor_responsavel).toBeNull();
    // The responsible teacher is named: Notas offers them every subject, which they may read.
    const tutorGrade = dataOf<Curriculum>(
      await get(`/api/turmas/${s.classB.id}/disciplinas`, s.tutor.cookie),
    );
    expect(tutorGrade.professor_responsavel).toEqual({ id: s.tutor.teacher.id, nome: s.tutor.teacher.nome });

    const classesSeen = dataOf<SchoolClass[]>(await get('/api/turmas', s.math.cookie));
    expect(classesSeen.map((item) => item.id)).toEqual([s.classA.id]);
    const studentsSeen = dataOf<Page<StudentListItem>>(await get('/api/alunos', s.math.cookie));
    expect(studentsSeen.items.map((item) => item.id).sort()).toEqual(s.a.map((item) => item.id).sort());
    expect((await get(`/api/turmas/${s.classB.id}`, s.math.cookie)).statusCode).toBe(404);
    expect((await get(`/api/alunos/${s.b[0].id}`, s.math.cookie)).statusCode).toBe(404);
    expect((await get(`/api/frequencia/turmas/${s.classB.id}`, s.math.cookie)).statusCode).toBe(404);
    expect((await get(`/api/frequencia/alunos/${s.b[0].id}`, s.math.cookie)).statusCode).toBe(404);
    // The responsible teacher of B still reaches B (and only B).
    const tutorClasses = dataOf<SchoolClass[]>(await get('/api/turmas', s.tutor.cookie));
    expect(tutorClasses.map((item) => item.id)).toEqual([s.classB.id]);
  });

  it('only an administrator edits the grid; a repeated subject or unknown teacher is a 400', async () => {
    const s = await setupSchool();
    const body = { frequencia_modo: 'diaria', disciplinas: [] };
    expect(
      (await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.math.cookie, body)).statusCode,
    ).toBe(403);
    const repeated = await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie, {
      disciplinas: [
        { disciplina: 'Arte', aulas_semanais: 1 },
        { disciplina: 'Arte', aulas_semanais: 2 },
      ],
    });
    expect(repeated.statusCode).toBe(400);
    const unknown = await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie, {
      disciplinas: [{ disciplina: 'Arte', aulas_semanais: 1, professor_id: s.classA.id }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ details: { path: string }[] }>().details[0]!.path).toBe(
      'disciplinas.0.professor_id',
    );
  });

  it('the coordenação and the secretaria build the grid; the financeiro does not (ADR 0107)', async () => {
    const s = await setupSchool();
    const body = (disciplina: string) => ({
      frequencia_modo: 'por_aula',
      disciplinas: [{ disciplina, aulas_semanais: 2, dias_semana: [1, 3] }],
    });
    for (const [chave, disciplina, status] of [
      ['coordenacao', 'Arte', 200],
      ['secretaria', 'Ciências', 200],
      ['financeiro', 'História', 403],
    ] as const) {
      const staff = await staffWith(t, chave);
      const saved = await send(
        'PUT',
        `/api/turmas/${s.classB.id}/disciplinas`,
        staff.cookie,
        body(disciplina),
      );
      expect(saved.statusCode, `${chave}: ${saved.body}`).toBe(status);
    }
    const grid = dataOf<Curriculum>(await get(`/api/turmas/${s.classB.id}/disciplinas`, s.admin.cookie));
    expect(grid.disciplinas.map((item) => item.disciplina)).toEqual(['Ciências']);
  });

  it('the roll mode is fixed once the class has a roll (days and lessons would mix in one %)', async () => {
    const s = await setupSchool();
    const grid = (frequencia_modo: string) =>
      send('PUT', `/api/turmas/${s.classB.id}/disciplinas`, s.admin.cookie, {
        frequencia_modo,
        disciplinas: [],
      });
    expect((await grid('por_aula')).statusCode).toBe(200);
    expect((await grid('diaria')).statusCode).toBe(200);
    await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-16',
      faltas: [],
    });
    const refused = await grid('por_aula');
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toContain('só pode mudar antes da primeira chamada');
    // The rest of the grid still saves while the mode stays.
    expect((await grid('diaria')).statusCode).toBe(200);
  });

  it('the roll picker lists the teacher’s classes with the lessons of the day, pending first', async () => {
    const s = await setupSchool();
    const mine = dataOf<RollClass[]>(await get('/api/frequencia/turmas?data=2026-03-20', s.math.cookie));
    expect(mine).toHaveLength(1);
    // Friday: the third day of Mon/Wed/Fri for 5 lessons gets one; Português is not his.
    expect(mine[0]).toMatchObject({ id: s.classA.id, alunos: 3, pendentes: 1 });
    expect(mine[0]!.aulas).toEqual([
      expect.objectContaining({ disciplina: 'Matemática', aula: 1, registrada: false, pode_registrar: true }),
    ]);
    const monday = dataOf<RollClass[]>(await get('/api/frequencia/turmas?data=2026-03-16', s.math.cookie));
    expect(monday[0]!.aulas.map((lesson) => lesson.aula)).toEqual([1, 2]);
    const admin = dataOf<RollClass[]>(await get('/api/frequencia/turmas?data=2026-03-20', s.admin.cookie));
    expect(admin.map((item) => item.id).sort()).toEqual([s.classA.id, s.classB.id].sort());
  });

  it('a per-lesson class with no subjects, or none with weekdays, says its grade curricular lacks them', async () => {
    const s = await setupSchool();
    const setGrid = (disciplinas: unknown[]) =>
      send('PUT', `/api/turmas/${s.classB.id}/disciplinas`, s.admin.cookie, {
        frequencia_modo: 'por_aula',
        disciplinas,
      });
    const pickerOf = async (cookie: string) =>
      dataOf<RollClass[]>(await get('/api/frequencia/turmas?data=2026-03-20', cookie)).find(
        (item) => item.id === s.classB.id,
      );
    const rollOf = async (cookie: string) =>
      dataOf<Roll>(await get(`/api/frequencia/turmas/${s.classB.id}?data=2026-03-20`, cookie));

    expect((await setGrid([])).statusCode).toBe(200);
    expect(await pickerOf(s.tutor.cookie)).toMatchObject({ grade_pendente: 'sem_disciplinas', aulas: [] });
    for (const cookie of [s.tutor.cookie, s.admin.cookie]) {
      const roll = await rollOf(cookie);
      expect(roll.grade_pendente).toBe('sem_disciplinas');
      expect(roll.bloqueio).toBe(
        'Esta turma faz a chamada por aula e ainda não tem disciplinas na grade curricular: não há aula para registrar.',
      );
    }

    expect((await setGrid([{ disciplina: 'Arte', aulas_semanais: 2 }])).statusCode).toBe(200);
    expect((await pickerOf(s.admin.cookie))?.grade_pendente).toBe('sem_dias');
    expect((await rollOf(s.admin.cookie)).bloqueio).toBe(
      'A grade curricular desta turma ainda não tem os dias das aulas: não há aula para registrar.',
    );

    // With the days set, a day without a lesson of the class says so (not 'Escolha a disciplina').
    expect((await setGrid([{ disciplina: 'Arte', aulas_semanais: 2, dias_semana: [2] }])).statusCode).toBe(
      200,
    );
    const friday = await rollOf(s.admin.cookie);
    expect(friday.grade_pendente).toBeNull();
    expect(friday.bloqueio).toBe('Não há aula nesta turma em 20/03/2026 pela grade curricular.');
    // A daily class needs no grid at all.
    await send('PUT', `/api/turmas/${s.classB.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'diaria',
      disciplinas: [],
    });
    expect((await pickerOf(s.tutor.cookie))?.grade_pendente).toBeNull();
    expect((await rollOf(s.tutor.cookie)).bloqueio).toBeNull();
    const classA = dataOf<RollClass[]>(await get('/api/frequencia/turmas?data=2026-03-20', s.math.cookie));
    expect(classA[0]?.grade_pendente).toBeNull();
  });
});
