/** The boletim: one student's (screen and PDF) and many at once. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import { dataOf, insertClass, insertStudent, insertTuition } from '../../test/records-fixtures.js';
import { classes } from '../../db/schema/classes.js';
import { pdfText } from '../../test/pdf-text.js';
import { buildReportCards } from './report-card.service.js';
import {
  closeYear,
  createAssessment,
  gradeFirstPeriod,
  setupSchool,
  setupGradesTestApp,
  type School,
} from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

/** Closes every period of 2026 for the whole school (as the secretaria does after the 4º bimestre). */
async function closeAllPeriods(s: School) {
  for (const period of s.p) {
    const closed = await send('POST', `/api/periodos/${period.id}/fechar`, s.admin.cookie, {});
    expect(closed.statusCode, closed.body).toBe(200);
  }
}

/** Why the conselho approves the third student in Matemática (an ata's reason, over the minimum length). */
const COUNCIL_REASON = 'Evolução consistente ao longo do ano, conforme ata do conselho';

/** Closes the year's periods, then the conselho approves the third student in Matemática: its answer. */
async function councilApprovesThirdInMath(s: School) {
  await closeAllPeriods(s);
  const decided = await send('POST', `/api/conselho/${s.a[2].id}`, s.admin.cookie, {
    disciplina: 'Matemática',
    resultado: 'aprovado',
    motivo: COUNCIL_REASON,
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return decided;
}

/** Matemática 8,0 for the first student in each of the four bimestres: every period has an average. */
async function gradeEveryPeriod(s: School) {
  const dates = ['2026-03-10', '2026-05-10', '2026-08-10', '2026-11-10'];
  for (const [index, period] of s.p.entries()) {
    const exam = await createAssessment(s, s.math.cookie, {
      periodo_id: period.id,
      data: dates[index],
      nome: `Prova ${String(index + 1)}`,
    });
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: exam.id, aluno_id: s.a[0].id, valor: 8 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
}

describe('boletim', () => {
  it('guardians see only published periods of their own children, even with overdue tuition', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    await insertTuition(t, s.a[0].id, '2026-02', '2026-02-10', { turmaId: s.classA.id });
    const hidden = dataOf<ReportCard>(
      await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.guardian.cookie),
    );
    expect(hidden.somente_publicados).toBe(true);
    expect(hidden.disciplinas.map((item) => item.periodos[0]!.media)).toEqual([null, null]);
    expect(hidden.disciplinas.map((item) => item.media_anual)).toEqual([null, null]);
    expect((await get(`/api/boletins/alunos/${s.a[1].id}`, s.guardian.cookie)).statusCode).toBe(404);

    // The school (admin, teacher) sees it any time.
    const school = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    expect(school.disciplinas.map((item) => [item.disciplina, item.periodos[0]!.media])).toEqual([
      ['Matemática', 8],
      ['Português', 9],
    ]);
    const teacher = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.math.cookie));
    expect(teacher.disciplinas.map((item) => item.disciplina)).toEqual(['Matemática']);

    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, {});
    await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, {});
    const shown = dataOf<ReportCard>(
      await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.guardian.cookie),
    );
    expect(
      shown.disciplinas.map((item) => [item.disciplina, item.periodos[0]!.media_texto, item.media_anual]),
    ).toEqual([
      ['Matemática', '8,0', 8],
      ['Português', '9,0', 9],
    ]);
    expect(shown.disciplinas[0]!.situacao).toBe('cursando');
    expect(shown.periodos.map((period) => period.publicado)).toEqual([true, false, false, false]);

    const pdf = await get(`/api/boletins/alunos/${s.a[0].id}.pdf?ano=2026`, s.guardian.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Figures read as on the screen: the passing average with its decimal, percentages with one.
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Média para aprovação: 6,0');
    expect(text).toMatch(/Frequência geral: (—|\d+,\d %)/);
    expect((await get(`/api/boletins/alunos/${s.a[1].id}.pdf`, s.guardian.cookie)).statusCode).toBe(404);
  });

  it('a daily-roll class (Fundamental I) counts absences per day: no subject shows a 0 of its own, on screen and in the PDF', async () => {
    const s = await setupSchool();
    await t.database.db
      .update(classes)
      .set({ nome: '2º Ano A', serie: '2º ano' })
      .where(eq(classes.id, s.classA.id));
    const grid = await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'diaria',
      disciplinas: [
        { disciplina: 'Matemática', professor_id: s.mathTeacher.id, aulas_semanais: 5 },
        { disciplina: 'Português', professor_id: null, aulas_semanais: 5 },
      ],
    });
    expect(grid.statusCode, grid.body).toBe(200);
    for (const [data, faltas] of [
      ['2026-03-16', [s.a[0].id]],
      ['2026-03-17', []],
    ] as const) {
      const roll = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
        data,
        faltas: faltas.map((aluno_id) => ({ aluno_id })),
      });
      expect(roll.statusCode, roll.body).toBe(200);
    }
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie));
    expect(card.frequencia).toEqual({ aulas_dadas: 2, faltas: 1, frequencia: 50, por_dia: true, minima: 75 });
    expect(card.disciplinas.map((item) => [item.disciplina, item.faltas, item.frequencia])).toEqual([
      ['Matemática', null, null],
      ['Português', null, null],
    ]);
    expect(card.disciplinas[0]!.periodos.every((period) => period.faltas === null)).toBe(true);
    const text = pdfText(
      (await get(`/api/boletins/alunos/${s.a[0].id}.pdf?ano=2026`, s.admin.cookie)).rawPayload,
    );
    expect(text).toContain('Frequência geral: 50,0 % (1 falta em 2 dias letivos)');
    expect(text).toContain('Chamada diária: as faltas são contadas por dia letivo, não por disciplina');
  });

  it('after the year is closed, a guardian sees no final result computed from only the periods published', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    // Matemática: 8,0 in the 1st bimestre, 2,0 in the 2nd → annual 5,0, reprovado por nota.
    const second = await createAssessment(s, s.math.cookie, { periodo_id: s.p[1]!.id, data: '2026-05-10' });
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: second.id, aluno_id: s.a[0].id, valor: 2 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await closeYear(s.year.id, s.admin.cookie);
    const official = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    expect(official.disciplinas[0]).toMatchObject({ media_anual: 5, situacao: 'reprovado_nota' });

    // Only the 1st bimestre published: its 8,0 is no 'Aprovado' for the family.
    await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, {});
    const partial = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.guardian.cookie));
    expect(partial.disciplinas[0]).toMatchObject({ disciplina: 'Matemática', media_anual: 8 });
    expect(partial.disciplinas.map((item) => item.situacao)).toEqual(['cursando', 'cursando']);
    expect(partial.situacao).toBe('cursando');

    // Every period published: the family reads the school's final result.
    for (const period of s.p.slice(1))
      await send('POST', `/api/periodos/${period.id}/publicar`, s.admin.cookie, {});
    const complete = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.guardian.cookie));
    expect(complete.disciplinas[0]).toMatchObject({ media_anual: 5, situacao: 'reprovado_nota' });
    expect(complete.situacao).toBe(official.situacao);
  });

  it("the PDF calls the average 'Média parcial' while the year's periods are open, 'Média anual' once the year is closed", async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    const pdfOf = async () =>
      pdfText((await get(`/api/boletins/alunos/${s.a[0].id}.pdf?ano=2026`, s.admin.cookie)).rawPayload);
    // Only the 1st bimestre graded, the others open: 8,0 is the average so far, not the year's.
    const open = await pdfOf();
    expect(open).toContain('Média parcial');
    expect(open).not.toContain('Média anual');
    await closeYear(s.year.id, s.admin.cookie);
    const closed = await pdfOf();
    expect(closed).toContain('Média anual');
    expect(closed).not.toContain('Média parcial');
  });

  it('shows the recuperação, the situation, and the conselho de classe decision as such', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    const second = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[1].id}`, s.admin.cookie));
    expect(second.disciplinas[0]!.periodos[0]).toMatchObject({
      media: 7,
      recuperacao: 7,
      recuperacao_texto: '7,0',
      antes_recuperacao_texto: '4,0',
    });
    // A period with no recuperação says nothing of one.
    const first = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    expect(first.disciplinas[0]!.periodos[0]).toMatchObject({
      media: 8,
      recuperacao: null,
      antes_recuperacao_texto: null,
    });
    const third = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}`, s.admin.cookie));
    expect(third.disciplinas[0]).toMatchObject({
      disciplina: 'Matemática',
      media_anual: 3,
      situacao: 'em_recuperacao',
    });
    expect(third.situacao).toBe('em_recuperacao');
    expect(
      (
        await send('POST', `/api/conselho/${s.a[2].id}`, s.math.cookie, {
          resultado: 'aprovado',
          motivo: 'x'.repeat(12),
        })
      ).statusCode,
    ).toBe(403);
    const short = await send('POST', `/api/conselho/${s.a[2].id}`, s.admin.cookie, {
      disciplina: 'Matemática',
      resultado: 'aprovado',
      motivo: 'curto',
    });
    expect(short.statusCode).toBe(400);
    // The conselho decides after the year's last period is closed.
    const decided = await councilApprovesThirdInMath(s);
    const card = dataOf<ReportCard>(decided);
    expect(card.disciplinas[0]).toMatchObject({
      situacao: 'aprovado',
      situacao_calculada: 'em_recuperacao',
      conselho: {
        resultado: 'aprovado',
        motivo: COUNCIL_REASON,
      },
    });
  });

  it('a subject is never final (Aprovado) while a period of the year is open, even with a grade in each one', async () => {
    const s = await setupSchool();
    await gradeEveryPeriod(s);
    const subjectOf = async () =>
      dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie))
        .disciplinas[0]!;
    // One grade in each bimestre, the 4º still open (and grades still to come): Cursando, not Aprovado.
    expect(await subjectOf()).toMatchObject({
      disciplina: 'Matemática',
      media_anual: 8,
      situacao: 'cursando',
    });
    for (const period of s.p.slice(0, 3))
      await send('POST', `/api/periodos/${period.id}/fechar`, s.admin.cookie, {});
    const three = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    expect(three.periodos.map((period) => period.fechado)).toEqual([true, true, true, false]);
    expect(three.disciplinas[0]!.situacao).toBe('cursando');
    // The 4º bimestre closed: every period graded and closed, the result is final.
    await send('POST', `/api/periodos/${s.p[3]!.id}/fechar`, s.admin.cookie, {});
    expect((await subjectOf()).situacao).toBe('aprovado');
    // Reopened for a correction: not final again until it closes.
    await send('POST', `/api/periodos/${s.p[3]!.id}/reabrir`, s.admin.cookie, {});
    expect((await subjectOf()).situacao).toBe('cursando');
  });

  it('the conselho de classe decides after every period is closed, and fails by absence only below the minimum', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    // Two lessons of Matemática: the first student at both (100 %), the third at none (0 %).
    for (const data of ['2026-03-16', '2026-03-18']) {
      const roll = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
        data,
        disciplina: 'Matemática',
        aula: 1,
        faltas: [{ aluno_id: s.a[2].id }],
      });
      expect(roll.statusCode, roll.body).toBe(200);
    }
    const decide = (aluno: string, body: Record<string, unknown>) =>
      send('POST', `/api/conselho/${aluno}`, s.admin.cookie, {
        motivo: 'Decisão registrada em ata do conselho de classe final',
        ...body,
      });
    // The 1º bimestre closed, the 2º, 3º and 4º open: nothing is final yet — 409 naming them.
    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, {});
    const early = await decide(s.a[0].id, { disciplina: 'Matemática', resultado: 'aprovado' });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(
      'O conselho de classe registra o resultado final depois que todos os períodos de 2026 estão fechados: ' +
        '2º bimestre, 3º bimestre e 4º bimestre ainda estão abertos para ' +
        `${s.classA.nome}. Feche o período em Notas (ou espere a data de fechamento) e registre a decisão depois.`,
    );
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    expect(card.conselho).toBeNull();
    expect(card.disciplinas[0]!.conselho).toBeNull();

    await closeAllPeriods(s);
    // 100 % against the minimum of 75 %: no failing by absence to decide (400 on the field).
    const present = await decide(s.a[0].id, { resultado: 'reprovado_falta' });
    expect(present.statusCode).toBe(400);
    expect(present.json<{ details: unknown[] }>().details).toEqual([
      {
        path: 'resultado',
        message: expect.stringMatching(
          /^A frequência de .+ é 100,0 %, e o mínimo da etapa é 75 %: não há reprovação por falta\.$/,
        ) as unknown,
      },
    ]);
    expect(
      dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie)).conselho,
    ).toBeNull();
    // Below it, the year's 'Aprovado' is not the council's to give (LDB art. 24, VI); a subject's is.
    const overruled = await decide(s.a[2].id, { resultado: 'aprovado' });
    expect(overruled.statusCode).toBe(400);
    expect(overruled.json<{ message: string }>().message).toMatch(
      /^A frequência de .+ é 0,0 %, abaixo do mínimo de 75 % da etapa: a LDB \(art\. 24, VI\) exige/,
    );
    expect(
      dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}`, s.admin.cookie)).conselho,
    ).toBeNull();
    const subject = await decide(s.a[2].id, { disciplina: 'Matemática', resultado: 'aprovado' });
    expect(subject.statusCode, subject.body).toBe(200);
    expect(dataOf<ReportCard>(subject).situacao).not.toBe('aprovado');
    // Below it, the conselho may fail by absence; and any result once every period is closed.
    const absent = await decide(s.a[2].id, { resultado: 'reprovado_falta' });
    expect(absent.statusCode, absent.body).toBe(200);
    expect(dataOf<ReportCard>(absent)).toMatchObject({
      frequencia: { frequencia: 0, minima: 75 },
      situacao: 'reprovado_falta',
      conselho: { resultado: 'reprovado_falta' },
    });
    const approved = await decide(s.a[0].id, { disciplina: 'Matemática', resultado: 'aprovado' });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it("a teacher sees only their subjects but the student's real final situation", async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    // The third student: Matemática 3,0 (em recuperação), Português 6,0.
    const school = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}`, s.admin.cookie));
    expect(school.situacao).toBe('em_recuperacao');
    const teacher = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}`, s.portuguese.cookie));
    expect(teacher.disciplinas.map((item) => [item.disciplina, item.situacao])).toEqual([
      ['Português', 'cursando'],
    ]);
    expect(teacher.situacao).toBe(school.situacao);
  });

  it('the class PDF has one page per student', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    expect((await get(`/api/boletins/turmas/${s.classA.id}.pdf`, s.math.cookie)).statusCode).toBe(403);
    const pdf = await get(`/api/boletins/turmas/${s.classA.id}.pdf`, s.admin.cookie);
    expect(pdf.statusCode).toBe(200);
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(3);
  });
});

describe('boletins of many students at once', () => {
  it('are, one by one, each student’s own boletim: absences, a transfer, a decision, each viewer’s subjects', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    for (const [data, faltas] of [
      ['2026-03-16', [s.a[0].id, s.a[2].id]],
      ['2026-03-18', [s.a[2].id]],
    ] as const) {
      const roll = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
        data,
        disciplina: 'Matemática',
        aula: 1,
        faltas: faltas.map((aluno_id) => ({ aluno_id })),
      });
      expect(roll.statusCode, roll.body).toBe(200);
    }
    // The second student moves to another class on 19/03, with its own grid; the third gets a decision.
    const other = await insertClass(t, null);
    await send('PUT', `/api/turmas/${other.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'diaria',
      disciplinas: [{ disciplina: 'Ciências', professor_id: null, aulas_semanais: 2, dias_semana: [2] }],
    });
    const moved = await send('POST', `/api/turmas/${other.id}/alunos`, s.admin.cookie, {
      aluno_id: s.a[1].id,
      data_enturmacao: '2026-03-19',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    await send('PUT', `/api/frequencia/turmas/${other.id}`, s.admin.cookie, {
      data: '2026-03-19',
      faltas: [{ aluno_id: s.a[1].id }],
    });
    await councilApprovesThirdInMath(s);
    const loner = await insertStudent(t, null);

    const ids = [s.a[2].id, loner.id, s.a[0].id, s.a[1].id];
    for (const who of [s.admin, s.math]) {
      const one = [];
      for (const id of ids) {
        const response = await get(`/api/boletins/alunos/${id}?ano=2026`, who.cookie);
        if (response.statusCode === 200) one.push(dataOf<ReportCard>(response));
      }
      const many = await buildReportCards(t.database.db, who.user, ids, { ano: 2026 });
      expect(many).toEqual(one);
      expect(many.length).toBe(who === s.admin ? 4 : 2);
    }
    const cards = await buildReportCards(t.database.db, s.admin.user, ids, { ano: 2026 });
    expect(cards.map((card) => card.turma?.id ?? null)).toEqual([s.classA.id, null, s.classA.id, other.id]);
    expect(cards[0]!.frequencia).toMatchObject({ faltas: 2 });
    expect(cards[0]!.disciplinas[0]).toMatchObject({
      disciplina: 'Matemática',
      faltas: 2,
      situacao: 'aprovado',
    });
    expect(cards[3]!.frequencia.faltas).toBe(1);
    expect(cards[3]!.disciplinas.map((item) => item.disciplina)).toContain('Ciências');
  });
});
