/** Removing a roll taken by mistake (remover chamada). */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Roll, StudentAttendance } from '../../../shared/attendance.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { get, mathRoll, send, setupSchool, t, setupAttendanceTestApp } from './attendance.test-setup.js';

setupAttendanceTestApp();

describe('remover chamada', () => {
  const remove = (id: string, cookie: string, body?: object) =>
    send('DELETE', `/api/frequencia/chamadas/${id}`, cookie, body);

  it('a roll taken by mistake goes with its absences and a reason: the lesson stops counting, audited with names', async () => {
    const s = await setupSchool();
    const [a1, a2] = s.a;
    const wrong = dataOf<Roll>(
      await send(
        'PUT',
        `/api/frequencia/turmas/${s.classA.id}`,
        s.math.cookie,
        mathRoll('2026-03-16', [{ aluno_id: a1.id }, { aluno_id: a2.id, justificativa: 'Atestado' }]),
      ),
    );
    await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, mathRoll('2026-03-18', []));
    expect(wrong.chamada).toMatchObject({ pode_remover: true });
    const id = wrong.chamada!.id;
    expect(
      dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${a1.id}`, s.admin.cookie)).geral,
    ).toMatchObject({ aulas_dadas: 2, faltas: 1 });

    // The reason is required, in plain Portuguese, with or without a body.
    for (const body of [{}, { motivo: ' ' }, undefined]) {
      const refused = await remove(id, s.math.cookie, body);
      expect(refused.statusCode).toBe(400);
      expect(messageOf(refused)).toBe('Informe o motivo da remoção');
    }
    expect(
      (await remove(id, s.math.cookie, {})).json<{ details: { path: string }[] }>().details[0]!.path,
    ).toBe('motivo');

    const removed = await remove(id, s.math.cookie, { motivo: 'Chamada feita na turma errada' });
    expect(removed.statusCode).toBe(200);
    expect(messageOf(removed)).toBe('Chamada removida.');
    const rolls = await t.database.db.select().from(attendanceRolls);
    expect(rolls.map((roll) => roll.data)).toEqual(['2026-03-18']);
    expect(await t.database.db.select().from(attendanceAbsences)).toHaveLength(0);
    expect(
      dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${a1.id}`, s.admin.cookie)).geral,
    ).toMatchObject({ aulas_dadas: 1, faltas: 0, frequencia: 100 });
    const reopened = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática&aula=1`,
        s.math.cookie,
      ),
    );
    expect(reopened.chamada).toBeNull();
    expect(reopened.alunos.every((aluno) => aluno.presente)).toBe(true);

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'chamada'));
    expect(audit).toMatchObject({ action: 'excluir', entityId: id });
    const absent = [
      { aluno_id: a1.id, nome: a1.nome, justificativa: null, abonada: false },
      { aluno_id: a2.id, nome: a2.nome, justificativa: 'Atestado', abonada: false },
    ].sort((x, y) => x.nome.toLowerCase().localeCompare(y.nome.toLowerCase()));
    expect(audit!.details).toEqual({
      motivo: 'Chamada feita na turma errada',
      turma_id: s.classA.id,
      turma_nome: s.classA.nome,
      data: '2026-03-16',
      disciplina: 'Matemática',
      aula: 1,
      registrada_por: s.math.user.nome,
      registrada_em: expect.any(String),
      faltas: absent,
    });
    // Gone: a second removal finds nothing.
    expect((await remove(id, s.math.cookie, { motivo: 'De novo' })).statusCode).toBe(404);
  });

  it('an administrator removes any roll; a teacher only one they may change; outside the class or subject it is a 404', async () => {
    const s = await setupSchool();
    const math = dataOf<Roll>(
      await send(
        'PUT',
        `/api/frequencia/turmas/${s.classA.id}`,
        s.math.cookie,
        mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]),
      ),
    ).chamada!.id;
    const daily = dataOf<Roll>(
      await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
        data: '2026-03-16',
        faltas: [],
      }),
    ).chamada!.id;
    const motivo = { motivo: 'Lançada por engano' };
    // Another subject's teacher of the same class, and a teacher of another class: not found.
    for (const [id, cookie] of [
      [math, s.portuguese.cookie],
      [math, s.tutor.cookie],
      [daily, s.math.cookie],
    ] as const) {
      const response = await remove(id, cookie, motivo);
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe('Chamada não encontrada.');
    }
    expect((await remove(math, s.guardian.cookie, motivo)).statusCode).toBe(403);
    expect((await remove(s.classA.id, s.admin.cookie, motivo)).statusCode).toBe(404);

    // After the period closes the teacher may not change the roll, so may not remove it either.
    clock.pin('2026-04-27');
    const late = await remove(math, s.math.cookie, motivo);
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(
      'O 1º bimestre foi encerrado em 24/04/2026. Só a coordenação ou a direção pode alterar esta frequência.',
    );
    const asTeacher = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática`, s.math.cookie),
    );
    expect(asTeacher.chamada).toMatchObject({ pode_remover: false });
    const asAdmin = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática`,
        s.admin.cookie,
      ),
    );
    expect(asAdmin.chamada).toMatchObject({ pode_remover: true });
    expect((await remove(math, s.admin.cookie, motivo)).statusCode).toBe(200);
    expect((await remove(daily, s.admin.cookie, motivo)).statusCode).toBe(200);
    expect(await t.database.db.select().from(attendanceRolls)).toHaveLength(0);
  });
});
