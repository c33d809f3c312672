/**
 * A subject the school adds goes through every academic screen as the 14 default ones do (issue 31 §2):
 * the grade curricular with its teacher, the teacher's subjects, an assessment and its grade, a roll per
 * lesson, the grades grid and the boletim, in the catalogue's order.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Curriculum } from '../../../shared/curriculum.schemas.js';
import type { Disciplina } from '../../../shared/disciplinas.schemas.js';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { Roll } from '../../../shared/attendance.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertStudent } from '../../test/records-fixtures.js';
import { MATH, setCurriculum, setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
beforeEach(() => clock.pin('2026-03-20'));
afterEach(() => clock.unpin());

describe('a custom subject through every academic screen', () => {
  it('Robótica: grade curricular with a teacher, an assessment grade, a lesson roll, the grid and the boletim', async () => {
    const { admin, year, teacher, turma } = await setupSchool(t, { mode: 'por_aula' });
    const created = await send('POST', '/api/disciplinas', admin.cookie, {
      nome: 'Robótica',
      area: 'Parte diversificada',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(dataOf<Disciplina>(created).ordem).toBe(15);

    // The teacher's subjects and the class's grade curricular take it (Robótica on Fridays).
    const teacherSaved = await send('PUT', `/api/professores/${teacher.teacher.id}`, admin.cookie, {
      nome: teacher.teacher.nome,
      email: teacher.teacher.email,
      disciplinas: ['Matemática', 'Robótica'],
    });
    expect(teacherSaved.statusCode, teacherSaved.body).toBe(200);
    await setCurriculum(t, admin.cookie, turma.id, {
      frequencia_modo: 'por_aula',
      disciplinas: [
        { disciplina: 'Robótica', professor_id: teacher.teacher.id, aulas_semanais: 2, dias_semana: [5] },
        { ...MATH, professor_id: teacher.teacher.id },
      ],
    });
    const grid = dataOf<Curriculum>(await get(`/api/turmas/${turma.id}/disciplinas`, teacher.cookie));
    expect(grid.disciplinas.map((item) => [item.disciplina, item.professor?.id])).toEqual([
      ['Matemática', teacher.teacher.id],
      ['Robótica', teacher.teacher.id],
    ]);

    const student = await insertStudent(t, turma.id, undefined, '2026-02-02');
    const periodo = year!.periodos[0]!;
    const column = await send('POST', '/api/avaliacoes', teacher.cookie, {
      turma_id: turma.id,
      disciplina: 'Robótica',
      periodo_id: periodo.id,
      nome: 'Projeto do robô',
      data: '2026-03-13',
      peso: 1,
    });
    expect(column.statusCode, column.body).toBe(201);
    const avaliacao = dataOf<{ id: string }>(column);
    const graded = await send('PUT', '/api/notas', teacher.cookie, {
      notas: [{ avaliacao_id: avaliacao.id, aluno_id: student.id, valor: '8,5', version: 0 }],
    });
    expect(graded.statusCode, graded.body).toBe(200);
    const gradesGrid = dataOf<GradesGrid>(
      await get(
        `/api/notas/turmas/${turma.id}?disciplina=${encodeURIComponent('Robótica')}&periodo_id=${periodo.id}`,
        teacher.cookie,
      ),
    );
    expect(gradesGrid.disciplina).toBe('Robótica');
    expect(JSON.stringify(gradesGrid)).toContain('8.5');

    // Friday 20/03: the roll picker offers the Robótica lesson; the teacher takes it with one absence.
    const roll = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${turma.id}?data=2026-03-20&disciplina=${encodeURIComponent('Robótica')}&aula=1`,
        teacher.cookie,
      ),
    );
    expect(roll.disciplina).toBe('Robótica');
    const saved = await send('PUT', `/api/frequencia/turmas/${turma.id}`, teacher.cookie, {
      data: '2026-03-20',
      disciplina: 'Robótica',
      aula: 1,
      faltas: [{ aluno_id: student.id }],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The boletim lists it after Matemática (the catalogue's order) with its average and absence.
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${student.id}`, admin.cookie));
    expect(card.disciplinas.map((item) => item.disciplina)).toEqual(['Matemática', 'Robótica']);
    const robotica = card.disciplinas.find((item) => item.disciplina === 'Robótica')!;
    expect(robotica.periodos[0]).toMatchObject({ media: 8.5, faltas: 1 });
    expect(robotica.faltas).toBe(1);
    const pdf = await get(`/api/boletins/alunos/${student.id}.pdf`, admin.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });
});
