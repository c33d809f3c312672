/**
 * The grade curricular offers each stage its subjects (ADR 0127): no Física in a Pré II, no Ciências in
 * the Ensino Médio; the school's own subjects (no BNCC component) wherever the school puts them.
 */
import { describe, expect, it } from 'vitest';
import type { Curriculum } from '../../../shared/curriculum.schemas.js';
import { dataOf } from '../../test/records-fixtures.js';
import { setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

const subject = (disciplina: string) => ({ disciplina, aulas_semanais: 2, dias_semana: [1, 3] });

describe('grade curricular: the subjects of the class’s stage', () => {
  it('refuses a subject of another stage and takes the school’s own', async () => {
    const s = await setupSchool(t, {
      subjects: [{ ...subject('Matemática') }],
      stage: { nivel: 'Educação Infantil', serie: 'Pré II' },
    });
    const own = await send('POST', '/api/disciplinas', s.admin.cookie, {
      nome: 'Musicalização',
      area: 'Parte diversificada',
    });
    expect(own.statusCode, own.body).toBe(201);
    const url = `/api/turmas/${s.turma.id}/disciplinas`;
    const grid = dataOf<Curriculum>(await get(url, s.admin.cookie));
    const save = (names: string[], version: number) =>
      send('PUT', url, s.admin.cookie, {
        frequencia_modo: 'diaria',
        disciplinas: names.map(subject),
        version,
      });
    const fisica = await save(['Matemática', 'Física'], grid.version);
    expect(fisica.statusCode).toBe(400);
    expect(fisica.json().details).toEqual([
      {
        path: 'disciplinas.1.disciplina',
        message: 'A disciplina Física não faz parte da grade da Educação Infantil',
      },
    ]);
    const saved = await save(['Matemática', 'Musicalização'], grid.version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<Curriculum>(saved).disciplinas.map((item) => item.disciplina)).toEqual([
      'Matemática',
      'Musicalização',
    ]);
  });

  it('offers the Ensino Médio its own components, not the Fundamental’s Ciências', async () => {
    const s = await setupSchool(t, { stage: { nivel: 'Ensino Médio', serie: '1ª série' } });
    const url = `/api/turmas/${s.turma.id}/disciplinas`;
    const grid = dataOf<Curriculum>(await get(url, s.admin.cookie));
    const ciencias = await send('PUT', url, s.admin.cookie, {
      frequencia_modo: 'diaria',
      disciplinas: [subject('Física'), subject('Ciências')],
      version: grid.version,
    });
    expect(ciencias.statusCode).toBe(400);
    expect(ciencias.json().details).toEqual([
      {
        path: 'disciplinas.1.disciplina',
        message: 'A disciplina Ciências não faz parte da grade do Ensino Médio',
      },
    ]);
  });
});
