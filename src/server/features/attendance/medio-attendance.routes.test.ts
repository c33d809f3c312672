/**
 * Ensino Médio outside the boletim (ADR 0027, issue 31): a student's attendance figures — the record, the
 * alerts, the Conselho Tutelar letter's — count only the lessons of their own subjects (the formação geral
 * básica and their itinerário), the rule the boletim uses (curriculum's `tookSubjectOn`; a change of itinerário: itinerario-change-attendance).
 */
import { describe, expect, it } from 'vitest';
import type { AttendanceAlerts, ClassMonth, StudentAttendance } from '../../../shared/attendance.schemas.js';
import type { DashboardEscola } from '../../../shared/dashboard.schemas.js';
import { dataOf } from '../../test/records-fixtures.js';
import { LAB, setupMedioSchool } from '../../test/medio-fixtures.js';
import { get, send, setupAttendanceTestApp, t } from './attendance.test-setup.js';

setupAttendanceTestApp();

describe("Ensino Médio: attendance counts the student's own subjects", () => {
  it('the other itinerário’s lessons are in neither the record nor the alerts', async () => {
    const s = await setupMedioSchool(t);
    const roll = (cookie: string, data: string, disciplina: string, faltas: string[]) =>
      send('PUT', `/api/frequencia/turmas/${s.turma.id}`, cookie, {
        data,
        disciplina,
        aula: 1,
        faltas: faltas.map((aluno_id) => ({ aluno_id })),
      });
    // One lesson of the formação geral básica (the second student missed it), three of the Laboratório
    // (the first itinerário's: not the second student's).
    expect((await roll(s.fgb.cookie, '2026-03-16', 'Matemática', [s.a[1].id])).statusCode).toBe(200);
    for (const data of ['2026-03-17', '2026-03-18', '2026-03-19'])
      expect((await roll(s.cn.cookie, data, LAB, [])).statusCode).toBe(200);

    const record = (id: string) =>
      get(`/api/frequencia/alunos/${id}?ano=2026`, s.admin.cookie).then((r) => dataOf<StudentAttendance>(r));
    const other = await record(s.a[1].id);
    expect(other.geral).toMatchObject({ aulas_dadas: 1, faltas: 1, frequencia: 0 });
    expect(other.por_disciplina.map((item) => item.disciplina)).toEqual(['Matemática']);
    const chosen = await record(s.a[0].id);
    expect(chosen.geral).toMatchObject({ aulas_dadas: 4, faltas: 0 });
    expect(chosen.por_disciplina.map((item) => item.disciplina).sort()).toEqual([LAB, 'Matemática'].sort());

    const alerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas?ano=2026', s.admin.cookie));
    expect(alerts.abaixo_minimo.map((item) => [item.aluno.id, item.aulas_dadas, item.frequencia])).toEqual([
      [s.a[1].id, 1, 0],
    ]);
    // One absence is not past the Conselho Tutelar line (a count over the year's planned lessons, ADR 0117).
    expect(alerts.conselho_tutelar).toEqual([]);

    // The month summary counted every lesson of the day for every student: the second student had 4
    // lessons given and 75,0 % — not red — where their record says 1 lesson and 0 %.
    const month = dataOf<ClassMonth>(
      await get(`/api/frequencia/turmas/${s.turma.id}/mes?mes=2026-03`, s.admin.cookie),
    );
    const line = (id: string) => month.alunos.find((aluno) => aluno.id === id)!;
    expect(month.turma.frequencia_minima).toBe(75);
    expect(line(s.a[0].id)).toMatchObject({
      aulas_dadas: 4,
      total_faltas: 0,
      frequencia: 100,
      abaixo_minimo: false,
    });
    expect(line(s.a[1].id)).toMatchObject({
      aulas_dadas: 1,
      total_faltas: 1,
      frequencia: 0,
      abaixo_minimo: true,
    });
    expect(line(s.a[2].id)).toMatchObject({ aulas_dadas: 1, total_faltas: 0, frequencia: 100 });
    expect(line(s.a[1].id).faltas.slice(15, 19)).toEqual([1, null, null, null]);

    // The class's figure on the home: 4 + 1 + 1 lessons given, 1 absence — not 12 and 1 (91,7 %).
    const home = dataOf<DashboardEscola>(await get('/api/dashboard/stats', s.admin.cookie));
    expect(home.performance_turmas.find((item) => item.turma === s.turma.nome)?.frequencia).toBe(83.3);
    expect(home.frequencia_media).toBe(83.3);
  });
});
