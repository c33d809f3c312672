/**
 * Ensino Médio, a change of itinerário (ADR 0110, 0111): every attendance figure outside the boletim counts
 * the lessons of the itinerário left until the change and the new one's from it (curriculum's
 * `tookSubjectOn`), so a student's frequency is the boletim's on every screen.
 *
 * `setupItinerarioChange`: the first student had two Laboratório lessons in March (absent on 09/03) and the
 * Oficina's of 10/03 was not theirs; on 01/04 they moved to the Oficina's itinerário and missed its lesson
 * (the Laboratório's of that day is no longer theirs). The boletim says 3 lessons, 2 absences.
 */
import { describe, expect, it } from 'vitest';
import type {
  AttendanceAlerts,
  ClassMonth,
  Roll,
  StudentAttendance,
} from '../../../shared/attendance.schemas.js';
import type { DashboardEscola, DashboardStats } from '../../../shared/dashboard.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { StudentLessons } from '../../../shared/tarefas.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf } from '../../test/records-fixtures.js';
import { LAB, OFICINA, setupItinerarioChange } from '../../test/medio-fixtures.js';
import { get, send, setupAttendanceTestApp, t } from './attendance.test-setup.js';

setupAttendanceTestApp();

describe('Ensino Médio: attendance after a change of itinerário counts what the boletim counts', () => {
  it('the record, the family’s pages, the alerts, the month and the homes', async () => {
    const s = await setupItinerarioChange(t);
    const aluno = s.a[0].id;
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${aluno}?ano=2026`, s.admin.cookie));
    expect(card.frequencia).toMatchObject({ aulas_dadas: 3, faltas: 2 });

    // The record (staff's Frequência and the family's page): the Laboratório until the change, the
    // Oficina from it — where it counted the Oficina's two lessons and none of the Laboratório's.
    for (const cookie of [s.admin.cookie, s.family.cookie]) {
      const record = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${aluno}?ano=2026`, cookie));
      expect(record.geral).toMatchObject({ aulas_dadas: 3, faltas: 2, frequencia: 33.3 });
      expect(record.por_disciplina.map((item) => [item.disciplina, item.aulas_dadas, item.faltas])).toEqual([
        [LAB, 2, 1],
        [OFICINA, 1, 1],
      ]);
    }

    // The family's home panel: the same figures.
    const home = dataOf<DashboardStats>(await get('/api/dashboard/stats', s.family.cookie));
    expect(home.escopo).toBe('responsavel');
    const child = home.escopo === 'responsavel' ? home.filhos.find((filho) => filho.id === aluno) : undefined;
    expect(child).toMatchObject({ aulas_dadas: 3, faltas: 2, frequencia: 33.3 });

    // The alerts (below the minimum, the Conselho Tutelar line): 3 lessons, not 2.
    const alerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas?ano=2026', s.admin.cookie));
    expect(
      alerts.abaixo_minimo
        .filter((item) => item.aluno.id === aluno)
        .map((item) => [item.aulas_dadas, item.frequencia]),
    ).toEqual([[3, 33.3]]);

    // The class's month: in March the two Laboratório lessons (not the Oficina's), in April the Oficina's.
    const month = async (mes: string) =>
      dataOf<ClassMonth>(
        await get(`/api/frequencia/turmas/${s.turma.id}/mes?mes=${mes}`, s.admin.cookie),
      ).alunos.find((item) => item.id === aluno);
    expect(await month('2026-03')).toMatchObject({ aulas_dadas: 2, total_faltas: 1, frequencia: 50 });
    expect(await month('2026-04')).toMatchObject({ aulas_dadas: 1, total_faltas: 1, frequencia: 0 });

    // The class's figure on the school's home: 3 + 2 lessons (the second student's Oficina), 2 absences.
    const school = dataOf<DashboardEscola>(await get('/api/dashboard/stats', s.admin.cookie));
    expect(school.performance_turmas.find((item) => item.turma === s.turma.nome)?.frequencia).toBe(60);
  });

  it('the rolls and the lesson list of before the change still hold the student', async () => {
    const s = await setupItinerarioChange(t);
    const aluno = s.a[0].id;
    const rollUrl = `/api/frequencia/turmas/${s.turma.id}`;
    const rollOf = async (data: string, disciplina: string) =>
      dataOf<Roll>(
        await get(
          `${rollUrl}?data=${data}&disciplina=${encodeURIComponent(disciplina)}&aula=1`,
          s.admin.cookie,
        ),
      ).alunos.find((item) => item.id === aluno);
    // The Laboratório's roll of 09/03 still shows the absence (it is the boletim's), the one of 01/04 not.
    expect((await rollOf('2026-03-09', LAB))?.presente).toBe(false);
    expect(await rollOf('2026-04-01', LAB)).toBeUndefined();
    expect(await rollOf('2026-03-10', OFICINA)).toBeUndefined();
    expect((await rollOf('2026-04-01', OFICINA))?.presente).toBe(false);
    // Rectified after the change: the absence of 09/03 can be taken off (it was refused: not on the roll).
    const fixed = await send('PUT', rollUrl, s.admin.cookie, {
      data: '2026-03-09',
      disciplina: LAB,
      aula: 1,
      faltas: [],
      conteudo: 'Densidade',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await rollOf('2026-03-09', LAB))?.presente).toBe(true);

    // The lesson list (the family's Tarefas): the Laboratório's of March, the Oficina's from April.
    const oficina = await send('PUT', rollUrl, s.lh.cookie, {
      data: '2026-03-10',
      disciplina: OFICINA,
      aula: 1,
      faltas: [],
      conteudo: 'Crônica',
    });
    expect(oficina.statusCode, oficina.body).toBe(200);
    clock.pin('2026-04-01');
    const lessons = dataOf<StudentLessons>(
      await get(`/api/frequencia/alunos/${aluno}/tarefas?de=2026-03-01&ate=2026-04-01`, s.family.cookie),
    );
    expect(lessons.aulas.map((item) => [item.data, item.disciplina])).toEqual([['2026-03-09', LAB]]);
  });
});
