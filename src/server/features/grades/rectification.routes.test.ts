/** Retificação of an empty cell, and a teacher's retificação request approved or refused. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GradeHistory, GradesGrid, SavedGrades } from '../../../shared/grades.schemas.js';
import type { RectificationRequest } from '../../../shared/rectification-requests.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { NotificacaoPage } from '../../../shared/notificacoes.schemas.js';
import { dataOf, detailsOf, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { grades } from '../../db/schema/grades.js';
import {
  createAssessment,
  gridUrl,
  type School,
  setupSchool,
  setupGradesTestApp,
} from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

describe('retificação of a cell that never had a grade', () => {
  it('a make-up test after closing: the administrator retifies the empty cell by avaliação and aluno, with reason and history', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, { turma_id: s.classA.id });
    const empty = dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie)).alunos.find(
      (aluno) => aluno.id === s.a[1].id,
    )!.notas[0]!;
    expect(empty).toMatchObject({ id: null, version: 0, texto: null });
    const body = {
      avaliacao_id: column.id,
      aluno_id: s.a[1].id,
      valor: '7,5',
      motivo: 'Prova de segunda chamada aplicada em 30/04',
      version: 0,
    };
    expect((await send('POST', '/api/notas/retificar', s.math.cookie, body)).statusCode).toBe(403);
    const noReason = await send('POST', '/api/notas/retificar', s.admin.cookie, { ...body, motivo: '' });
    expect(noReason.statusCode).toBe(400);
    expect(detailsOf(noReason)[0]?.path).toBe('motivo');
    const outsider = await insertStudent(t, null);
    const notInClass = await send('POST', '/api/notas/retificar', s.admin.cookie, {
      ...body,
      aluno_id: outsider.id,
    });
    expect(notInClass.statusCode).toBe(404);
    expect(
      (
        await send('POST', '/api/notas/retificar', s.admin.cookie, {
          ...body,
          avaliacao_id: crypto.randomUUID(),
        })
      ).statusCode,
    ).toBe(404);

    const fixed = await send('POST', '/api/notas/retificar', s.admin.cookie, body);
    expect(fixed.statusCode, fixed.body).toBe(200);
    const history = dataOf<GradeHistory>(fixed);
    expect(history.atual).toBe('7,5');
    expect(history.historico.map((entry) => [entry.tipo, entry.antes, entry.depois, entry.motivo])).toEqual([
      ['retificacao', null, '7,5', 'Prova de segunda chamada aplicada em 30/04'],
    ]);
    const cell = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie)).alunos.find(
      (aluno) => aluno.id === s.a[1].id,
    )!.notas[0]!;
    expect(cell).toMatchObject({ id: history.nota_id, texto: '7,5', version: 1 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'retificar_nota'));
    expect(audit?.details).toMatchObject({ antes: null, depois: '7.5', aluno_id: s.a[1].id });
    // The screen read the cell empty (version 0): a grade written there since is not overwritten unseen.
    const stale = await send('POST', '/api/notas/retificar', s.admin.cookie, { ...body, valor: 9 });
    expect(stale.statusCode).toBe(412);
  });
});

describe('a teacher’s retificação request, approved or refused by the administrator', () => {
  /** Matemática's Prova 1 with 5,0 for the first student (the second has none); the period closed. */
  async function closedWithGrade(s: School) {
    const column = await createAssessment(s, s.math.cookie);
    const saved = dataOf<SavedGrades>(
      await send('PUT', '/api/notas', s.math.cookie, {
        notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
      }),
    );
    return { column, notaId: saved.notas[0]!.id! };
  }
  const close = (s: School) =>
    send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, { turma_id: s.classA.id });

  it('is only for the subject’s teacher, only once the period is closed, with a reason, one pending per grade', async () => {
    const s = await setupSchool();
    const { column } = await closedWithGrade(s);
    const body = {
      avaliacao_id: column.id,
      aluno_id: s.a[0].id,
      valor: '6,5',
      motivo: 'Erro de soma na prova',
    };
    const open = await send('POST', '/api/retificacoes', s.math.cookie, body);
    expect(open.statusCode).toBe(409);
    expect(messageOf(open)).toBe('O 1º bimestre está aberto: altere a nota diretamente na grade.');
    await close(s);
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.pode_solicitar_retificacao).toBe(true);
    expect(dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie)).pode_solicitar_retificacao).toBe(false);

    // Another teacher's subject, a student outside the class, an unknown assessment: 404.
    expect((await send('POST', '/api/retificacoes', s.portuguese.cookie, body)).statusCode).toBe(404);
    const outsider = await insertStudent(t, null);
    expect(
      (await send('POST', '/api/retificacoes', s.math.cookie, { ...body, aluno_id: outsider.id })).statusCode,
    ).toBe(404);
    expect((await send('POST', '/api/retificacoes', s.guardian.cookie, body)).statusCode).toBe(403);
    // The secretary corrects directly.
    expect((await send('POST', '/api/retificacoes', s.admin.cookie, body)).statusCode).toBe(409);

    const noReason = await send('POST', '/api/retificacoes', s.math.cookie, { ...body, motivo: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(detailsOf(noReason)[0]?.path).toBe('motivo');
    const outOfScale = await send('POST', '/api/retificacoes', s.math.cookie, { ...body, valor: '11' });
    expect(outOfScale.statusCode).toBe(400);
    expect(detailsOf(outOfScale)[0]).toEqual({
      path: 'valor',
      message: 'Nota fora da escala: de 0 a 10. Quis dizer 1,1?',
    });
    const same = await send('POST', '/api/retificacoes', s.math.cookie, { ...body, valor: '5,0' });
    expect(same.statusCode).toBe(400);

    const created = await send('POST', '/api/retificacoes', s.math.cookie, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(dataOf<RectificationRequest>(created)).toMatchObject({
      situacao: 'pendente',
      antes: '5,0',
      depois: '6,5',
      atual: '5,0',
      motivo: 'Erro de soma na prova',
      solicitado_por: s.math.user.nome,
      disciplina: 'Matemática',
      periodo: { nome: '1º bimestre' },
    });
    const twice = await send('POST', '/api/retificacoes', s.math.cookie, { ...body, valor: 7 });
    expect(twice.statusCode).toBe(409);
    // Asking changes nothing yet; the grid marks the cell as pending.
    const after = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(after.alunos.find((aluno) => aluno.id === s.a[0].id)!.notas[0]!.texto).toBe('5,0');
    expect(after.retificacoes_pendentes).toEqual([
      expect.objectContaining({ avaliacao_id: column.id, aluno_id: s.a[0].id, depois: '6,5' }),
    ]);
    // Teachers see their own requests only; the administrator sees the queue.
    expect(dataOf<RectificationRequest[]>(await get('/api/retificacoes', s.math.cookie))).toHaveLength(1);
    expect(dataOf<RectificationRequest[]>(await get('/api/retificacoes', s.portuguese.cookie))).toEqual([]);
    expect(
      dataOf<RectificationRequest[]>(await get('/api/retificacoes?situacao=pendente', s.admin.cookie)),
    ).toHaveLength(1);
    expect((await get('/api/retificacoes?situacao=talvez', s.admin.cookie)).statusCode).toBe(400);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'solicitar_retificacao'));
    expect(audit?.details).toMatchObject({ antes: '5.0', depois: '6.5', motivo: 'Erro de soma na prova' });
  });

  it('approved: the grade, its history and the boletim change, audited; a decision is taken once', async () => {
    const s = await setupSchool();
    const { column, notaId } = await closedWithGrade(s);
    await close(s);
    const request = dataOf<RectificationRequest>(
      await send('POST', '/api/retificacoes', s.math.cookie, {
        avaliacao_id: column.id,
        aluno_id: s.a[0].id,
        valor: '6,5',
        motivo: 'Erro de soma na prova',
      }),
    );
    expect(
      (await send('POST', `/api/retificacoes/${request.id}/aprovar`, s.math.cookie, {})).statusCode,
    ).toBe(403);
    const approved = await send('POST', `/api/retificacoes/${request.id}/aprovar`, s.admin.cookie, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(dataOf<RectificationRequest>(approved)).toMatchObject({
      situacao: 'aprovada',
      atual: '6,5',
      decidido_por: s.admin.user.nome,
    });
    const history = dataOf<GradeHistory>(await get(`/api/notas/${notaId}/historico`, s.math.cookie));
    expect(
      history.historico.map((entry) => [entry.tipo, entry.antes, entry.depois, entry.motivo, entry.por]),
    ).toEqual([
      ['lancamento', null, '5,0', null, s.math.user.nome],
      [
        'retificacao',
        '5,0',
        '6,5',
        `Erro de soma na prova (solicitada por ${s.math.user.nome})`,
        s.admin.user.nome,
      ],
    ]);
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    expect(card.disciplinas.find((item) => item.disciplina === 'Matemática')!.periodos[0]!.media).toBe(6.5);
    const actions = (await t.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['solicitar_retificacao', 'aprovar_retificacao', 'retificar_nota']),
    );
    // The teacher is told in the bell, with the grade; the e-mail only that there is a decision.
    const bell = dataOf<NotificacaoPage>(await get('/api/notificacoes', s.math.cookie)).items;
    expect(bell.map((item) => [item.tipo, item.titulo, item.link])).toEqual([
      ['retificacao', 'Retificação aprovada', '/dashboard/notas'],
    ]);
    expect(bell[0]!.texto).toContain(`${s.a[0].nome}: a nota passou de 5,0 para 6,5.`);

    const again = await send('POST', `/api/retificacoes/${request.id}/recusar`, s.admin.cookie, {
      resposta: 'Mudei de ideia',
    });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('Esta solicitação já foi aprovada.');
    expect(
      (await send('POST', `/api/retificacoes/${crypto.randomUUID()}/aprovar`, s.admin.cookie, {})).statusCode,
    ).toBe(404);
  });

  it('refused with a reason leaves the grade; a grade never given can be asked for; a grade changed meanwhile is not overwritten', async () => {
    const s = await setupSchool();
    const { column, notaId } = await closedWithGrade(s);
    await close(s);
    const ask = async (aluno: string, valor: string) =>
      dataOf<RectificationRequest>(
        await send('POST', '/api/retificacoes', s.math.cookie, {
          avaliacao_id: column.id,
          aluno_id: aluno,
          valor,
          motivo: 'Prova corrigida de novo',
        }),
      );
    const refused = await ask(s.a[0].id, '9');
    const noReason = await send('POST', `/api/retificacoes/${refused.id}/recusar`, s.admin.cookie, {});
    expect(noReason.statusCode).toBe(400);
    expect(detailsOf(noReason)[0]?.path).toBe('resposta');
    const refusal = await send('POST', `/api/retificacoes/${refused.id}/recusar`, s.admin.cookie, {
      resposta: 'A prova original confirma 5,0',
    });
    expect(refusal.statusCode, refusal.body).toBe(200);
    const told = dataOf<NotificacaoPage>(await get('/api/notificacoes', s.math.cookie)).items[0]!;
    expect(told.titulo).toBe('Retificação recusada');
    expect(told.texto).toContain(
      `a nota continua 5,0. Resposta de ${s.admin.user.nome}: A prova original confirma 5,0`,
    );
    const mine = dataOf<RectificationRequest[]>(await get('/api/retificacoes', s.math.cookie));
    expect(mine[0]).toMatchObject({
      situacao: 'recusada',
      resposta: 'A prova original confirma 5,0',
      atual: '5,0',
    });
    expect(dataOf<GradeHistory>(await get(`/api/notas/${notaId}/historico`, s.math.cookie)).atual).toBe(
      '5,0',
    );

    // The second student had no grade: approving creates it.
    const missing = await ask(s.a[1].id, '7');
    expect(missing.antes).toBeNull();
    expect(
      (await send('POST', `/api/retificacoes/${missing.id}/aprovar`, s.admin.cookie, {})).statusCode,
    ).toBe(200);
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.alunos.find((aluno) => aluno.id === s.a[1].id)!.notas[0]!.texto).toBe('7,0');
    expect(grid.retificacoes_pendentes).toEqual([]);

    // The secretary corrected the grade after the teacher asked: approving would overwrite it unseen.
    const stale = await ask(s.a[0].id, '8');
    await send('POST', `/api/notas/${notaId}/retificar`, s.admin.cookie, {
      valor: 6,
      motivo: 'Revisão da prova',
    });
    const blocked = await send('POST', `/api/retificacoes/${stale.id}/aprovar`, s.admin.cookie, {});
    expect(blocked.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(grades).where(eq(grades.id, notaId));
    expect(row?.valor).toBe('6.0');
    const queue = dataOf<RectificationRequest[]>(
      await get('/api/retificacoes?situacao=pendente', s.admin.cookie),
    );
    expect(queue.map((item) => [item.id, item.situacao])).toEqual([[stale.id, 'pendente']]);
  });
});
