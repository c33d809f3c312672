/**
 * Ensino Médio in Notas, Frequência and the boletim (ADR 0027): a subject of an itinerário is only for the
 * students who chose it, and a student's boletim lists the formação geral básica by área, then their itinerário.
 */
import { describe, expect, it } from 'vitest';
import type { Assessment } from '../../../shared/assessments.schemas.js';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { Roll } from '../../../shared/attendance.schemas.js';
import { dataOf, detailsOf } from '../../test/records-fixtures.js';
import { ITINERARIO_CN, LAB, OFICINA, setupMedioSchool } from '../../test/medio-fixtures.js';
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
