import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RollClass } from '../../../shared/attendance.schemas.js';
import type { Page } from '../../../shared/api.js';
import type { SchoolClass } from '../../../shared/classes.schemas.js';
import type { DashboardProfessor } from '../../../shared/dashboard.schemas.js';
import type { Student } from '../../../shared/students.schemas.js';
import type { Teacher, TeacherStatus } from '../../../shared/teachers.schemas.js';
import { buildApp, type App } from '../../app.js';
import { clock } from '../../lib/clock.js';
import { dataOf } from '../../test/records-fixtures.js';
import { familyIn, setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp, testConfig } from '../../test/test-app.js';
import { teachers } from '../../db/schema/teachers.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

beforeEach(() => clock.pin('2026-03-20'));
afterEach(() => clock.unpin());

/**
 * A teacher with a portal account, responsible for a class of one student, in a 2026 year; and what the
 * teacher reaches, read through the API (on `app`: this instance or another on the same database).
 */
async function setup() {
  const school = await setupSchool(t, {
    year: { periodos: undefined },
    subjects: [{ disciplina: 'Matemática', aulas_semanais: 5, dias_semana: [1, 2, 3, 4, 5] }],
  });
  const { admin, turma } = school;
  const { teacher, ...teacherUser } = school.teacher;
  const periodoId = school.year!.periodos[0]!.id;
  const { child: student, ...guardianUser } = await familyIn(t, turma.id);
  const setStatus = async (status: TeacherStatus) => {
    const [row] = await t.database.db.select().from(teachers).where(eq(teachers.id, teacher.id));
    const saved = await send('PUT', `/api/professores/${teacher.id}`, admin.cookie, {
      nome: row!.nome,
      email: row!.email,
      status,
      version: row!.version,
    });
    expect(saved.statusCode).toBe(200);
    return dataOf<{ professor: Teacher }>(saved).professor;
  };
  const reach = async (app: App = t.app) => {
    const read = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: teacherUser.cookie } });
    const [classesSeen, studentsSeen, rollClasses, roll, attendance, grid, reportCard, dashboard] =
      await Promise.all([
        read('/api/turmas'),
        read('/api/alunos'),
        read('/api/frequencia/turmas?data=2026-03-20'),
        read(`/api/frequencia/turmas/${turma.id}?data=2026-03-20`),
        read(`/api/frequencia/alunos/${student.id}`),
        read(`/api/notas/turmas/${turma.id}?disciplina=Matemática&periodo_id=${periodoId}`),
        read(`/api/boletins/alunos/${student.id}`),
        read('/api/dashboard/stats'),
      ]);
    const saveRoll = await app.inject({
      method: 'PUT',
      url: `/api/frequencia/turmas/${turma.id}`,
      headers: { cookie: teacherUser.cookie, 'content-type': 'application/json' },
      payload: { data: '2026-03-20', faltas: [{ aluno_id: student.id }] },
    });
    return {
      turmas: dataOf<SchoolClass[]>(classesSeen).map((item) => item.id),
      alunos: dataOf<Page<Student>>(studentsSeen).items.map((item) => item.id),
      chamadas: dataOf<RollClass[]>(rollClasses).map((item) => item.id),
      status: {
        roll: roll.statusCode,
        saveRoll: saveRoll.statusCode,
        attendance: attendance.statusCode,
        grid: grid.statusCode,
        reportCard: reportCard.statusCode,
      },
      dashboard: dataOf<DashboardProfessor>(dashboard),
    };
  };
  /** The teachers the student's family may write to (Mensagens → Nova conversa). */
  const writableTeachers = async () => {
    const destinos = dataOf<{ aluno: { id: string }; professores: { id: string }[] }[]>(
      await get('/api/mensagens/destinos', guardianUser.cookie),
    );
    return destinos.flatMap((item) => item.professores.map((professor) => professor.id));
  };
  return { admin, teacher, turma, student, setStatus, reach, writableTeachers };
}

describe('a teacher record that is not ativo (issue 29)', () => {
  it('reaches no class, student, roll or grade while inativo or afastado, whatever the account says', async () => {
    const s = await setup();
    const active = await s.reach();
    expect(active).toMatchObject({
      turmas: [s.turma.id],
      alunos: [s.student.id],
      chamadas: [s.turma.id],
      status: { roll: 200, saveRoll: 200, attendance: 200, grid: 200, reportCard: 200 },
    });
    expect(active.dashboard.acesso_suspenso).toBeUndefined();
    expect(await s.writableTeachers()).toEqual([s.teacher.id]);

    for (const status of ['afastado', 'inativo'] as const) {
      const saved = await s.setStatus(status);
      expect(saved.tem_acesso).toBe(true);
      const away = await s.reach();
      expect(away).toMatchObject({
        turmas: [],
        alunos: [],
        chamadas: [],
        status: { roll: 404, saveRoll: 404, attendance: 404, grid: 404, reportCard: 404 },
      });
      // The teacher's home says why.
      expect(away.dashboard).toMatchObject({ total_turmas: 0, turmas: [], acesso_suspenso: status });
      // Families are not offered a teacher who would not read them.
      expect(await s.writableTeachers()).toEqual([]);
    }

    await s.setStatus('ativo');
    const back = await s.reach();
    expect(back).toMatchObject({ turmas: [s.turma.id], alunos: [s.student.id] });
    expect(back.dashboard.acesso_suspenso).toBeUndefined();
  });

  it('holds from the next request on, also on another instance whose session cache knows the teacher', async () => {
    const s = await setup();
    const other = await buildApp(testConfig(), { database: t.database, serveClient: false });
    try {
      // Both instances have served (and cached) the teacher's session.
      expect((await s.reach()).turmas).toEqual([s.turma.id]);
      expect((await s.reach(other)).turmas).toEqual([s.turma.id]);
      await s.setStatus('afastado');
      const away = await s.reach(other);
      expect(away.turmas).toEqual([]);
      expect(away.status.roll).toBe(404);
      await s.setStatus('ativo');
      expect((await s.reach(other)).turmas).toEqual([s.turma.id]);
    } finally {
      await other.close();
    }
  });

  it('leaves the classes to the administrator, who still takes their rolls', async () => {
    const s = await setup();
    await s.setStatus('afastado');
    const roll = await send('PUT', `/api/frequencia/turmas/${s.turma.id}`, s.admin.cookie, {
      data: '2026-03-20',
      faltas: [{ aluno_id: s.student.id }],
    });
    expect(roll.statusCode).toBe(200);
    expect((await get(`/api/turmas/${s.turma.id}`, s.admin.cookie)).statusCode).toBe(200);
  });
});
