import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FinalRecoveryList } from '../../../shared/final-recovery.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { YearEndStatus } from '../../../shared/year-end.schemas.js';
import { clock } from '../../lib/clock.js';
import { auditLog } from '../../db/schema/audit.js';
import { dataOf, detailsOf, messageOf } from '../../test/records-fixtures.js';
import {
  createAssessment,
  settingsBody,
  setupGradesTestApp,
  setupSchool,
  type School,
} from './grades.test-setup.js';
import type { AcademicSettings } from '../../../shared/academic-settings.schemas.js';

const { t, send, get } = setupGradesTestApp();

/**
 * Matemática graded in the four bimestres: a1 8,0, a2 7,0, a3 4,0 in each (annual 8,0 / 7,0 / 4,0);
 * Português 6,0 for all. Today is 15/12/2026: the year's last day has passed, the 4º bimestre closes on
 * the 18th unless the secretaria closes it.
 */
async function gradedYear() {
  const s = await setupSchool();
  for (const [index, period] of s.p.entries()) {
    const exam = await createAssessment(s, s.math.cookie, {
      periodo_id: period.id,
      nome: `Prova ${String(index + 1)}`,
      data: period.inicio,
    });
    const essay = await createAssessment(s, s.portuguese.cookie, {
      disciplina: 'Português',
      periodo_id: period.id,
      nome: `Redação ${String(index + 1)}`,
      data: period.inicio,
    });
    const saved = await send('PUT', '/api/notas', s.admin.cookie, {
      notas: [
        { avaliacao_id: exam.id, aluno_id: s.a[0].id, valor: 8 },
        { avaliacao_id: exam.id, aluno_id: s.a[1].id, valor: 7 },
        { avaliacao_id: exam.id, aluno_id: s.a[2].id, valor: 4 },
        ...s.a.map((aluno) => ({ avaliacao_id: essay.id, aluno_id: aluno.id, valor: 6 })),
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  clock.pin('2026-12-15');
  return s;
}

const listUrl = (s: School, disciplina = 'Matemática') =>
  `/api/recuperacao-final/turmas/${s.classA.id}?disciplina=${encodeURIComponent(disciplina)}`;

async function closeLastPeriod(s: School) {
  const closed = await send('POST', `/api/periodos/${s.p[3]!.id}/fechar`, s.admin.cookie, {
    turma_id: s.classA.id,
  });
  expect(closed.statusCode, closed.body).toBe(200);
}

const record = (s: School, cookie: string, notas: Record<string, unknown>[]) =>
  send('PUT', '/api/recuperacao-final', cookie, {
    turma_id: s.classA.id,
    disciplina: 'Matemática',
    notas,
  });

const mathOf = async (s: School, alunoId: string) =>
  dataOf<ReportCard>(await get(`/api/boletins/alunos/${alunoId}?ano=2026`, s.admin.cookie)).disciplinas.find(
    (subject) => subject.disciplina === 'Matemática',
  )!;

describe('recuperação final', () => {
  it('lists only the students below the average, after the last period closes, for the teacher of the subject', async () => {
    const s = await gradedYear();
    // The 4º bimestre still open: the list is there, but nothing is recorded yet.
    const early = dataOf<FinalRecoveryList>(await get(listUrl(s), s.math.cookie));
    expect(early.alunos.map((student) => [student.nome, student.media_anual_texto])).toEqual([
      [s.a[2].nome, '4,0'],
    ]);
    expect(early.bloqueio).toMatch(/depois que todos os períodos de 2026 estão fechados.*4º bimestre/);
    const tooSoon = await record(s, s.math.cookie, [{ aluno_id: s.a[2].id, valor: 7 }]);
    expect(tooSoon.statusCode).toBe(409);
    expect(messageOf(tooSoon)).toBe(early.bloqueio);

    await closeLastPeriod(s);
    // Another subject's teacher: as with the grades, the subject is not theirs (404 on read and write).
    expect((await get(listUrl(s), s.portuguese.cookie)).statusCode).toBe(404);
    expect((await record(s, s.portuguese.cookie, [{ aluno_id: s.a[2].id, valor: 7 }])).statusCode).toBe(404);
    // Nobody below the average in Português: an empty list.
    expect(dataOf<FinalRecoveryList>(await get(listUrl(s, 'Português'), s.portuguese.cookie)).alunos).toEqual(
      [],
    );

    // A student who passed is refused, with the reason on the field.
    const passed = await record(s, s.math.cookie, [{ aluno_id: s.a[0].id, valor: 9 }]);
    expect(passed.statusCode).toBe(400);
    expect(messageOf(passed)).toBe(
      `${s.a[0].nome} tem média anual 8,0 em Matemática, na média de aprovação (6,0) ou acima: não faz recuperação final.`,
    );
    expect(detailsOf(passed)).toEqual([{ path: 'notas.0.aluno_id', message: messageOf(passed) }]);
    const outOfScale = await record(s, s.math.cookie, [{ aluno_id: s.a[2].id, valor: 11 }]);
    expect(outOfScale.statusCode).toBe(400);
    expect(detailsOf(outOfScale)[0]!.path).toBe('notas.0.valor');

    expect(await mathOf(s, s.a[2].id)).toMatchObject({ situacao: 'em_recuperacao', recuperacao_final: null });
    const saved = await record(s, s.math.cookie, [{ aluno_id: s.a[2].id, valor: '7,0', version: 0 }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<FinalRecoveryList>(saved).alunos).toEqual([
      expect.objectContaining({
        aluno_id: s.a[2].id,
        recuperacao_final_texto: '7,0',
        media_final_texto: '7,0',
        situacao: 'aprovado',
        version: 1,
      }),
    ]);
    // The boletim: the grade, the final average and the situation it decides.
    expect(await mathOf(s, s.a[2].id)).toMatchObject({
      media_anual_texto: '4,0',
      recuperacao_final_texto: '7,0',
      media_final_texto: '7,0',
      situacao: 'aprovado',
    });
    // The mapa de notas (ata): the final average in the subject's cell, and where it came from.
    const ata = await get(`/api/relatorios/mapa-notas?turma_id=${s.classA.id}`, s.admin.cookie);
    expect(ata.statusCode, ata.body).toBe(200);
    const map = dataOf<{
      cabecalho: { rotulo: string; valor: string }[];
      colunas: { chave: string; rotulo: string }[];
      linhas: Record<string, unknown>[];
    }>(ata);
    const mathKey = map.colunas.find((item) => item.rotulo === 'Matemática')!.chave;
    expect(map.linhas.find((line) => line.nome === s.a[2].nome)?.[mathKey]).toBe(7);
    expect(map.cabecalho).toContainEqual({
      rotulo: 'Recuperação final',
      valor: `${s.a[2].nome} — Matemática: média anual 4,0, recuperação final 7,0, média final 7,0`,
    });
    // Saved again from the version read before: someone else's change is never overwritten.
    const stale = await record(s, s.math.cookie, [{ aluno_id: s.a[2].id, valor: 5, version: 0 }]);
    expect(stale.statusCode).toBe(409);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lancar_recuperacao_final'));
    expect(audit?.details).toMatchObject({
      disciplina: 'Matemática',
      notas: [{ antes: null, depois: '7,0' }],
    });
  });

  it("follows the school's rule: the mean of the annual average and the exam, against the average needed after it", async () => {
    const s = await gradedYear();
    await closeLastPeriod(s);
    clock.pin('2026-12-15');
    const settings = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    expect(settings).toMatchObject({
      recuperacao_final: 'substitui_se_maior',
      media_recuperacao_final: null,
    });
    const put = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...settingsBody(settings),
      recuperacao_final: 'media',
      media_recuperacao_final: '5,0',
    });
    expect(put.statusCode, put.body).toBe(200);
    // (4,0 + 6,0) / 2 = 5,0: reaches 5,0.
    await record(s, s.math.cookie, [{ aluno_id: s.a[2].id, valor: 6 }]);
    expect(await mathOf(s, s.a[2].id)).toMatchObject({ media_final_texto: '5,0', situacao: 'aprovado' });
    // (4,0 + 5,0) / 2 = 4,5: below; the periods are closed, so it is final.
    await record(s, s.math.cookie, [{ aluno_id: s.a[2].id, valor: 5, version: 1 }]);
    expect(await mathOf(s, s.a[2].id)).toMatchObject({
      media_final_texto: '4,5',
      situacao: 'reprovado_nota',
    });
    // The needed average never above the passing one.
    const above = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...settingsBody(dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie))),
      media_recuperacao_final: 7,
    });
    expect(above.statusCode).toBe(400);
    expect(detailsOf(above)[0]!.path).toBe('media_recuperacao_final');
  });

  it('closing the year lists what is pending and needs a confirmation to close with it (audited)', async () => {
    const s = await gradedYear();
    await closeLastPeriod(s);
    clock.pin('2026-12-20');
    const statusUrl = `/api/anos-letivos/${s.year.id}/encerramento`;
    const status = dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie));
    expect(status.pendencias_recuperacao_final).toEqual({
      total: 1,
      itens: [{ turma_id: s.classA.id, turma_nome: s.classA.nome, disciplina: 'Matemática', alunos: 1 }],
    });
    const refused = await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(
      `Em 2026, falta 1 nota de recuperação final (aluno abaixo da média): ${s.classA.nome} — Matemática (1). Encerrado assim, cada um fica reprovado por nota na disciplina. Lance a recuperação final em Notas, ou confirme que quer encerrar o ano com essas pendências.`,
    );
    const inBackground = await send(
      'POST',
      `/api/anos-letivos/${s.year.id}/encerrar?segundo_plano=true`,
      s.admin.cookie,
    );
    expect(inBackground.statusCode).toBe(409);

    const closed = await send(
      'POST',
      `/api/anos-letivos/${s.year.id}/encerrar?confirmar_pendencias=true`,
      s.admin.cookie,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'encerrar_ano_letivo'));
    expect(audit?.details).toMatchObject({
      encerrado_com_pendencias: true,
      pendencias_recuperacao_final: { total: 1 },
    });
    expect(await mathOf(s, s.a[2].id)).toMatchObject({ situacao: 'reprovado_nota' });
    // Closed: the recuperação final no longer changes.
    expect((await record(s, s.admin.cookie, [{ aluno_id: s.a[2].id, valor: 7 }])).statusCode).toBe(409);
  });

  it('closes without a confirmation once every student below the average has the recuperação final', async () => {
    const s = await gradedYear();
    await closeLastPeriod(s);
    expect((await record(s, s.math.cookie, [{ aluno_id: s.a[2].id, valor: 5 }])).statusCode).toBe(200);
    clock.pin('2026-12-20');
    const status = dataOf<YearEndStatus>(
      await get(`/api/anos-letivos/${s.year.id}/encerramento`, s.admin.cookie),
    );
    expect(status.pendencias_recuperacao_final).toEqual({ total: 0, itens: [] });
    const closed = await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie);
    expect(closed.statusCode, closed.body).toBe(200);
    // 5,0 replaces 4,0 but stays below 6,0: failed by grade, with the exam on the boletim.
    expect(await mathOf(s, s.a[2].id)).toMatchObject({
      recuperacao_final_texto: '5,0',
      media_final_texto: '5,0',
      situacao: 'reprovado_nota',
    });
  });

  it('stops counting once a retificação brings the annual average to the passing one: no lower "média final" beside an Aprovado', async () => {
    const s = await gradedYear();
    await closeLastPeriod(s);
    const settings = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    const put = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
      ...settingsBody(settings),
      recuperacao_final: 'media',
    });
    expect(put.statusCode, put.body).toBe(200);
    // 4,0 in the year, 5,0 in the exam: (4,0 + 5,0) / 2 = 4,5.
    expect((await record(s, s.math.cookie, [{ aluno_id: s.a[2].id, valor: 5 }])).statusCode).toBe(200);
    expect(await mathOf(s, s.a[2].id)).toMatchObject({
      media_final_texto: '4,5',
      situacao: 'reprovado_nota',
    });
    // The secretaria rectifies the 1º and 2º bimestres' exams (a correction of the sum): 10,0 each.
    const exams = dataOf<{ id: string; periodo_id: string }[]>(
      await get(`/api/avaliacoes?turma_id=${s.classA.id}&disciplina=Matem%C3%A1tica`, s.admin.cookie),
    );
    for (const period of [s.p[0]!, s.p[1]!]) {
      const exam = exams.find((item) => item.periodo_id === period.id)!;
      const fixed = await send('POST', '/api/notas/retificar', s.admin.cookie, {
        avaliacao_id: exam.id,
        aluno_id: s.a[2].id,
        valor: 10,
        motivo: 'Erro de soma na correção da prova',
        version: 1,
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
    }
    // (10 + 10 + 4 + 4) / 4 = 7,0: passed on the year's grades; the exam no longer has a say.
    const math = await mathOf(s, s.a[2].id);
    expect(math).toMatchObject({ media_anual_texto: '7,0', situacao: 'aprovado' });
    expect(math).toMatchObject({ recuperacao_final_texto: null, media_final_texto: null });
    // The mapa de notas (the ata) shows the annual average in the cell, as the boletim.
    const ata = await get(`/api/relatorios/mapa-notas?turma_id=${s.classA.id}`, s.admin.cookie);
    const map = dataOf<{ colunas: { chave: string; rotulo: string }[]; linhas: Record<string, unknown>[] }>(
      ata,
    );
    const mathKey = map.colunas.find((item) => item.rotulo === 'Matemática')!.chave;
    expect(map.linhas.find((line) => line.nome === s.a[2].nome)?.[mathKey]).toBe(7);
  });
});
