/**
 * The Conselho Tutelar line is a count for the year (LDB art. 12, VIII, by Lei 13.803/2019; ADR 0117):
 * more absences than 7,5 % of the year's planned lessons, not 7,5 % of the lessons given so far.
 */
import { describe, expect, it } from 'vitest';
import type { AttendanceAlerts, StudentAttendance } from '../../../shared/attendance.schemas.js';
import type { DashboardResponsavel, Pendencias } from '../../../shared/dashboard.schemas.js';
import { classifyDays } from '../../../shared/calendar.js';
import { clock } from '../../lib/clock.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import { get, send, setupSchool, setupAttendanceTestApp } from './attendance.test-setup.js';

setupAttendanceTestApp();

describe('a linha do Conselho Tutelar (ADR 0117)', () => {
  it('one absence on the first day is not past it; more than 7,5 % of the year’s planned days is', async () => {
    clock.pin('2026-02-02');
    const s = await setupSchool();
    const [b1] = s.b;
    const first = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-02-02',
      faltas: [{ aluno_id: b1.id }],
    });
    expect(first.statusCode).toBe(200);
    // 0,0 % of the lessons given so far: below 75 % (a rate, as before), but one absence of the year's
    // 215 school days is far from the line (more than 16).
    const dayOne = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', s.admin.cookie));
    expect(dayOne.abaixo_minimo.map((alert) => alert.aluno.id)).toEqual([b1.id]);
    expect(dayOne.conselho_tutelar).toEqual([]);
    const record = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b1.id}`, s.admin.cookie));
    expect(record.geral).toMatchObject({ frequencia: 0, abaixo_minimo: true, acima_limite_conselho: false });
    // The family reads the line as the year's count, to be told before it is passed (ADR 0120).
    expect(record.limite_faltas_conselho).toBe(16);
    const refused = await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, { aluno_id: b1.id });
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(
      'O aluno não ultrapassou o limite de faltas que exige a notificação: mais de 16 faltas (7,5 % das 215 aulas previstas para o ano letivo); tem 1.',
    );
    const pendencias = dataOf<Pendencias>(await get('/api/dashboard/pendencias', s.admin.cookie));
    expect(pendencias.academico).toMatchObject({ abaixo_minimo: 1, conselho_tutelar: 0 });

    // By 20/03 b1 was away on 16 school days: exactly the line, not past it.
    clock.pin('2026-03-20');
    const days = classifyDays('2026-02-03', '2026-03-19', [], [{ inicio: '2026-02-02', fim: '2026-12-11' }])
      .filter((day) => day.letivo)
      .map((day) => day.data);
    expect(days.length).toBeGreaterThan(16);
    for (const [index, data] of days.entries()) {
      const response = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
        data,
        faltas: index < 15 ? [{ aluno_id: b1.id }] : [],
      });
      expect(response.statusCode).toBe(200);
    }
    const atLine = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', s.admin.cookie));
    expect(atLine.conselho_tutelar).toEqual([]);
    // The 17th absence passes it: listed, with the year's planned days and the line as a count.
    const past = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: days[15],
      faltas: [{ aluno_id: b1.id }],
    });
    expect(past.statusCode).toBe(200);
    const listed = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', s.admin.cookie));
    expect(listed.conselho_tutelar).toEqual([
      expect.objectContaining({
        aluno: expect.objectContaining({ id: b1.id }),
        faltas: 17,
        aulas_dadas: days.length + 1,
        aulas_previstas_ano: 215,
        limite_faltas_conselho: 16,
        limite_conselho: 7.5,
      }),
    ]);
    const after = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b1.id}`, s.admin.cookie));
    expect(after.geral).toMatchObject({ faltas: 17, acima_limite_conselho: true });
    // The family sees the same, on the child's Frequência and on the home (ADR 0120).
    const own = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b1.id}`, s.guardian.cookie));
    expect(own).toMatchObject({
      limite_faltas_conselho: 16,
      geral: { faltas: 17, acima_limite_conselho: true },
    });
    const home = dataOf<DashboardResponsavel>(await get('/api/dashboard/stats', s.guardian.cookie));
    expect(home.filhos.find((filho) => filho.id === b1.id)).toMatchObject({
      faltas: 17,
      acima_limite_conselho: true,
      limite_faltas_conselho: 16,
    });
    const later = dataOf<Pendencias>(await get('/api/dashboard/pendencias', s.admin.cookie));
    expect(later.academico).toMatchObject({ conselho_tutelar: 1 });
    const issued = await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, { aluno_id: b1.id });
    expect(issued.statusCode).toBe(201);
    const letter = (
      await get(`/api/frequencia/notificacoes/${dataOf<{ id: string }>(issued).id}/pdf`, s.admin.cookie)
    ).rawPayload;
    expect(pdfText(letter)).toContain('16 faltas em 215 aulas previstas para o ano letivo');

    // A copy printed later says what the letter said, though the year's plan changed since: a week of
    // recess in May takes five school days out of it (the alerts count the new plan).
    const recess = await send('POST', '/api/calendario', s.admin.cookie, {
      tipo: 'recesso',
      titulo: 'Recesso de maio',
      inicio: '2026-05-11',
      fim: '2026-05-15',
    });
    expect(recess.statusCode).toBe(201);
    const replanned = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', s.admin.cookie));
    expect(replanned.conselho_tutelar).toEqual([
      expect.objectContaining({ aulas_previstas_ano: 210, limite_faltas_conselho: 15 }),
    ]);
    const copy = (
      await get(`/api/frequencia/notificacoes/${dataOf<{ id: string }>(issued).id}/pdf`, s.admin.cookie)
    ).rawPayload;
    expect(pdfText(copy)).toContain('16 faltas em 215 aulas previstas para o ano letivo');
  });
});
