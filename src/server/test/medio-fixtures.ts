/**
 * An Ensino Médio school for the tests (ADR 0027): a 1ª série class with the formação geral básica and two
 * itinerários formativos, each taught by its own teacher, and three students — the first (a guardian's
 * child) in the first itinerário, the second in the other, the third without a choice yet.
 */
import { expect } from 'vitest';
import type { Assessment } from '../../shared/assessments.schemas.js';
import type { CurriculumInput, ItinerarioChoices } from '../../shared/curriculum.schemas.js';
import { clock } from '../lib/clock.js';
import { dataOf, insertStudent } from './records-fixtures.js';
import { familyIn, setupSchool } from './school-fixtures.js';
import { requestsOf, type TestApp } from './test-app.js';

export const ITINERARIO_CN = 'Ciências da Natureza e Matemática';
export const ITINERARIO_LH = 'Linguagens e Ciências Humanas';
export const LAB = 'Laboratório de Ciências';
export const OFICINA = 'Oficina de Escrita';

/** 60-minute lessons: one weekly lesson is 40 h a year. FGB 18 lessons (720 h), each itinerário 5 (200 h). */
export function medioCurriculum(
  teachers: { fgb: string; cn: string; lh: string },
  fgbExtra = 0,
): CurriculumInput {
  const week = [1, 2, 3, 4, 5];
  return {
    frequencia_modo: 'por_aula',
    aula_minutos: 60,
    itinerarios: [
      { nome: ITINERARIO_CN, tecnico: false },
      { nome: ITINERARIO_LH, tecnico: false },
    ],
    disciplinas: [
      {
        disciplina: 'Matemática',
        aulas_semanais: 5 + fgbExtra,
        dias_semana: week,
        professor_id: teachers.fgb,
      },
      { disciplina: 'Português', aulas_semanais: 5, dias_semana: week, professor_id: teachers.fgb },
      { disciplina: 'Biologia', aulas_semanais: 4, dias_semana: [1, 2], professor_id: teachers.fgb },
      { disciplina: 'História', aulas_semanais: 4, dias_semana: [3, 4], professor_id: teachers.fgb },
      {
        disciplina: LAB,
        aulas_semanais: 5,
        dias_semana: week,
        professor_id: teachers.cn,
        itinerario: ITINERARIO_CN,
      },
      {
        disciplina: OFICINA,
        aulas_semanais: 5,
        dias_semana: week,
        professor_id: teachers.lh,
        itinerario: ITINERARIO_LH,
      },
    ],
  };
}

export async function setupMedioSchool(t: TestApp) {
  const { send, get } = requestsOf(() => t.app);
  const school = await setupSchool(t, {
    mode: 'por_aula',
    teachers: [{}, {}, {}],
    stage: { nivel: 'Ensino Médio', serie: '1ª série', nome: '1ª série A' },
  });
  for (const [nome, area] of [
    [LAB, 'Ciências da Natureza'],
    [OFICINA, 'Linguagens'],
  ] as const) {
    const created = await send('POST', '/api/disciplinas', school.admin.cookie, { nome, area });
    expect(created.statusCode, created.body).toBe(201);
  }
  const [fgb, cn, lh] = school.teachers;
  const ids = { fgb: fgb!.teacher.id, cn: cn!.teacher.id, lh: lh!.teacher.id };
  const grid = await send(
    'PUT',
    `/api/turmas/${school.turma.id}/disciplinas`,
    school.admin.cookie,
    medioCurriculum(ids),
  );
  expect(grid.statusCode, grid.body).toBe(200);
  const family = await familyIn(t, school.turma.id);
  const a2 = await insertStudent(t, school.turma.id);
  const a3 = await insertStudent(t, school.turma.id);
  const options = dataOf<ItinerarioChoices>(
    await get(`/api/turmas/${school.turma.id}/itinerarios`, school.admin.cookie),
  );
  const idOf = (nome: string) => options.itinerarios.find((item) => item.nome === nome)!.id;
  const chosen = await send('PUT', `/api/turmas/${school.turma.id}/itinerarios`, school.admin.cookie, {
    escolhas: [
      { aluno_id: family.child.id, itinerario_id: idOf(ITINERARIO_CN) },
      { aluno_id: a2.id, itinerario_id: idOf(ITINERARIO_LH) },
    ],
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return {
    ...school,
    teacherIds: ids,
    fgb: fgb!,
    cn: cn!,
    lh: lh!,
    family,
    a: [family.child, a2, a3] as const,
    itinerarioId: idOf,
  };
}

/** A Laboratório assessment of the first period, created by its teacher (the answer checked). */
export async function labAssessment(
  t: TestApp,
  s: Awaited<ReturnType<typeof setupMedioSchool>>,
  nome: string,
  data: string,
): Promise<Assessment> {
  const { send } = requestsOf(() => t.app);
  const created = await send('POST', '/api/avaliacoes', s.cn.cookie, {
    turma_id: s.turma.id,
    disciplina: LAB,
    periodo_id: s.year!.periodos[0]!.id,
    nome,
    data,
    peso: 1,
  });
  expect(created.statusCode, created.body).toBe(201);
  return dataOf<Assessment>(created);
}

/**
 * The Médio school where the first student leaves their itinerário on 01/04/2026 (Wednesday): in March,
 * a grade of 9,5 in the Laboratório and two of its lessons (absent on 09/03); an Oficina lesson on 10/03,
 * before the change (not theirs); then the move to the other itinerário, and on 01/04 a lesson of each
 * (absent from the Oficina's; the Laboratório's no longer theirs). The clock stays on 01/04/2026.
 */
export async function setupItinerarioChange(t: TestApp) {
  const { send } = requestsOf(() => t.app);
  clock.pin('2026-03-02');
  const s = await setupMedioSchool(t);
  const rollUrl = `/api/frequencia/turmas/${s.turma.id}`;
  const roll = async (cookie: string, data: string, disciplina: string, faltas: string[]) => {
    const response = await send('PUT', rollUrl, cookie, {
      data,
      disciplina,
      aula: 1,
      faltas: faltas.map((aluno_id) => ({ aluno_id })),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const aluno = s.a[0].id;
  clock.pin('2026-03-11');
  const created = await labAssessment(t, s, 'Prova 1', '2026-03-10');
  const graded = await send('PUT', '/api/notas', s.admin.cookie, {
    notas: [{ avaliacao_id: created.id, aluno_id: aluno, valor: 9.5 }],
  });
  expect(graded.statusCode, graded.body).toBe(200);
  await roll(s.cn.cookie, '2026-03-09', LAB, [aluno]);
  await roll(s.cn.cookie, '2026-03-10', LAB, []);
  await roll(s.lh.cookie, '2026-03-10', OFICINA, []);
  clock.pin('2026-04-01');
  const moved = await send('PUT', `/api/turmas/${s.turma.id}/itinerarios`, s.admin.cookie, {
    escolhas: [{ aluno_id: aluno, itinerario_id: s.itinerarioId(ITINERARIO_LH) }],
  });
  expect(moved.statusCode, moved.body).toBe(200);
  await roll(s.cn.cookie, '2026-04-01', LAB, []);
  await roll(s.lh.cookie, '2026-04-01', OFICINA, [aluno]);
  return s;
}
