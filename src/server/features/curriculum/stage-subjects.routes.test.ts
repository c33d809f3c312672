/**
 * The grade curricular offers each stage its subjects (ADR 0127): no Física in a Pré II, no Ciências in
 * the Ensino Médio; the school's own subjects (no BNCC component) wherever the school puts them.
 */
import { describe, expect, it } from 'vitest';
import type { Curriculum } from '../../../shared/curriculum.schemas.js';
import type { Disciplina } from '../../../shared/disciplinas.schemas.js';
import { dataOf, insertClass } from '../../test/records-fixtures.js';
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

describe('grade curricular: a school’s own subject at the stages chosen for it (ADR 0132)', () => {
  it('offers Robótica only to the Fundamental II; a Pré II that has it keeps it, and the secretaria is told', async () => {
    const s = await setupSchool(t, { stage: { nivel: 'Educação Infantil', serie: 'Pré II' } });
    const sexto = await insertClass(t, null, 25, { nivel: 'Fundamental II', serie: '6º ano' });
    const terceiro = await insertClass(t, null, 25, { nivel: 'Fundamental I', serie: '3º ano' });
    const created = await send('POST', '/api/disciplinas', s.admin.cookie, {
      nome: 'Robótica',
      area: 'Parte diversificada',
    });
    expect(created.statusCode, created.body).toBe(201);
    // Every stage unless told: the Pré II takes it, as before this setting.
    expect(dataOf<Disciplina>(created).etapas).toEqual([
      'Educação Infantil',
      'Fundamental I',
      'Fundamental II',
      'Ensino Médio',
    ]);
    const save = async (turmaId: string, names: string[]) => {
      const url = `/api/turmas/${turmaId}/disciplinas`;
      const grid = dataOf<Curriculum>(await get(url, s.admin.cookie));
      return send('PUT', url, s.admin.cookie, {
        frequencia_modo: 'diaria',
        disciplinas: names.map(subject),
        version: grid.version,
      });
    };
    expect((await save(s.turma.id, ['Matemática', 'Robótica'])).statusCode).toBe(200);

    // Now only the Fundamental II: the Pré II that has it keeps it, the message says where.
    const narrowed = await send(
      'PATCH',
      `/api/disciplinas/${dataOf<Disciplina>(created).id}`,
      s.admin.cookie,
      {
        etapas: ['Fundamental II'],
        version: 1,
      },
    );
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(dataOf<Disciplina>(narrowed).etapas).toEqual(['Fundamental II']);
    expect(narrowed.json<{ message: string }>().message).toBe(
      'Disciplina atualizada. Robótica continua na grade de 1 turma da Educação Infantil, onde já estava; as outras turmas dessa etapa não a oferecem mais.',
    );
    const kept = await save(s.turma.id, ['Matemática', 'Robótica']);
    expect(kept.statusCode, kept.body).toBe(200);

    const refused = await save(terceiro.id, ['Matemática', 'Robótica']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      {
        path: 'disciplinas.1.disciplina',
        message:
          'A disciplina Robótica não faz parte da grade do Fundamental I (as etapas dela estão em Configurações → Acadêmico → Disciplinas)',
      },
    ]);
    expect((await save(sexto.id, ['Robótica'])).statusCode).toBe(200);
  });

  it('refuses no stage, an unknown one, and keeps the stages’ order (400 in Portuguese)', async () => {
    const s = await setupSchool(t);
    const create = (etapas: unknown) =>
      send('POST', '/api/disciplinas', s.admin.cookie, {
        nome: 'Xadrez',
        area: 'Parte diversificada',
        etapas,
      });
    const none = await create([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ path: 'etapas', message: 'Escolha ao menos uma etapa' }]);
    const unknown = await create(['Fundamental III']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: 'etapas.0', message: 'Etapa inválida' }]);
    const saved = await create(['Ensino Médio', 'Fundamental I', 'Ensino Médio']);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(dataOf<Disciplina>(saved).etapas).toEqual(['Fundamental I', 'Ensino Médio']);
  });
});
