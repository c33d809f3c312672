/** Closing, publishing and reopening periods, and the administrator's retificação. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GradeHistory, GradesGrid, PeriodStatus, SavedGrades } from '../../../shared/grades.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import { clock } from '../../lib/clock.js';
import { signedIn } from '../../test/test-app.js';
import { dataOf, detailsOf, insertClass, insertTeacher, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { createAssessment, gridUrl, setupSchool, setupGradesTestApp } from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

describe('closing, publishing and retificação', () => {
  it('after an explicit close teachers get 409 on grades and rolls; reopening lets them write again', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    expect(
      (await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.math.cookie, { turma_id: s.classA.id }))
        .statusCode,
    ).toBe(403);
    const closed = await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, {
      turma_id: s.classA.id,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(dataOf<PeriodStatus>(closed).turmas.find((row) => row.turma_id === s.classA.id)).toMatchObject({
      fechado: true,
      origem: 'manual',
    });
    const write = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
    });
    expect(write.statusCode).toBe(409);
    expect(messageOf(write)).toBe(
      'O 1º bimestre foi fechado. Alterações de notas agora só por retificação, que a coordenação ou a direção aprova.',
    );
    expect(dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie)).bloqueio).toMatch(/fechado/);
    const roll = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      data: '2026-03-16',
      disciplina: 'Matemática',
      aula: 1,
      faltas: [],
    });
    expect(roll.statusCode).toBe(409);
    expect(messageOf(roll)).toBe(
      'O 1º bimestre foi encerrado. Só a coordenação ou a direção pode alterar esta frequência.',
    );
    // The admin also goes through the retificação once closed.
    expect(
      (
        await send('PUT', '/api/notas', s.admin.cookie, {
          notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await send('POST', `/api/periodos/${s.p[0]!.id}/reabrir`, s.admin.cookie, { turma_id: s.classA.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await send('PUT', '/api/notas', s.math.cookie, {
          notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lists the state of the period in a teacher’s own classes only; the administrator sees every class', async () => {
    const s = await setupSchool();
    const other = await signedIn(t, 'professor');
    const classB = await insertClass(t, (await insertTeacher(t, other.user.id)).id);
    const stranger = await signedIn(t, 'professor');
    await insertTeacher(t, stranger.user.id);
    const url = `/api/periodos/${s.p[0]!.id}/situacao`;
    const classesOf = async (cookie: string) => {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(200);
      return dataOf<PeriodStatus>(response)
        .turmas.map((row) => row.turma_id)
        .sort();
    };
    // Matemática in class A (the grid), class B as its responsible teacher.
    expect(await classesOf(s.math.cookie)).toEqual([s.classA.id]);
    expect(await classesOf(other.cookie)).toEqual([classB.id]);
    expect(await classesOf(stranger.cookie)).toEqual([]);
    expect(await classesOf(s.admin.cookie)).toEqual([s.classA.id, classB.id].sort());
    expect((await get(url, s.guardian.cookie)).statusCode).toBe(403);
  });

  it('the closing date closes the period too, unless an administrator reopened it for the class', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    clock.pin('2026-04-27');
    const cell = { avaliacao_id: column.id, aluno_id: s.a[1].id, valor: 5 };
    const late = await send('PUT', '/api/notas', s.math.cookie, { notas: [cell] });
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(
      'O 1º bimestre foi fechado em 24/04/2026. Alterações de notas agora só por retificação, que a coordenação ou a direção aprova.',
    );
    // The explicit state wins over the date.
    await send('POST', `/api/periodos/${s.p[0]!.id}/reabrir`, s.admin.cookie, { turma_id: s.classA.id });
    expect((await send('PUT', '/api/notas', s.math.cookie, { notas: [cell] })).statusCode).toBe(200);
  });

  it('publishing needs the period closed; closing the whole school reaches every class', async () => {
    const s = await setupSchool();
    const early = await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, {});
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe(
      'Feche o 1º bimestre antes de publicá-lo: com ele aberto, as notas ainda podem mudar.',
    );
    expect((await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, {})).statusCode).toBe(
      200,
    );
    const published = dataOf<PeriodStatus>(
      await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, {}),
    );
    expect(published.turmas).toEqual([
      expect.objectContaining({ turma_id: s.classA.id, fechado: true, publicado: true }),
    ]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, s.p[0]!.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['fechar_periodo', 'publicar_periodo']);
  });

  it('reopening a published period keeps it published, and each change made meanwhile is recorded as after publication', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    const first = dataOf<SavedGrades>(
      await send('PUT', '/api/notas', s.math.cookie, {
        notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
      }),
    ).notas[0]!;
    const target = { turma_id: s.classA.id };
    clock.pin('2026-04-28');
    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, target);
    await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, target);
    const reopened = await send('POST', `/api/periodos/${s.p[0]!.id}/reabrir`, s.admin.cookie, target);
    expect(dataOf<PeriodStatus>(reopened).turmas[0]).toMatchObject({ fechado: false, publicado: true });
    const [reopenAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'reabrir_periodo'));
    expect(reopenAudit?.details).toMatchObject({ publicado_em_turmas: 1 });
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.periodo).toMatchObject({ fechado: false, publicado: true });
    expect(grid.bloqueio).toBeNull();

    const saved = dataOf<SavedGrades>(
      await send('PUT', '/api/notas', s.math.cookie, {
        notas: [
          { avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 6, version: first.version },
          { avaliacao_id: column.id, aluno_id: s.a[1].id, valor: 8 },
        ],
      }),
    );
    const changed = dataOf<GradeHistory>(await get(`/api/notas/${first.id!}/historico`, s.admin.cookie));
    expect(changed.historico.map((entry) => [entry.tipo, entry.antes, entry.depois])).toEqual([
      ['lancamento', null, '5,0'],
      ['apos_publicacao', '5,0', '6,0'],
    ]);
    const added = saved.notas.find((nota) => nota.aluno_id === s.a[1].id)!;
    const addedHistory = dataOf<GradeHistory>(await get(`/api/notas/${added.id!}/historico`, s.admin.cookie));
    expect(addedHistory.historico.map((entry) => [entry.tipo, entry.antes, entry.depois])).toEqual([
      ['apos_publicacao', null, '8,0'],
    ]);
    const [gradesAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'alterar_notas'));
    expect(gradesAudit?.details).toMatchObject({ alteradas: 1, apos_publicacao: 2 });
    // The families see the boletim throughout, with the grade as it is now.
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.guardian.cookie));
    expect(card.disciplinas.find((item) => item.disciplina === 'Matemática')!.periodos[0]!.media).toBe(6);
  });

  it('a retificação needs a reason, is for the administrator, and leaves history and audit', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    const saved = dataOf<SavedGrades>(
      await send('PUT', '/api/notas', s.math.cookie, {
        notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
      }),
    );
    const id = saved.notas[0]!.id!;
    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, { turma_id: s.classA.id });
    expect(
      (await send('POST', `/api/notas/${id}/retificar`, s.math.cookie, { valor: 6, motivo: 'Erro de soma' }))
        .statusCode,
    ).toBe(403);
    const noReason = await send('POST', `/api/notas/${id}/retificar`, s.admin.cookie, {
      valor: 6,
      motivo: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(detailsOf(noReason)[0]?.path).toBe('motivo');
    const fixed = await send('POST', `/api/notas/${id}/retificar`, s.admin.cookie, {
      valor: '6,5',
      motivo: 'Erro de soma na prova',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const history = dataOf<GradeHistory>(await get(`/api/notas/${id}/historico`, s.math.cookie));
    expect(history.atual).toBe('6,5');
    expect(
      history.historico.map((entry) => [entry.tipo, entry.antes, entry.depois, entry.motivo, entry.por]),
    ).toEqual([
      ['lancamento', null, '5,0', null, s.math.user.nome],
      ['retificacao', '5,0', '6,5', 'Erro de soma na prova', s.admin.user.nome],
    ]);
    expect((await get(`/api/notas/${id}/historico`, s.portuguese.cookie)).statusCode).toBe(404);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'retificar_nota'));
    expect(audit?.details).toMatchObject({ antes: '5.0', depois: '6.5', motivo: 'Erro de soma na prova' });
  });
});
