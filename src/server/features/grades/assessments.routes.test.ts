/** Deleting an avaliação whose grades are the school's record. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Assessment } from '../../../shared/assessments.schemas.js';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, detailsOf, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { students } from '../../db/schema/students.js';
import { grades } from '../../db/schema/grades.js';
import {
  closeYear,
  createAssessment,
  gradeFirstPeriod,
  gridUrl,
  setupSchool,
  setupGradesTestApp,
} from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

describe('deleting an avaliação whose grades are the school’s record', () => {
  it('with grades in a published or closed period: the teacher is refused, the administrator deletes only with a reason, and the audit keeps each grade with its student and history', async () => {
    const s = await setupSchool();
    await gradeFirstPeriod(s);
    const columns = dataOf<Assessment[]>(
      await get(`/api/avaliacoes?turma_id=${s.classA.id}&periodo_id=${s.p[0]!.id}`, s.admin.cookie),
    );
    const exam = columns.find((item) => item.nome === 'Prova 1' && item.disciplina === 'Matemática')!;
    const essay = columns.find((item) => item.nome === 'Redação')!;
    // a1's 8,0 corrected to 8,5 while open, two hours later: the history has both.
    clock.pin('2026-03-20T14:00:00-03:00');
    const before = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    const a1Cell = before.alunos.find((aluno) => aluno.id === s.a[0].id)!.notas[0]!;
    const fixed = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: exam.id, aluno_id: s.a[0].id, valor: '8,5', version: a1Cell.version }],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const empty = await createAssessment(s, s.math.cookie, { nome: 'Trabalho' });

    // Closed, published, then reopened for a correction: the families have read these grades.
    for (const action of ['fechar', 'publicar', 'reabrir'])
      expect(
        (
          await send('POST', `/api/periodos/${s.p[0]!.id}/${action}`, s.admin.cookie, {
            turma_id: s.classA.id,
          })
        ).statusCode,
      ).toBe(200);
    expect(dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie)).exclusao_com_notas).toBe('so_secretaria');
    expect(dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie)).exclusao_com_notas).toBe('com_motivo');
    const teacher = await send('DELETE', `/api/avaliacoes/${exam.id}`, s.math.cookie);
    expect(teacher.statusCode, teacher.body).toBe(409);
    expect(messageOf(teacher)).toBe(
      'O 1º bimestre já foi publicado para esta turma: uma avaliação com notas lançadas só pode ser excluída pela secretaria, com motivo. Para corrigir uma nota, altere-a na grade (fica no histórico como alteração após a publicação).',
    );
    const withReason = await send('DELETE', `/api/avaliacoes/${exam.id}`, s.math.cookie, {
      motivo: 'Prova aplicada na turma errada',
    });
    expect(withReason.statusCode).toBe(409);
    // An avaliação without grades still goes freely.
    expect((await send('DELETE', `/api/avaliacoes/${empty.id}`, s.math.cookie)).statusCode).toBe(200);
    // The administrator: a reason, or nothing happens.
    const noReason = await send('DELETE', `/api/avaliacoes/${exam.id}`, s.admin.cookie);
    expect(noReason.statusCode).toBe(400);
    const reasonMessage =
      'Informe o motivo da exclusão (ao menos 5 caracteres): o 1º bimestre está publicado e as 3 notas lançadas nesta avaliação saem do boletim.';
    expect(messageOf(noReason)).toBe(reasonMessage);
    expect(detailsOf(noReason)).toEqual([{ path: 'motivo', message: reasonMessage }]);
    const short = await send('DELETE', `/api/avaliacoes/${exam.id}`, s.admin.cookie, { motivo: 'ops' });
    expect(short.statusCode).toBe(400);
    expect(detailsOf(short).map((item) => item.path)).toEqual(['motivo']);
    expect(
      dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie)).avaliacoes.map((item) => item.id),
    ).toContain(exam.id);
    const deleted = await send('DELETE', `/api/avaliacoes/${exam.id}`, s.admin.cookie, {
      motivo: 'Prova aplicada na turma errada',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(grades).where(eq(grades.avaliacaoId, exam.id))).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'excluir'), eq(auditLog.entityId, exam.id)));
    const names = new Map(
      (await t.database.db.select({ id: students.id, nome: students.nome }).from(students)).map((row) => [
        row.id,
        row.nome,
      ]),
    );
    const details = audit!.details as {
      motivo: string;
      notas: number;
      periodo_publicado: boolean;
      notas_excluidas: {
        aluno_id: string;
        aluno_nome: string;
        valor: string;
        texto: string;
        historico: { tipo: string; antes: string | null; depois: string | null }[];
      }[];
    };
    expect(details).toMatchObject({
      motivo: 'Prova aplicada na turma errada',
      notas: 3,
      periodo: '1º bimestre',
      periodo_publicado: true,
    });
    expect(
      details.notas_excluidas
        .map((grade) => [grade.aluno_nome, grade.texto])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    ).toEqual(
      [
        [names.get(s.a[0].id), '8,5'],
        [names.get(s.a[1].id), '4,0'],
        [names.get(s.a[2].id), '3,0'],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const a1 = details.notas_excluidas.find((grade) => grade.aluno_id === s.a[0].id)!;
    expect(a1.valor).toBe('8.5');
    expect(a1.historico.map((change) => [change.tipo, change.antes, change.depois])).toEqual([
      ['lancamento', null, '8.0'],
      ['lancamento', '8.0', '8.5'],
    ]);

    // Closed (not reopened): the teacher cannot touch it; the administrator, again only with a reason.
    expect(
      (await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, { turma_id: s.classA.id }))
        .statusCode,
    ).toBe(200);
    const closedTeacher = await send('DELETE', `/api/avaliacoes/${essay.id}`, s.portuguese.cookie);
    expect(closedTeacher.statusCode).toBe(409);
    expect(messageOf(closedTeacher)).toMatch(/fechado/);
    expect((await send('DELETE', `/api/avaliacoes/${essay.id}`, s.admin.cookie)).statusCode).toBe(400);
    expect(
      (
        await send('DELETE', `/api/avaliacoes/${essay.id}`, s.admin.cookie, {
          motivo: 'Redação lançada em duplicidade',
        })
      ).statusCode,
    ).toBe(200);

    // An open period never published: the teacher deletes as before, and the audit still keeps the grades.
    const second = await createAssessment(s, s.math.cookie, { periodo_id: s.p[1]!.id, data: '2026-05-10' });
    await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: second.id, aluno_id: s.a[2].id, valor: 6 }],
    });
    expect(dataOf<GradesGrid>(await get(gridUrl(s, 1), s.math.cookie)).exclusao_com_notas).toBe('livre');
    expect((await send('DELETE', `/api/avaliacoes/${second.id}`, s.math.cookie)).statusCode).toBe(200);
    const [free] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'excluir'), eq(auditLog.entityId, second.id)));
    expect((free!.details as typeof details).notas_excluidas).toMatchObject([
      { aluno_id: s.a[2].id, aluno_nome: names.get(s.a[2].id), texto: '6,0' },
    ]);

    // A closed year is read-only: not even the administrator deletes, with a reason or not.
    const late = await createAssessment(s, s.math.cookie, { periodo_id: s.p[1]!.id, data: '2026-05-11' });
    await closeYear(s.year.id, s.admin.cookie);
    const closedYear = await send('DELETE', `/api/avaliacoes/${late.id}`, s.admin.cookie, {
      motivo: 'Avaliação em duplicidade',
    });
    expect(closedYear.statusCode).toBe(409);
    expect(messageOf(closedYear)).toMatch(/ano letivo 2026 foi encerrado/);
  });
});
