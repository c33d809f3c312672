/**
 * The carga horária of a grade curricular outside the Ensino Médio (LDB art. 24, I; art. 31, II–III):
 * warnings in `carga_horaria_avisos`, never a block.
 */
import { describe, expect, it } from 'vitest';
import type { Curriculum } from '../../../shared/curriculum.schemas.js';
import { dataOf } from '../../test/records-fixtures.js';
import { setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

const subject = (disciplina: string, aulas_semanais: number) => ({
  disciplina,
  aulas_semanais,
  dias_semana: [1, 2, 3, 4, 5],
});

describe('carga horária: Ensino Fundamental and Educação Infantil', () => {
  it('warns on a Fundamental grid below 800 h a year, and saves it all the same', async () => {
    const s = await setupSchool(t, {
      subjects: [subject('Matemática', 10), subject('Português', 10)],
      stage: { nivel: 'Fundamental II', serie: '6º ano' },
    });
    const grid = dataOf<Curriculum>(await get(`/api/turmas/${s.turma.id}/disciplinas`, s.admin.cookie));
    expect(grid.carga_horaria).toBeNull();
    expect(grid.carga_horaria_avisos).toEqual([
      'A grade soma 667 h no ano (20 aulas de 50 min por semana, em 40 semanas letivas); a LDB (art. 24, I) pede no Ensino Fundamental ao menos 800 h anuais, em no mínimo 200 dias letivos.',
    ]);
    const enough = await send('PUT', `/api/turmas/${s.turma.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'diaria',
      disciplinas: [
        { ...subject('Matemática', 12), professor_id: s.teacher.teacher.id },
        { ...subject('Português', 12), professor_id: s.teacher.teacher.id },
      ],
      version: grid.version,
    });
    expect(enough.statusCode, enough.body).toBe(200);
    expect(dataOf<Curriculum>(enough).carga_horaria_avisos).toEqual([]);
  });

  it('warns on an Educação Infantil class in full time below 7 hours a day (art. 31, III)', async () => {
    const s = await setupSchool(t, {
      subjects: [subject('Português', 15), subject('Matemática', 15)],
      stage: { nivel: 'Educação Infantil', serie: 'Pré II', turno: 'integral' },
    });
    const grid = dataOf<Curriculum>(await get(`/api/turmas/${s.turma.id}/disciplinas`, s.admin.cookie));
    expect(grid.turno).toBe('integral');
    expect(grid.carga_horaria_avisos).toEqual([
      'A grade soma 5 h por dia (30 aulas de 50 min por semana; 1.000 h no ano); a LDB (art. 31, II e III) pede na Educação Infantil ao menos 7 horas diárias em tempo integral e 800 h anuais em 200 dias letivos.',
    ]);
  });

  it('says nothing of a class without a grid (nothing to measure)', async () => {
    const s = await setupSchool(t, { subjects: [], stage: { nivel: 'Fundamental I', serie: '1º ano' } });
    const grid = dataOf<Curriculum>(await get(`/api/turmas/${s.turma.id}/disciplinas`, s.admin.cookie));
    expect(grid.carga_horaria_avisos).toEqual([]);
  });
});
