/**
 * The guardian's panel, the alerts and the Conselho Tutelar letter, the class month and the dashboard's
 * attendance.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  maxAbsencesForYear,
  type AttendanceAlerts,
  type ClassMonth,
  type TutelaryNotification,
} from '../../../shared/attendance.schemas.js';
import type { DashboardEscola, DashboardResponsavel } from '../../../shared/dashboard.schemas.js';
import { classifyDays, lessonsOnWeekday, weekdayOf } from '../../../shared/calendar.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertStudent } from '../../test/records-fixtures.js';
import { pdfText } from '../../test/pdf-text.js';
import { auditLog } from '../../db/schema/audit.js';
import { students } from '../../db/schema/students.js';
import { get, send, setupSchool, t, setupAttendanceTestApp } from './attendance.test-setup.js';

setupAttendanceTestApp();

describe('painel do responsável', () => {
  it('reads one absence on the first school day against the year: the absences, the lessons and the year’s limit', async () => {
    clock.pin('2026-02-02');
    const s = await setupSchool();
    const roll = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-02-02',
      faltas: [{ aluno_id: s.b[0].id }],
    });
    expect(roll.statusCode).toBe(200);
    const home = dataOf<DashboardResponsavel>(await get('/api/dashboard/stats', s.guardian.cookie));
    // A daily class: the figure (0,0 %, below 75 % as the rule says) in days, and the year's 215 school
    // days (1 given + 214 still ahead) allow 53 absences.
    expect(home.filhos.find((filho) => filho.id === s.b[0].id)).toMatchObject({
      frequencia: 0,
      abaixo_minimo: true,
      aulas_dadas: 1,
      faltas: 1,
      por_dia: true,
      previstas_ano: 215,
      limite_faltas_ano: 53,
    });
    // A per-lesson class: the lessons its grid schedules on the year's school days (9 a week), today's
    // included though not given yet — the year's plan, as the calendar counts it.
    const ahead = classifyDays('2026-02-02', '2026-12-11', [], [{ inicio: '2026-02-02', fim: '2026-12-11' }])
      .filter((day) => day.letivo)
      .reduce(
        (sum, day) =>
          sum +
          lessonsOnWeekday(5, [1, 3, 5], weekdayOf(day.data)) +
          lessonsOnWeekday(4, [2, 4], weekdayOf(day.data)),
        0,
      );
    expect(ahead).toBeGreaterThan(380);
    expect(home.filhos.find((filho) => filho.id === s.a[0].id)).toMatchObject({
      frequencia: null,
      abaixo_minimo: false,
      aulas_dadas: 0,
      faltas: 0,
      por_dia: false,
      previstas_ano: ahead,
      limite_faltas_ano: Math.floor(ahead / 4),
    });
    // A per-lesson grid without the days of its lessons: the year's total is not known.
    await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'por_aula',
      disciplinas: [{ disciplina: 'Matemática', aulas_semanais: 5 }],
    });
    const later = dataOf<DashboardResponsavel>(await get('/api/dashboard/stats', s.guardian.cookie));
    expect(later.filhos.find((filho) => filho.id === s.a[0].id)).toMatchObject({
      previstas_ano: null,
      limite_faltas_ano: null,
    });
  });
});

describe('painel do responsável, um filho matriculado no meio do ano', () => {
  it('counts the year ahead from the day the child joined: the 75 % is over the days since, as the boletim', async () => {
    clock.pin('2026-11-04');
    const s = await setupSchool();
    const late = await insertStudent(t, s.classB.id, s.guardian.guardian.id, '2026-11-03');
    for (const data of ['2026-11-03', '2026-11-04']) {
      const roll = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
        data,
        faltas: [{ aluno_id: late.id }],
      });
      expect(roll.statusCode, roll.body).toBe(200);
    }
    // The school days from 03/11 to the year's end: the days the 75 % will be counted over.
    const since = classifyDays(
      '2026-02-02',
      '2026-12-11',
      [],
      [{ inicio: '2026-02-02', fim: '2026-12-11' }],
    ).filter((day) => day.letivo && day.data >= '2026-11-03').length;
    expect(since).toBeLessThan(40);
    const home = dataOf<DashboardResponsavel>(await get('/api/dashboard/stats', s.guardian.cookie));
    // Before: the whole year's 215 days, 'até 53 faltas mantêm os 75 %' for a child who may miss 7.
    expect(home.filhos.find((filho) => filho.id === late.id)).toMatchObject({
      aulas_dadas: 2,
      faltas: 2,
      por_dia: true,
      previstas_ano: since,
      limite_faltas_ano: maxAbsencesForYear(since),
    });
  });
});

describe('alertas, Conselho Tutelar, mês da turma e painel', () => {
  it('lists students below 75 % and past the Conselho Tutelar line; the letter is recorded and printable', async () => {
    const s = await setupSchool();
    const [b1, b2] = s.b;
    // 170 days of B (by November; the administrator takes them, the early periods being closed): b1
    // misses 51 (70 %), b2 misses 17 (90 %, not below 75 %) — both past the Conselho Tutelar line, more
    // than 7,5 % of the year's 215 school days (16; ADR 0117).
    clock.pin('2026-11-20');
    const roll = classifyDays('2026-02-02', '2026-11-19', [], [{ inicio: '2026-02-02', fim: '2026-12-11' }])
      .filter((day) => day.letivo)
      .map((day) => day.data)
      .slice(0, 170);
    expect(roll).toHaveLength(170);
    for (const [index, data] of roll.entries()) {
      const faltas = [
        ...(index < 51 ? [{ aluno_id: b1.id }] : []),
        ...(index >= 60 && index < 77 ? [{ aluno_id: b2.id }] : []),
      ];
      const response = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.admin.cookie, {
        data,
        faltas,
      });
      expect(response.statusCode).toBe(200);
    }
    const alerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', s.admin.cookie));
    expect(alerts).toMatchObject({ ano: 2026, frequencia_minima: 75, limite_conselho: 7.5 });
    expect(alerts.abaixo_minimo.map((alert) => [alert.aluno.id, alert.frequencia])).toEqual([[b1.id, 70]]);
    expect(alerts.conselho_tutelar.map((alert) => [alert.aluno.id, alert.frequencia])).toEqual([
      [b1.id, 70],
      [b2.id, 90],
    ]);
    // A teacher sees only the alerts of their own classes.
    const mathAlerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', s.math.cookie));
    expect(mathAlerts.conselho_tutelar).toEqual([]);

    // The school's phone, typed as digits in Configurações → Escola (a new school has none).
    const identity = dataOf<{ version: number }>(await get('/api/configuracoes/escola', s.admin.cookie));
    const named = await send('PUT', '/api/configuracoes/escola', s.admin.cookie, {
      nome: 'Escola Girassol',
      telefone: '1134567890',
      version: identity.version,
    });
    expect(named.statusCode, named.body).toBe(200);
    // A matrícula brought from another system by the import is free text: the file's name still holds.
    await t.database.db
      .update(students)
      .set({ matricula: 'RA 2024/0012 – “B”' })
      .where(eq(students.id, b1.id));
    const issued = await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, { aluno_id: b1.id });
    expect(issued.statusCode).toBe(201);
    const notice = dataOf<TutelaryNotification>(issued);
    expect(notice).toMatchObject({ aulas_dadas: 170, faltas: 51, frequencia: 70 });
    const pdf = await get(`/api/frequencia/notificacoes/${notice.id}/pdf`, s.admin.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="notificacao-conselho-tutelar-ra-2024-0012-b-${notice.id.slice(0, 8)}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The school's phone as people write it, not its bare digits.
    expect(pdfText(pdf.rawPayload)).toContain('(11) 3456-7890');
    expect(pdfText(pdf.rawPayload)).not.toContain('1134567890');
    const after = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas', s.admin.cookie));
    expect(after.abaixo_minimo[0]!.ultima_notificacao).toMatchObject({ id: notice.id });
    expect((await get(`/api/frequencia/notificacoes/${notice.id}/pdf`, s.tutor.cookie)).statusCode).toBe(403);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notificar_conselho_tutelar'));
    expect(audit!.entityId).toBe(b1.id);
    // Not past the line: refused.
    const fine = await insertStudent(t, s.classB.id);
    expect(
      (await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, { aluno_id: fine.id })).statusCode,
    ).toBe(409);
  });

  it('a Conselho Tutelar letter asked without a student names the missing field, not a bad id', async () => {
    const s = await setupSchool();
    const missing = await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Campo obrigatório',
      details: [{ path: 'aluno_id', message: 'Campo obrigatório' }],
    });
    const malformed = await send('POST', '/api/frequencia/notificacoes', s.admin.cookie, { aluno_id: 'abc' });
    expect(malformed.json()).toMatchObject({
      details: [{ path: 'aluno_id', message: 'Identificador inválido' }],
    });
  });

  it('the alerts of a class outside the teacher’s scope are 404, as every other class route', async () => {
    const s = await setupSchool();
    const alertsOf = (turmaId: string, cookie: string) =>
      get(`/api/frequencia/alertas?turma_id=${turmaId}`, cookie);
    expect((await alertsOf(s.classB.id, s.math.cookie)).statusCode).toBe(404);
    expect((await alertsOf(s.classB.id, s.math.cookie)).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Turma não encontrada.',
    });
    expect((await alertsOf(s.classA.id, s.tutor.cookie)).statusCode).toBe(404);
    expect((await alertsOf(s.classA.id, s.math.cookie)).statusCode).toBe(200);
    expect((await alertsOf(s.classB.id, s.tutor.cookie)).statusCode).toBe(200);
    expect((await alertsOf(s.classB.id, s.admin.cookie)).statusCode).toBe(200);
    // A class that does not exist at all: 404 to everyone.
    expect((await alertsOf('00000000-0000-4000-8000-000000000000', s.admin.cookie)).statusCode).toBe(404);
  });

  it('the class month shows students × days; the dashboard shows real attendance per class', async () => {
    const s = await setupSchool();
    const late = await insertStudent(t, null);
    await send('POST', `/api/turmas/${s.classB.id}/alunos`, s.admin.cookie, {
      aluno_id: late.id,
      data_enturmacao: '2026-03-18',
    });
    for (const [data, faltas] of [
      ['2026-03-16', [{ aluno_id: s.b[0].id }]],
      ['2026-03-18', [{ aluno_id: late.id }]],
    ] as const)
      await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, { data, faltas });
    const month = dataOf<ClassMonth>(
      await get(`/api/frequencia/turmas/${s.classB.id}/mes?mes=2026-03`, s.tutor.cookie),
    );
    expect(month.dias).toHaveLength(31);
    expect(month.dias[15]).toMatchObject({ data: '2026-03-16', letivo: true, chamadas: 1 });
    const line = (id: string) => month.alunos.find((aluno) => aluno.id === id)!;
    expect(line(s.b[0].id).faltas.slice(14, 19)).toEqual([null, 1, null, 0, null]);
    expect(line(late.id).faltas.slice(14, 19)).toEqual([null, null, null, 1, null]);
    expect(line(late.id)).toMatchObject({ aulas_dadas: 1, total_faltas: 1, frequencia: 0 });
    expect(line(s.b[1].id)).toMatchObject({ aulas_dadas: 2, total_faltas: 0, frequencia: 100 });
    expect(
      (await get(`/api/frequencia/turmas/${s.classB.id}/mes?mes=2026-13`, s.tutor.cookie)).statusCode,
    ).toBe(400);

    const home = dataOf<DashboardEscola>(await get('/api/dashboard/stats', s.admin.cookie));
    // B: 2 rolls × 2 students + 1 roll × the late one = 5 given, 2 counted absences.
    expect(home.frequencia_media).toBe(60);
    expect(home.performance_turmas).toEqual([{ turma: s.classB.nome, media: null, frequencia: 60 }]);
  });

  it('counts the year’s dias letivos as the Calendário does, a school day without a roll yet included', async () => {
    clock.pin('2026-02-04');
    const s = await setupSchool();
    // 02/02 taken, 03/02 missed, 04/02 (today) not taken yet.
    const roll = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-02-02',
      faltas: [],
    });
    expect(roll.statusCode).toBe(200);
    const years = dataOf<{ ano: number; dias_letivos: number }[]>(
      await get('/api/anos-letivos', s.admin.cookie),
    );
    const calendar = years.find((year) => year.ano === 2026)!.dias_letivos;
    expect(calendar).toBe(215);
    const home = dataOf<DashboardResponsavel>(await get('/api/dashboard/stats', s.guardian.cookie));
    expect(home.filhos.find((filho) => filho.id === s.b[0].id)).toMatchObject({
      aulas_dadas: 1,
      por_dia: true,
      previstas_ano: calendar,
      limite_faltas_ano: 53,
    });
  });
});
