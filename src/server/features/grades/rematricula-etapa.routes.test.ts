/**
 * The rematrícula carries a class's grade curricular into its new stage's rules (ADR 0133): a 9º ano
 * that becomes a 1ª série, a Pré II that becomes a 1º ano, take only the subjects their new stage offers
 * (ADR 0127 and 0132), and the proposal, the answer, the task and the audit say which stay out; a class
 * that stays in its stage takes everything, as before.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Curriculum, CurriculumInput } from '../../../shared/curriculum.schemas.js';
import type { RematriculaProposal, YearEndTask } from '../../../shared/year-end.schemas.js';
import { dataOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { setupMedioSchool } from '../../test/medio-fixtures.js';
import { setCurriculum, setupSchool } from '../../test/school-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { closeYear, setupGradesTestApp } from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

const week = [1, 2, 3, 4, 5];

/** A class's grade as the secretary sees it: subject, teacher, lessons, days and itinerário. */
async function gradeOf(cookie: string, nome: string, anoLetivo: string) {
  const [turma] = await t.database.db
    .select()
    .from(classes)
    .where(and(eq(classes.nome, nome), eq(classes.anoLetivo, anoLetivo)));
  expect(turma, `${nome} (${anoLetivo})`).toBeDefined();
  const grid = dataOf<Curriculum>(await get(`/api/turmas/${turma!.id}/disciplinas`, cookie));
  return {
    disciplinas: grid.disciplinas.map((item) => [
      item.disciplina,
      item.professor?.id ?? null,
      item.aulas_semanais,
      item.dias_semana,
      item.itinerario,
    ]),
    itinerarios: grid.itinerarios.map((item) => [item.nome, item.tecnico]),
  };
}

async function createSubject(cookie: string, body: Record<string, unknown>) {
  const created = await send('POST', '/api/disciplinas', cookie, body);
  expect(created.statusCode, created.body).toBe(201);
}

describe('rematrícula: the grade curricular follows the new class’s stage', () => {
  it('a 9º ano going to the 1ª série leaves the Fundamental’s subjects out; the 1ª série keeps everything', async () => {
    const s = await setupMedioSchool(t);
    const cookie = s.admin.cookie;
    await createSubject(cookie, {
      nome: 'Ensino Religioso',
      area: 'Ensino Religioso',
      componente_bncc: 'Ensino Religioso',
    });
    await createSubject(cookie, {
      nome: 'Robótica',
      area: 'Parte diversificada',
      etapas: ['Fundamental II'],
    });
    const ninth = await insertClass(t, null, 25, {
      nivel: 'Fundamental II',
      serie: '9º ano',
      nome: '9º Ano B',
    });
    const grade: CurriculumInput = {
      frequencia_modo: 'por_aula',
      disciplinas: [
        { disciplina: 'Matemática', aulas_semanais: 5, dias_semana: week, professor_id: s.teacherIds.fgb },
        { disciplina: 'Ciências', aulas_semanais: 3, dias_semana: [1, 3, 5], professor_id: s.teacherIds.cn },
        { disciplina: 'Arte', aulas_semanais: 2, dias_semana: [2, 4], professor_id: s.teacherIds.lh },
        { disciplina: 'Ensino Religioso', aulas_semanais: 1, dias_semana: [5] },
        { disciplina: 'Robótica', aulas_semanais: 2, dias_semana: [3] },
      ],
    };
    await setCurriculum(t, cookie, ninth.id, grade);
    await insertStudent(t, ninth.id);
    const firstBefore = await gradeOf(cookie, '1ª série A', '2026');
    await closeYear(s.year!.id, cookie);

    const url = `/api/anos-letivos/${s.year!.id}/rematricula`;
    const sentence =
      '1ª série B: as disciplinas “Ciências”, “Ensino Religioso” e “Robótica” não são oferecidas no Ensino Médio e ficam fora da grade; complete a grade na tela da turma.';
    const preview = dataOf<RematriculaProposal>(await get(url, cookie));
    // The classes moving up (a copy of the origin for retained students stays in its stage).
    const byOrigin = new Map(
      preview.turmas.filter((item) => !item.para_retidos).map((item) => [item.origem_nome, item]),
    );
    expect(byOrigin.get('9º Ano B')).toMatchObject({
      nome: '1ª série B',
      fora_da_grade: ['Ciências', 'Ensino Religioso', 'Robótica'],
      aviso_grade: sentence,
    });
    // Same stage (1ª → 2ª série): nothing is left out, nothing is said.
    expect(byOrigin.get('1ª série A')).toMatchObject({ fora_da_grade: [], aviso_grade: null });

    const applied = await send('POST', url, cookie, { turmas: [], alunos: [] });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(messageOf(applied)).toBe(`Rematrícula aplicada. ${sentence}`);
    expect(
      dataOf<RematriculaProposal>(applied).turmas.find((item) => item.origem_nome === '9º Ano B')!
        .aviso_grade,
    ).toBe(sentence);
    // What the Ensino Médio offers passes on with its teacher and lessons.
    expect(await gradeOf(cookie, '1ª série B', '2027')).toEqual({
      disciplinas: [
        ['Matemática', s.teacherIds.fgb, 5, week, null],
        ['Arte', s.teacherIds.lh, 2, [2, 4], null],
      ],
      itinerarios: [],
    });
    // The class staying in Ensino Médio takes its whole grade: teachers, lessons, itinerários.
    expect(await gradeOf(cookie, '2ª série A', '2027')).toEqual(firstBefore);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'aplicar_rematricula'));
    expect(audit!.details).toMatchObject({ avisos_grade: [sentence] });
  });

  it('a Pré II going to the 1º ano leaves the Infantil’s campos de experiência out, and the task says so', async () => {
    const s = await setupSchool(t, {
      stage: { nivel: 'Educação Infantil', serie: 'Pré II', nome: 'Pré II A' },
    });
    const cookie = s.admin.cookie;
    for (const nome of ['O eu, o outro e o nós', 'Corpo, gestos e movimentos'])
      await createSubject(cookie, { nome, area: 'Parte diversificada', etapas: ['Educação Infantil'] });
    await createSubject(cookie, { nome: 'Musicalização', area: 'Parte diversificada' });
    const professorId = s.teacher.teacher.id;
    await setCurriculum(t, cookie, s.turma.id, {
      frequencia_modo: 'diaria',
      disciplinas: [
        { disciplina: 'Matemática', aulas_semanais: 4, dias_semana: [1, 2, 3, 4], professor_id: professorId },
        {
          disciplina: 'O eu, o outro e o nós',
          aulas_semanais: 3,
          dias_semana: [1, 3, 5],
          professor_id: professorId,
        },
        {
          disciplina: 'Corpo, gestos e movimentos',
          aulas_semanais: 3,
          dias_semana: [2, 4],
          professor_id: professorId,
        },
        { disciplina: 'Musicalização', aulas_semanais: 1, dias_semana: [5], professor_id: professorId },
      ],
    });
    await insertStudent(t, s.turma.id);
    await closeYear(s.year!.id, cookie);

    const url = `/api/anos-letivos/${s.year!.id}/rematricula`;
    const sentence =
      '1º ano A: as disciplinas “O eu, o outro e o nós” e “Corpo, gestos e movimentos” não são oferecidas no Fundamental I e ficam fora da grade; complete a grade na tela da turma.';
    const preview = dataOf<RematriculaProposal>(await get(url, cookie));
    expect(preview.turmas).toMatchObject([
      { nome: '1º ano A', nivel: 'Fundamental I', aviso_grade: sentence },
    ]);

    const started = await send('POST', `${url}?segundo_plano=true`, cookie, { turmas: [], alunos: [] });
    expect(started.statusCode, started.body).toBe(202);
    await t.app.ctx.jobs.drain();
    const task = dataOf<YearEndTask>(await get(dataOf<YearEndTask>(started).url, cookie));
    expect(task).toMatchObject({ status: 'concluida', mensagem: `Rematrícula aplicada. ${sentence}` });
    expect(task.resultado?.avisos_grade).toEqual([sentence]);
    expect((await gradeOf(cookie, '1º ano A', '2027')).disciplinas).toEqual([
      ['Matemática', professorId, 4, [1, 2, 3, 4], null],
      ['Musicalização', professorId, 1, [5], null],
    ]);
  });
});
