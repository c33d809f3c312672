/**
 * Ensino Médio in Notas, Frequência and the boletim (ADR 0027): a subject of an itinerário is only for the
 * students who chose it, and a student's boletim lists the formação geral básica by área, then their itinerário.
 */
import { describe, expect, it } from 'vitest';
import type { Assessment } from '../../../shared/assessments.schemas.js';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { Roll } from '../../../shared/attendance.schemas.js';
import type { ClassDiary } from '../../../shared/diario.schemas.js';
import { dataOf, detailsOf } from '../../test/records-fixtures.js';
import {
  ITINERARIO_CN,
  ITINERARIO_LH,
  LAB,
  medioCurriculum,
  OFICINA,
  labAssessment,
  setupItinerarioChange,
  setupMedioSchool,
} from '../../test/medio-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import { setupGradesTestApp } from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

async function medioWithGrades() {
  const s = await setupMedioSchool(t);
  const periodo = s.year!.periodos[0]!.id;
  const assess = async (cookie: string, disciplina: string) => {
    const response = await send('POST', '/api/avaliacoes', cookie, {
      turma_id: s.turma.id,
      disciplina,
      periodo_id: periodo,
      nome: 'Prova 1',
      data: '2026-03-10',
      peso: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    return dataOf<Assessment>(response);
  };
  const math = await assess(s.fgb.cookie, 'Matemática');
  const lab = await assess(s.cn.cookie, LAB);
  const oficina = await assess(s.lh.cookie, OFICINA);
  const saved = await send('PUT', '/api/notas', s.admin.cookie, {
    notas: [
      { avaliacao_id: math.id, aluno_id: s.a[0].id, valor: 8 },
      { avaliacao_id: math.id, aluno_id: s.a[1].id, valor: 7 },
      { avaliacao_id: lab.id, aluno_id: s.a[0].id, valor: 9.5 },
      { avaliacao_id: oficina.id, aluno_id: s.a[1].id, valor: 6 },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...s, periodo, lab, oficina };
}

const gridOf = async (turmaId: string, disciplina: string, periodo: string, cookie: string) =>
  dataOf<GradesGrid>(
    await get(
      `/api/notas/turmas/${turmaId}?disciplina=${encodeURIComponent(disciplina)}&periodo_id=${periodo}`,
      cookie,
    ),
  );

describe('Ensino Médio: itinerários in Notas and Frequência', () => {
  it('a subject of an itinerário lists only the students who chose it; grades for others are refused', async () => {
    const s = await medioWithGrades();
    const names = (grid: GradesGrid) => grid.alunos.map((aluno) => aluno.id).sort();
    expect(names(await gridOf(s.turma.id, LAB, s.periodo, s.cn.cookie))).toEqual([s.a[0].id]);
    expect(names(await gridOf(s.turma.id, OFICINA, s.periodo, s.lh.cookie))).toEqual([s.a[1].id]);
    expect(names(await gridOf(s.turma.id, 'Matemática', s.periodo, s.fgb.cookie))).toEqual(
      [s.a[0].id, s.a[1].id, s.a[2].id].sort(),
    );
    const outsider = await send('PUT', '/api/notas', s.cn.cookie, {
      notas: [{ avaliacao_id: s.lab.id, aluno_id: s.a[1].id, valor: 5 }],
    });
    expect(outsider.statusCode).toBe(400);
    expect(detailsOf(outsider)[0]!.path).toBe('notas.0.aluno_id');

    // The roll of a lesson of the itinerário: its students only; an absence of another is refused.
    const rollUrl = `/api/frequencia/turmas/${s.turma.id}`;
    const roll = dataOf<Roll>(
      await get(`${rollUrl}?data=2026-03-20&disciplina=${encodeURIComponent(LAB)}&aula=1`, s.cn.cookie),
    );
    expect(roll.alunos.map((aluno) => aluno.id)).toEqual([s.a[0].id]);
    const absent = await send('PUT', rollUrl, s.cn.cookie, {
      data: '2026-03-20',
      disciplina: LAB,
      aula: 1,
      faltas: [{ aluno_id: s.a[1].id }],
    });
    expect(absent.statusCode).toBe(400);
    const taken = await send('PUT', rollUrl, s.cn.cookie, {
      data: '2026-03-20',
      disciplina: LAB,
      aula: 1,
      faltas: [{ aluno_id: s.a[0].id }],
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(dataOf<Roll>(taken).alunos.map((aluno) => aluno.id)).toEqual([s.a[0].id]);
  });
});

describe('Ensino Médio: the boletim by área and itinerário', () => {
  it('lists the formação geral básica and the student’s own itinerário, with áreas and carga horária', async () => {
    const s = await medioWithGrades();
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie));
    expect(card.ensino_medio).toBe(true);
    expect(card.itinerario).toEqual({ nome: ITINERARIO_CN, tecnico: false });
    expect(
      card.disciplinas.map((item) => [item.disciplina, item.area, item.itinerario, item.carga_horaria]),
    ).toEqual([
      ['Matemática', 'Matemática', null, 200],
      ['Português', 'Linguagens', null, 200],
      ['História', 'Ciências Humanas', null, 160],
      ['Biologia', 'Ciências da Natureza', null, 160],
      [LAB, 'Ciências da Natureza', ITINERARIO_CN, 200],
    ]);
    expect(card.disciplinas.find((item) => item.disciplina === LAB)!.periodos[0]!.media).toBe(9.5);

    // The other itinerário's student sees Oficina, not the Laboratório; one without a choice, neither.
    const other = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[1].id}`, s.admin.cookie));
    expect(other.disciplinas.map((item) => item.disciplina)).toContain(OFICINA);
    expect(other.disciplinas.map((item) => item.disciplina)).not.toContain(LAB);
    const none = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}`, s.admin.cookie));
    expect(none.itinerario).toBeNull();
    expect(none.disciplinas.map((item) => item.disciplina)).toEqual([
      'Matemática',
      'Português',
      'História',
      'Biologia',
    ]);

    // The teacher of the itinerário reaches only its students' boletins' subject.
    const teacher = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.cn.cookie));
    expect(teacher.disciplinas.map((item) => item.disciplina)).toEqual([LAB]);

    const pdf = await get(`/api/boletins/alunos/${s.a[0].id}.pdf?ano=2026`, s.family.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Formação geral básica',
      'Matemática e suas Tecnologias',
      'Linguagens e suas Tecnologias',
      'Ciências Humanas e Sociais Aplicadas',
      'Ciências da Natureza e suas Tecnologias',
      `Itinerário formativo: ${ITINERARIO_CN}`,
      'Carga horária',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain(OFICINA);
    // Área headings come before their subjects, the itinerário last.
    expect(text.indexOf('Linguagens e suas Tecnologias')).toBeLessThan(text.indexOf('Português'));
    expect(text.indexOf(`Itinerário formativo: ${ITINERARIO_CN}`)).toBeLessThan(text.indexOf(LAB));
  });
});

describe('Ensino Médio: a change of itinerário keeps what the student studied', () => {
  it('the boletim keeps the itinerário left, with its grades and its lessons until the change', async () => {
    const s = await setupItinerarioChange(t);
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie));
    expect(card.itinerario).toEqual({ nome: ITINERARIO_LH, tecnico: false });
    const lab = card.disciplinas.find((item) => item.disciplina === LAB);
    // Two lessons while in it (absent from one), 60-minute lessons: 2 h; not a result of the year.
    expect(lab).toMatchObject({
      itinerario: ITINERARIO_CN,
      itinerario_trocado_em: '2026-04-01',
      carga_horaria: 2,
      faltas: 1,
      frequencia: 50,
      situacao: 'cursando',
    });
    expect(lab!.periodos[0]!.media).toBe(9.5);
    // The new itinerário counts from the change: the Oficina's lesson of 10/03 was not theirs.
    const oficina = card.disciplinas.find((item) => item.disciplina === OFICINA);
    expect(oficina).toMatchObject({ itinerario: ITINERARIO_LH, faltas: 1, frequencia: 0 });
    expect(oficina!.itinerario_trocado_em).toBeUndefined();
    // Joined on 01/04: the hours of the lessons had since (one, of 60 minutes), not the grid's 200 (ADR 0115).
    expect(oficina).toMatchObject({
      carga_horaria: 1,
      aulas_cursadas: 1,
      itinerario_iniciado: { em: '2026-04-01', carga_horaria: 1 },
    });
    expect(lab!.itinerario_iniciado).toBeUndefined();
    expect(card.frequencia).toMatchObject({ aulas_dadas: 3, faltas: 2 });

    // The PDF prints it after the current itinerário, under its own heading.
    const pdf = await get(`/api/boletins/alunos/${s.a[0].id}.pdf?ano=2026`, s.admin.cookie);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`Itinerário anterior: ${ITINERARIO_CN} (trocado em 01/04/2026)`);
    expect(text.indexOf(`Itinerário formativo: ${ITINERARIO_LH}`)).toBeLessThan(
      text.indexOf('Itinerário anterior:'),
    );
    expect(text.indexOf('Itinerário anterior:')).toBeLessThan(text.indexOf(LAB));
    // The year's hours add up its lines: FGB 720 h, the new itinerário's 1 h, the one left's 2 h.
    expect(text).toContain(
      'Carga horária anual: formação geral básica 720 h · itinerário formativo 1 h · itinerário anterior 2 h · total 723 h',
    );

    // The other students are as before; a choice corrected the day it was made leaves nothing behind.
    const other = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[1].id}`, s.admin.cookie));
    expect(other.disciplinas.map((item) => item.disciplina)).not.toContain(LAB);
    const url = `/api/turmas/${s.turma.id}/itinerarios`;
    for (const nome of [ITINERARIO_CN, ITINERARIO_LH]) {
      const chosen = await send('PUT', url, s.admin.cookie, {
        escolhas: [{ aluno_id: s.a[2].id, itinerario_id: s.itinerarioId(nome) }],
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
    }
    const corrected = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}`, s.admin.cookie));
    expect(corrected.disciplinas.map((item) => item.disciplina)).not.toContain(LAB);
  });

  it('the Notas of the itinerário left list the student for the assessments of before the change', async () => {
    const s = await setupItinerarioChange(t);
    const [first, second] = s.year!.periodos;
    await labAssessment(t, s, 'Prova 2', '2026-04-01');
    const grid = await gridOf(s.turma.id, LAB, first!.id, s.cn.cookie);
    const left = grid.alunos.find((aluno) => aluno.id === s.a[0].id);
    expect(left).toMatchObject({ itinerario_trocado_em: '2026-04-01', media: 9.5 });
    expect(left!.notas.map((nota) => nota.valor)).toEqual([9.5, null]);
    // Their grade of before the change can be corrected; one in the assessment after it is refused.
    const fixed = await send('PUT', '/api/notas', s.cn.cookie, {
      notas: [{ avaliacao_id: grid.avaliacoes[0]!.id, aluno_id: s.a[0].id, valor: 8, version: 1 }],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const refused = await send('PUT', '/api/notas', s.cn.cookie, {
      notas: [{ avaliacao_id: grid.avaliacoes[1]!.id, aluno_id: s.a[0].id, valor: 7 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toEqual([
      {
        path: 'notas.0.aluno_id',
        message: 'O aluno trocou de itinerário em 01/04/2026: esta avaliação é de depois da troca.',
      },
    ]);
    // The next bimestre (from 20/04) and the new itinerário's grid: as any other student.
    const later = await gridOf(s.turma.id, LAB, second!.id, s.cn.cookie);
    expect(later.alunos.map((aluno) => aluno.id)).not.toContain(s.a[0].id);
    const oficina = await gridOf(s.turma.id, OFICINA, first!.id, s.lh.cookie);
    expect(oficina.alunos.find((aluno) => aluno.id === s.a[0].id)?.itinerario_trocado_em).toBeUndefined();
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie));
    expect(card.disciplinas.find((item) => item.disciplina === LAB)!.periodos[0]!.media).toBe(8);
  });

  it('the diário de classe of the itinerário left keeps the student on the days it was theirs', async () => {
    const s = await setupItinerarioChange(t);
    await labAssessment(t, s, 'Prova 2', '2026-04-01');
    const url = `/api/frequencia/diario/turmas/${s.turma.id}`;
    const lab = dataOf<ClassDiary>(await get(`${url}?disciplina=${encodeURIComponent(LAB)}`, s.cn.cookie));
    // The 'Prova 1' of 10/03 with its 9,5; the 'Prova 2' of 01/04 was not theirs (as for one who moved class).
    const line = lab.notas.disciplinas[0]!.alunos.find((aluno) => aluno.id === s.a[0].id);
    expect(line!.notas).toEqual([
      { texto: '9,5', na_turma: true },
      { texto: null, na_turma: false },
    ]);
    const oficina = dataOf<ClassDiary>(
      await get(`${url}?disciplina=${encodeURIComponent(OFICINA)}`, s.lh.cookie),
    );
    expect(oficina.notas.disciplinas).toEqual([]);
    // The printed grid: the student's Laboratório lessons of March (absent on 09/03), '–' on 01/04.
    const pdf = await get(`${url}/pdf?disciplina=${encodeURIComponent(LAB)}`, s.cn.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload).replace(/\s+/g, ' ')).toContain(s.a[0].nome);
  });

  it('an itinerário a student studied cannot be removed from the grade curricular (409)', async () => {
    const s = await setupItinerarioChange(t);
    const grid = medioCurriculum(s.teacherIds);
    const response = await send('PUT', `/api/turmas/${s.turma.id}/disciplinas`, s.admin.cookie, {
      ...grid,
      itinerarios: (grid.itinerarios ?? []).filter((item) => item.nome !== ITINERARIO_CN),
      disciplinas: grid.disciplinas.filter((item) => item.disciplina !== LAB),
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(
      `1 aluno cursou o itinerário ${ITINERARIO_CN} antes de mudar de escolha: as notas e a frequência de lá ficam no boletim e no histórico, e o itinerário não pode ser removido.`,
    );
  });
});
