/**
 * A student's frequência: the figures, abonos, per subject, a teacher's reach, mid-year enrolment, a
 * guardian's view.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AttendanceAlerts, Roll, StudentAttendance } from '../../../shared/attendance.schemas.js';
import type { DashboardResponsavel } from '../../../shared/dashboard.schemas.js';
import { dataOf, insertClass, insertStudent, insertTuition, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { get, mathRoll, send, setupSchool, t, setupAttendanceTestApp } from './attendance.test-setup.js';

setupAttendanceTestApp();

describe('frequência do aluno', () => {
  async function takeWeekOfB(s: Awaited<ReturnType<typeof setupSchool>>) {
    const [b1, b2] = s.b;
    const days: [string, { aluno_id: string; justificativa?: string }[]][] = [
      ['2026-03-16', [{ aluno_id: b1.id }]],
      ['2026-03-17', [{ aluno_id: b1.id, justificativa: 'Consulta médica' }, { aluno_id: b2.id }]],
      ['2026-03-18', []],
      ['2026-03-19', []],
      ['2026-03-20', []],
    ];
    for (const [data, faltas] of days) {
      const response = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
        data,
        faltas,
      });
      expect(response.statusCode).toBe(200);
    }
  }

  it('% = (given − counted) / given: justified absences count, abonadas do not', async () => {
    const s = await setupSchool();
    await takeWeekOfB(s);
    const [b1, b2] = s.b;
    const first = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b1.id}`, s.admin.cookie));
    expect(first.geral).toEqual({
      aulas_dadas: 5,
      faltas: 2,
      faltas_justificadas: 1,
      faltas_abonadas: 0,
      frequencia: 60,
      abaixo_minimo: true,
      // 2 absences are far from the Conselho Tutelar line: more than 7,5 % of the year's 215 school
      // days (ADR 0117), not of the 5 given so far.
      acima_limite_conselho: false,
    });
    expect(first.faltas.map((falta) => [falta.data, falta.situacao])).toEqual([
      ['2026-03-17', 'justificada'],
      ['2026-03-16', 'injustificada'],
    ]);
    const second = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b2.id}`, s.admin.cookie));
    expect(second.geral).toMatchObject({ aulas_dadas: 5, faltas: 1, frequencia: 80 });
    const absenceId = second.faltas[0]!.id;

    expect(
      (
        await send('POST', `/api/frequencia/faltas/${absenceId}/abonar`, s.tutor.cookie, {
          motivo: 'Lei 6.202/75',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/frequencia/faltas/${absenceId}/abonar`, s.admin.cookie, {})).statusCode,
    ).toBe(400);
    const excused = await send('POST', `/api/frequencia/faltas/${absenceId}/abonar`, s.admin.cookie, {
      motivo: 'Exercício domiciliar (Decreto-Lei 1.044/1969)',
    });
    expect(excused.statusCode).toBe(200);
    expect(dataOf<StudentAttendance>(excused).geral).toMatchObject({
      aulas_dadas: 5,
      faltas: 0,
      faltas_abonadas: 1,
      frequencia: 100,
    });
    expect(dataOf<StudentAttendance>(excused).faltas[0]).toMatchObject({
      situacao: 'abonada',
      abono_motivo: 'Exercício domiciliar (Decreto-Lei 1.044/1969)',
    });
    expect(
      (
        await send('POST', `/api/frequencia/faltas/${absenceId}/abonar`, s.admin.cookie, {
          motivo: 'De novo',
        })
      ).statusCode,
    ).toBe(409);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'abonar_falta'));
    expect(audit!.entityId).toBe(absenceId);
    // Saving the roll again keeps the abono.
    await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-17',
      faltas: [{ aluno_id: b1.id, justificativa: 'Consulta médica' }, { aluno_id: b2.id }],
    });
    const still = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b2.id}`, s.admin.cookie));
    expect(still.faltas[0]).toMatchObject({ id: absenceId, situacao: 'abonada' });
  });

  it('an abono given by mistake is undone with a reason: the absence counts again, audited', async () => {
    const s = await setupSchool();
    await takeWeekOfB(s);
    const b2 = s.b[1];
    const absenceId = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b2.id}`, s.admin.cookie))
      .faltas[0]!.id;
    const undo = (cookie: string, body: object) =>
      send('POST', `/api/frequencia/faltas/${absenceId}/desabonar`, cookie, body);
    expect((await undo(s.admin.cookie, { motivo: 'Não estava abonada' })).statusCode).toBe(409);
    await send('POST', `/api/frequencia/faltas/${absenceId}/abonar`, s.admin.cookie, {
      motivo: 'Atestado de outro aluno',
    });
    expect((await undo(s.tutor.cookie, { motivo: 'Engano' })).statusCode).toBe(403);
    expect((await undo(s.admin.cookie, {})).statusCode).toBe(400);
    const undone = await undo(s.admin.cookie, { motivo: 'Abonada no aluno errado' });
    expect(undone.statusCode).toBe(200);
    expect(messageOf(undone)).toBe('Abono desfeito; a falta volta a contar.');
    expect(dataOf<StudentAttendance>(undone).geral).toMatchObject({
      faltas: 1,
      faltas_abonadas: 0,
      frequencia: 80,
    });
    expect(dataOf<StudentAttendance>(undone).faltas[0]).toMatchObject({
      id: absenceId,
      situacao: 'injustificada',
      abono_motivo: null,
    });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'desfazer_abono'));
    expect(audit).toMatchObject({ entityId: absenceId });
    expect(audit!.details).toMatchObject({
      motivo: 'Abonada no aluno errado',
      antes: { abonada: true, abono_motivo: 'Atestado de outro aluno' },
      depois: { abonada: false },
    });
  });

  it('per subject in a per-lesson class; a teacher sees only their subject', async () => {
    const s = await setupSchool();
    const [a1] = s.a;
    await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-03-16', [{ aluno_id: a1.id }]),
    );
    await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      ...mathRoll('2026-03-16', []),
      aula: 2,
    });
    await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.portuguese.cookie, {
      data: '2026-03-17',
      disciplina: 'Português',
      faltas: [{ aluno_id: a1.id }],
    });
    const all = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${a1.id}`, s.admin.cookie));
    expect(all.geral).toMatchObject({ aulas_dadas: 3, faltas: 2, frequencia: 33.3 });
    expect(
      all.por_disciplina.map((item) => [item.disciplina, item.aulas_dadas, item.faltas, item.frequencia]),
    ).toEqual([
      ['Matemática', 2, 1, 50],
      ['Português', 1, 1, 0],
    ]);
    const mathView = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${a1.id}`, s.math.cookie));
    expect(mathView.por_disciplina.map((item) => item.disciplina)).toEqual(['Matemática']);
    expect(mathView.faltas.map((falta) => falta.disciplina)).toEqual(['Matemática']);
  });

  it('a teacher reads only the lessons they teach: no earlier class, no other subject, no other justification (issue 29)', async () => {
    const s = await setupSchool();
    const moved = s.b[0];
    // In B (daily, the tutor's) moved was away two days, once with a medical certificate.
    for (const [data, faltas] of [
      ['2026-03-16', [{ aluno_id: moved.id }]],
      ['2026-03-17', [{ aluno_id: moved.id, justificativa: 'Atestado médico: gastroenterite' }]],
    ] as const)
      expect(
        (await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, { data, faltas }))
          .statusCode,
      ).toBe(200);
    // From 18/03 in A: one lesson of Matemática (Wed) and one of Português (Thu), away at both.
    const enrol = await send('POST', `/api/turmas/${s.classA.id}/alunos`, s.admin.cookie, {
      aluno_id: moved.id,
      data_enturmacao: '2026-03-18',
    });
    expect(enrol.statusCode).toBe(201);
    await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-03-18', [{ aluno_id: moved.id }]),
    );
    await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.portuguese.cookie, {
      data: '2026-03-19',
      disciplina: 'Português',
      aula: 1,
      faltas: [{ aluno_id: moved.id, justificativa: 'Consulta no dentista' }],
    });

    const school = dataOf<StudentAttendance>(
      await get(`/api/frequencia/alunos/${moved.id}?ano=2026`, s.admin.cookie),
    );
    expect(school.geral).toMatchObject({ aulas_dadas: 4, faltas: 4 });
    expect(school.somente_aulas_do_professor).toBe(false);

    const response = await get(`/api/frequencia/alunos/${moved.id}?ano=2026`, s.math.cookie);
    const mathView = dataOf<StudentAttendance>(response);
    expect(mathView.somente_aulas_do_professor).toBe(true);
    expect(mathView.geral).toMatchObject({ aulas_dadas: 1, faltas: 1, faltas_justificadas: 0 });
    expect(mathView.por_disciplina.map((item) => [item.disciplina, item.aulas_dadas])).toEqual([
      ['Matemática', 1],
    ]);
    expect(mathView.faltas.map((falta) => [falta.data, falta.turma_nome, falta.disciplina])).toEqual([
      ['2026-03-18', s.classA.nome, 'Matemática'],
    ]);
    expect(response.body).not.toContain('Atestado');
    expect(response.body).not.toContain('dentista');

    const portugueseView = dataOf<StudentAttendance>(
      await get(`/api/frequencia/alunos/${moved.id}?ano=2026`, s.portuguese.cookie),
    );
    expect(portugueseView.faltas.map((falta) => [falta.disciplina, falta.justificativa])).toEqual([
      ['Português', 'Consulta no dentista'],
    ]);
    expect(portugueseView.geral).toMatchObject({ aulas_dadas: 1, faltas: 1, faltas_justificadas: 1 });

    // The alert lists count the same lessons for the teacher (the list below 75 %: 4 absences are not
    // past the Conselho Tutelar line, a count over the year's planned lessons — ADR 0117).
    const alerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas?ano=2026', s.math.cookie));
    expect(
      alerts.abaixo_minimo
        .filter((alert) => alert.aluno.id === moved.id)
        .map((alert) => [alert.aulas_dadas, alert.faltas]),
    ).toEqual([[1, 1]]);
    expect(alerts.conselho_tutelar).toEqual([]);
    const schoolAlerts = dataOf<AttendanceAlerts>(
      await get('/api/frequencia/alertas?ano=2026', s.admin.cookie),
    );
    expect(
      schoolAlerts.abaixo_minimo
        .filter((alert) => alert.aluno.id === moved.id)
        .map((alert) => [alert.aulas_dadas, alert.faltas]),
    ).toEqual([[4, 4]]);
    expect(schoolAlerts.conselho_tutelar).toEqual([]);
  });

  it('a student enrolled mid-year counts only the days they belonged; a transfer splits the count', async () => {
    const s = await setupSchool();
    const late = await insertStudent(t, null);
    const enrol = await send('POST', `/api/turmas/${s.classB.id}/alunos`, s.admin.cookie, {
      aluno_id: late.id,
      data_enturmacao: '2026-03-18',
    });
    expect(enrol.statusCode).toBe(201);
    expect(
      (
        await send('POST', `/api/turmas/${s.classB.id}/alunos`, s.admin.cookie, {
          aluno_id: late.id,
          data_enturmacao: '2026-03-30',
        })
      ).statusCode,
    ).toBe(400);
    const before = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classB.id}?data=2026-03-17`, s.tutor.cookie),
    );
    expect(before.alunos.map((aluno) => aluno.id)).not.toContain(late.id);
    const notYet = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-17',
      faltas: [{ aluno_id: late.id }],
    });
    expect(notYet.statusCode).toBe(400);
    await takeWeekOfB(s);
    const figures = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${late.id}`, s.admin.cookie));
    expect(figures.geral).toMatchObject({ aulas_dadas: 3, faltas: 0, frequencia: 100 });

    // b2 moves to a new daily class from 19/03: B counts 16–18, the new class 19–20.
    const other = await insertClass(t, null);
    const moved = await send('POST', `/api/turmas/${other.id}/alunos`, s.admin.cookie, {
      aluno_id: s.b[1].id,
      data_enturmacao: '2026-03-19',
    });
    expect(moved.statusCode).toBe(201);
    for (const data of ['2026-03-19', '2026-03-20'])
      await send('PUT', `/api/frequencia/turmas/${other.id}`, s.admin.cookie, {
        data,
        faltas: [{ aluno_id: s.b[1].id }],
      });
    const split = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${s.b[1].id}`, s.admin.cookie));
    // B: 3 rolls (one absence on 17/03); new class: 2 rolls, 2 absences.
    expect(split.geral).toMatchObject({ aulas_dadas: 5, faltas: 3, frequencia: 40 });
    expect(new Set(split.faltas.map((falta) => falta.turma_nome)).size).toBe(2);
  });

  it('a guardian sees their own child even with overdue tuition, and never another child (404)', async () => {
    const s = await setupSchool();
    await takeWeekOfB(s);
    await insertTuition(t, s.b[0].id, '2026-02', '2026-02-10', { turmaId: s.classB.id });
    const own = await get(`/api/frequencia/alunos/${s.b[0].id}`, s.guardian.cookie);
    expect(own.statusCode).toBe(200);
    expect(dataOf<StudentAttendance>(own).geral).toMatchObject({ aulas_dadas: 5, faltas: 2, frequencia: 60 });
    expect(dataOf<StudentAttendance>(own).faltas).toHaveLength(2);
    expect((await get(`/api/frequencia/alunos/${s.b[1].id}`, s.guardian.cookie)).statusCode).toBe(404);
    const home = dataOf<DashboardResponsavel>(await get('/api/dashboard/stats', s.guardian.cookie));
    expect(home.filhos.find((filho) => filho.id === s.b[0].id)).toMatchObject({
      frequencia: 60,
      abaixo_minimo: true,
    });
  });
});
