/**
 * Ensino Médio's grade curricular (issue 31 §1, ADR 0027): formação geral básica and itinerários formativos,
 * the carga horária against Lei 14.945/2024, and each student's choice of itinerário.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Curriculum, ItinerarioChoices } from '../../../shared/curriculum.schemas.js';
import { auditLog } from '../../db/schema/audit.js';
import { dataOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import {
  ITINERARIO_CN,
  ITINERARIO_LH,
  LAB,
  medioCurriculum,
  setupMedioSchool,
} from '../../test/medio-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

describe('Ensino Médio: grade curricular', () => {
  it('says which part each subject belongs to and checks the carga horária, warning below the law', async () => {
    const s = await setupMedioSchool(t);
    const grid = dataOf<Curriculum>(await get(`/api/turmas/${s.turma.id}/disciplinas`, s.fgb.cookie));
    expect(grid.itinerarios.map((item) => [item.nome, item.alunos])).toEqual([
      [ITINERARIO_CN, 1],
      [ITINERARIO_LH, 1],
    ]);
    expect(grid.disciplinas.find((item) => item.disciplina === LAB)).toMatchObject({
      itinerario: ITINERARIO_CN,
      area: 'Ciências da Natureza',
      carga_horaria_anual: 200,
    });
    expect(grid.disciplinas.find((item) => item.disciplina === 'Português')).toMatchObject({
      itinerario: null,
      area: 'Linguagens',
      carga_horaria_anual: 200,
    });
    // 18 lessons of 60 min = 720 h of formação geral básica a year; no 2ª or 3ª série: projected.
    const hours = grid.carga_horaria!;
    expect(hours.series.map((serie) => [serie.serie, serie.formacao_geral_basica, serie.projetada])).toEqual([
      [1, 720, false],
      [2, 720, true],
      [3, 720, true],
    ]);
    expect(hours.percursos.map((item) => [item.itinerario, item.formacao_geral_basica, item.total])).toEqual([
      [ITINERARIO_CN, 2160, 2760],
      [ITINERARIO_LH, 2160, 2760],
    ]);
    expect(hours.avisos).toEqual([
      'A 1ª série soma 920 h no ano; a LDB (art. 24, I) pede ao menos 1.000 h anuais no Ensino Médio.',
      'A formação geral básica soma 2.160 h nas três séries; a Lei 14.945/2024 pede ao menos 2.400 h.',
      `Com o itinerário ${ITINERARIO_CN}, as três séries somam 2.760 h; o mínimo do Ensino Médio é 3.000 h.`,
      `Com o itinerário ${ITINERARIO_LH}, as três séries somam 2.760 h; o mínimo do Ensino Médio é 3.000 h.`,
    ]);

    // Two more lessons of Matemática: 800 h of FGB + 200 h a year — the law's minimums, no warning.
    const enough = await send('PUT', `/api/turmas/${s.turma.id}/disciplinas`, s.admin.cookie, {
      ...medioCurriculum(s.teacherIds, 2),
      itinerarios: grid.itinerarios.map(({ id, nome, tecnico }) => ({ id, nome, tecnico })),
    });
    expect(enough.statusCode, enough.body).toBe(200);
    expect(dataOf<Curriculum>(enough).carga_horaria!.avisos).toEqual([]);

    // A 2ª série class of the same year counts for its série instead of the projection.
    const second = await insertClass(t, null, 25, {
      nivel: 'Ensino Médio',
      serie: '2ª série',
      nome: '2ª série A',
    });
    const secondGrid = await send('PUT', `/api/turmas/${second.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'diaria',
      aula_minutos: 60,
      disciplinas: [{ disciplina: 'Matemática', aulas_semanais: 10 }],
    });
    expect(secondGrid.statusCode, secondGrid.body).toBe(200);
    const again = dataOf<Curriculum>(await get(`/api/turmas/${s.turma.id}/disciplinas`, s.admin.cookie));
    expect(again.carga_horaria!.series[1]).toMatchObject({
      serie: 2,
      formacao_geral_basica: 400,
      projetada: false,
    });
    expect(again.carga_horaria!.avisos).toContain(
      'A formação geral básica soma 2.000 h nas três séries; a Lei 14.945/2024 pede ao menos 2.400 h.',
    );
  });

  it('a técnico itinerário needs 2.100 h of formação geral básica; Fundamental has no itinerários', async () => {
    const s = await setupMedioSchool(t);
    const body = medioCurriculum(s.teacherIds);
    // 700 h of FGB a year (2.100 h) with only técnico itinerários of 300 h.
    const tecnico = await send('PUT', `/api/turmas/${s.turma.id}/disciplinas`, s.admin.cookie, {
      ...body,
      aula_minutos: 50,
      itinerarios: [
        { id: s.itinerarioId(ITINERARIO_CN), nome: 'Técnico em Informática', tecnico: true },
        { id: s.itinerarioId(ITINERARIO_LH), nome: 'Técnico em Administração', tecnico: true },
      ],
      disciplinas: [
        { disciplina: 'Matemática', aulas_semanais: 20, dias_semana: [1] },
        { disciplina: 'Português', aulas_semanais: 1, dias_semana: [1] },
        { disciplina: LAB, aulas_semanais: 9, dias_semana: [2], itinerario: 'Técnico em Informática' },
      ],
    });
    expect(tecnico.statusCode, tecnico.body).toBe(200);
    const grid = dataOf<Curriculum>(tecnico);
    // 21 lessons × 40 weeks × 50 min = 700 h; the kept itinerários keep their students.
    expect(grid.carga_horaria!.series[0]!.formacao_geral_basica).toBe(700);
    expect(grid.itinerarios.map((item) => [item.nome, item.tecnico, item.alunos])).toEqual([
      ['Técnico em Informática', true, 1],
      ['Técnico em Administração', true, 1],
    ]);
    expect(grid.carga_horaria!.avisos.some((aviso) => aviso.startsWith('A formação geral básica'))).toBe(
      false,
    );

    // An itinerário a student chose cannot go; a subject naming an unknown itinerário is refused.
    const removing = await send('PUT', `/api/turmas/${s.turma.id}/disciplinas`, s.admin.cookie, {
      ...body,
      itinerarios: [{ nome: ITINERARIO_CN }],
      disciplinas: body.disciplinas.map((item) => ({
        ...item,
        itinerario: item.itinerario ? ITINERARIO_CN : null,
      })),
    });
    expect(removing.statusCode).toBe(409);
    expect(messageOf(removing)).toMatch(/^1 aluno escolheu o itinerário Técnico em Informática/);
    const unknown = await send('PUT', `/api/turmas/${s.turma.id}/disciplinas`, s.admin.cookie, {
      ...body,
      itinerarios: [],
    });
    expect(unknown.statusCode).toBe(400);

    const fundamental = await insertClass(t, null);
    const refused = await send('PUT', `/api/turmas/${fundamental.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'diaria',
      itinerarios: [{ nome: 'Robótica' }],
      disciplinas: [],
    });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe('Itinerários formativos só existem no Ensino Médio.');
    const plain = dataOf<Curriculum>(await get(`/api/turmas/${fundamental.id}/disciplinas`, s.admin.cookie));
    expect(plain.carga_horaria).toBeNull();
  });
});

describe('Ensino Médio: each student chooses an itinerário', () => {
  it('records the choice of the class’s students only, audited; a teacher cannot change it, a family reads only its own', async () => {
    const s = await setupMedioSchool(t);
    const url = `/api/turmas/${s.turma.id}/itinerarios`;
    const read = dataOf<ItinerarioChoices>(await get(url, s.fgb.cookie));
    expect(read.alunos.find((aluno) => aluno.id === s.a[0].id)!.itinerario_id).toBe(
      s.itinerarioId(ITINERARIO_CN),
    );
    expect(read.alunos.find((aluno) => aluno.id === s.a[2].id)!.itinerario_id).toBeNull();
    // A family of the class reads its own child's choice, never the classmates'.
    const family = dataOf<ItinerarioChoices>(await get(url, s.family.cookie));
    expect(family.alunos.map((aluno) => [aluno.id, aluno.itinerario_id])).toEqual([
      [s.a[0].id, s.itinerarioId(ITINERARIO_CN)],
    ]);

    const outsider = await insertStudent(t, null);
    const notHere = await send('PUT', url, s.admin.cookie, {
      escolhas: [{ aluno_id: outsider.id, itinerario_id: s.itinerarioId(ITINERARIO_CN) }],
    });
    expect(notHere.statusCode).toBe(400);
    expect(messageOf(notHere)).toBe('Aluno não encontrado nesta turma');
    const otherClass = await insertClass(t, null, 25, {
      nivel: 'Ensino Médio',
      serie: '1ª série',
      nome: '1ª série B',
    });
    const foreign = await send('PUT', `/api/turmas/${otherClass.id}/itinerarios`, s.admin.cookie, {
      escolhas: [{ aluno_id: s.a[0].id, itinerario_id: s.itinerarioId(ITINERARIO_CN) }],
    });
    expect(foreign.statusCode).toBe(409);
    const badBody = await send('PUT', url, s.admin.cookie, {
      escolhas: [{ aluno_id: 'x', itinerario_id: null }],
    });
    expect(badBody.statusCode).toBe(400);
    const teacher = await send('PUT', url, s.fgb.cookie, {
      escolhas: [{ aluno_id: s.a[2].id, itinerario_id: s.itinerarioId(ITINERARIO_LH) }],
    });
    expect(teacher.statusCode).toBe(403);

    const saved = await send('PUT', url, s.admin.cookie, {
      escolhas: [
        { aluno_id: s.a[2].id, itinerario_id: s.itinerarioId(ITINERARIO_LH) },
        { aluno_id: s.a[0].id, itinerario_id: s.itinerarioId(ITINERARIO_CN) },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      dataOf<ItinerarioChoices>(saved).alunos.find((aluno) => aluno.id === s.a[2].id)!.itinerario_id,
    ).toBe(s.itinerarioId(ITINERARIO_LH));
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'escolher_itinerario'), eq(auditLog.entityId, s.turma.id)))
      .orderBy(auditLog.id);
    // The fixture's choices, then this one (the unchanged choice of the first student is not recorded).
    expect(audit.map((row) => (row.details as { escolhas: unknown[] }).escolhas.length)).toEqual([2, 1]);
  });
});
