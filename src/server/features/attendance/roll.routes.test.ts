/**
 * Taking the roll (chamada): saving, refusals, a teacher's subjects, closed periods, and the roll by the
 * grade curricular.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Roll, StudentAttendance } from '../../../shared/attendance.schemas.js';
import type { Curriculum } from '../../../shared/curriculum.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { SchoolYear } from '../../../shared/calendar.schemas.js';
import type { Page } from '../../../shared/api.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { students } from '../../db/schema/students.js';
import { auditLog } from '../../db/schema/audit.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { get, mathRoll, send, setupSchool, t, setupAttendanceTestApp } from './attendance.test-setup.js';

setupAttendanceTestApp();

describe('chamada', () => {
  it('shows everyone present by default; saving twice is idempotent; later changes are audited', async () => {
    const s = await setupSchool();
    const [a1, a2, a3] = s.a;
    const empty = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classA.id}?data=2026-03-16`, s.math.cookie),
    );
    expect(empty).toMatchObject({ disciplina: 'Matemática', aula: 1, chamada: null, bloqueio: null });
    expect(empty.alunos.every((aluno) => aluno.presente)).toBe(true);
    expect(empty.periodo).toMatchObject({ nome: '1º bimestre', encerrado: false });

    const body = mathRoll('2026-03-16', [
      { aluno_id: a1.id },
      { aluno_id: a2.id, justificativa: 'Atestado' },
    ]);
    const first = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, body);
    expect(first.statusCode).toBe(200);
    const saved = dataOf<Roll>(first);
    const absentIds = saved.alunos.filter((aluno) => !aluno.presente).map((aluno) => aluno.falta!.id);
    expect(absentIds).toHaveLength(2);
    expect(saved.alunos.find((aluno) => aluno.id === a2.id)!.falta).toMatchObject({
      situacao: 'justificada',
    });

    const again = dataOf<Roll>(
      await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, body),
    );
    expect(again.alunos.filter((aluno) => !aluno.presente).map((aluno) => aluno.falta!.id)).toEqual(
      absentIds,
    );
    expect(await t.database.db.select().from(attendanceRolls)).toHaveLength(1);
    expect(await t.database.db.select().from(attendanceAbsences)).toHaveLength(2);
    const corrections = () =>
      t.database.db.select().from(auditLog).where(eq(auditLog.action, 'corrigir_frequencia'));
    expect(await corrections()).toHaveLength(0);

    const changed = await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-03-16', [{ aluno_id: a1.id }, { aluno_id: a3.id }]),
    );
    expect(changed.statusCode).toBe(200);
    const [audit] = await corrections();
    // Each list by the students' names, as the audit screen shows them.
    const byName = (list: { aluno: { nome: string; id: string }; justificativa: string | null }[]) =>
      list
        .sort((x, y) => x.aluno.nome.localeCompare(y.aluno.nome, 'pt-BR'))
        .map(({ aluno, justificativa }) => ({ aluno_id: aluno.id, justificativa }));
    expect(audit!.details).toMatchObject({
      data: '2026-03-16',
      disciplina: 'Matemática',
      antes: byName([
        { aluno: a1, justificativa: null },
        { aluno: a2, justificativa: 'Atestado' },
      ]),
      depois: byName([
        { aluno: a1, justificativa: null },
        { aluno: a3, justificativa: null },
      ]),
    });
    // a1's absence kept its id through the correction.
    const reopened = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática&aula=1`,
        s.math.cookie,
      ),
    );
    expect(reopened.alunos.find((aluno) => aluno.id === a1.id)!.falta!.id).toBe(
      saved.alunos.find((aluno) => aluno.id === a1.id)!.falta!.id,
    );
    expect(reopened.chamada).not.toBeNull();
  });

  it('lists the class in the order of its names as Portuguese sorts them, accents aside (the número de chamada)', async () => {
    const s = await setupSchool();
    const names = ['Lorena Machado', 'Lívia Pereira', 'Luiza Martins', 'Ágata Lima', 'Bruno Reis'];
    const ids = s.a.slice(0, 3).map((aluno) => aluno.id);
    const extra = await insertClassmates(s.classA.id, 2);
    for (const [index, id] of [...ids, ...extra].entries())
      await t.database.db.update(students).set({ nome: names[index]! }).where(eq(students.id, id));
    const roll = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classA.id}?data=2026-03-16`, s.math.cookie),
    );
    expect(roll.alunos.map((aluno) => aluno.nome)).toEqual([
      'Ágata Lima',
      'Bruno Reis',
      'Lívia Pereira',
      'Lorena Machado',
      'Luiza Martins',
    ]);
  });

  it('the audit of a correction names each student beside the id, on the Auditoria screen and in its CSV', async () => {
    const s = await setupSchool();
    const [a1, a2, a3] = s.a;
    const put = (faltas: { aluno_id: string; justificativa?: string }[]) =>
      send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, mathRoll('2026-03-16', faltas));
    await put([{ aluno_id: a1.id }, { aluno_id: a2.id, justificativa: 'Atestado' }]);
    expect((await put([{ aluno_id: a1.id }, { aluno_id: a3.id }])).statusCode).toBe(200);

    const list = dataOf<Page<{ detalhes: Record<string, unknown> }>>(
      await get('/api/auditoria?acao=corrigir_frequencia', s.admin.cookie),
    );
    expect(list.items).toHaveLength(1);
    const byId = (rows: unknown) =>
      Object.fromEntries(
        (rows as { aluno_id: string; nome: string }[]).map((row) => [row.aluno_id, row.nome]),
      );
    expect(byId(list.items[0]!.detalhes.antes)).toEqual({ [a1.id]: a1.nome, [a2.id]: a2.nome });
    expect(byId(list.items[0]!.detalhes.depois)).toEqual({ [a1.id]: a1.nome, [a3.id]: a3.nome });
    const csv = await get('/api/auditoria?acao=corrigir_frequencia&format=csv', s.admin.cookie);
    expect(csv.statusCode).toBe(200);
    for (const aluno of [a1, a2, a3]) expect(csv.body).toContain(aluno.nome);
  });

  it('refuses a non-letivo day, a day in the future, a day outside the year and a student not in the class', async () => {
    const s = await setupSchool();
    const put = (data: string, faltas: { aluno_id: string }[] = []) =>
      send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, mathRoll(data, faltas));
    const carnaval = await put('2026-02-16');
    expect(carnaval.statusCode).toBe(400);
    expect(messageOf(carnaval)).toBe('16/02/2026 não é dia letivo (Carnaval).');
    expect((await put('2026-03-21')).statusCode).toBe(400);
    const future = await put('2026-03-23');
    expect(future.statusCode).toBe(400);
    expect(messageOf(future)).toMatch(/data futura/);
    expect(messageOf(await put('2026-01-20'))).toMatch(/Não há ano letivo/);
    const outsider = await put('2026-03-18', [{ aluno_id: s.b[0].id }]);
    expect(outsider.statusCode).toBe(400);
    expect(messageOf(outsider)).toBe('Aluno não pertence à turma nesta data.');
    const roll = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classA.id}?data=2026-02-16`, s.math.cookie),
    );
    expect(roll.bloqueio).toBe('16/02/2026 não é dia letivo (Carnaval).');
    expect(await t.database.db.select().from(attendanceRolls)).toHaveLength(0);
  });

  it('answers a bad year or lesson in Portuguese of Brazil, not with the validator’s generic text', async () => {
    const s = await setupSchool();
    const lesson = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      ...mathRoll('2026-03-20', []),
      aula: 99,
    });
    expect(lesson.statusCode).toBe(400);
    expect(messageOf(lesson)).toBe('Aula inválida (no máximo 12 por dia)');
    const asked = await get(`/api/frequencia/turmas/${s.classA.id}?aula=x`, s.math.cookie);
    expect(messageOf(asked)).toBe('Aula inválida');
    for (const url of ['/api/frequencia/alertas?ano=1999', `/api/frequencia/alunos/${s.a[0].id}?ano=abc`]) {
      const response = await get(url, s.admin.cookie);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe('Ano inválido');
    }
  });

  it('a teacher takes only the rolls of their own subject; a daily class takes no subject', async () => {
    const s = await setupSchool();
    const other = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      data: '2026-03-17',
      disciplina: 'Português',
      aula: 1,
      faltas: [],
    });
    expect(other.statusCode).toBe(403);
    expect(messageOf(other)).toBe('Você não leciona Português nesta turma.');
    const outOfGrid = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
      data: '2026-03-17',
      disciplina: 'Química',
      faltas: [],
    });
    expect(outOfGrid.statusCode).toBe(400);
    const noSubject = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      data: '2026-03-17',
      faltas: [],
    });
    expect(noSubject.statusCode).toBe(400);
    const daily = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-17',
      disciplina: 'Matemática',
      faltas: [],
    });
    expect(daily.statusCode).toBe(400);
    expect(
      (
        await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
          data: '2026-03-17',
          faltas: [],
        })
      ).statusCode,
    ).toBe(200);
    // A guardian never reaches the diary.
    expect((await get(`/api/frequencia/turmas/${s.classB.id}`, s.guardian.cookie)).statusCode).toBe(403);
  });

  it('after a period closes only an administrator changes its rolls, and the change is audited', async () => {
    const s = await setupSchool();
    const body = mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]);
    expect((await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, body)).statusCode).toBe(
      200,
    );
    clock.pin('2026-04-27');
    const late = await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-03-16', []),
    );
    // A closed period is a conflict with the calendar (409), the same answer the grade book gives.
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(
      'O 1º bimestre foi encerrado em 24/04/2026. Só a coordenação ou a direção pode alterar esta frequência.',
    );
    const roll = dataOf<Roll>(
      await get(`/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática`, s.math.cookie),
    );
    expect(roll.periodo).toMatchObject({ encerrado: true });
    expect(roll.bloqueio).toMatch(/encerrado/);
    const byAdmin = await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.admin.cookie,
      mathRoll('2026-03-16', []),
    );
    expect(byAdmin.statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'corrigir_frequencia'));
    expect(audit!.details).toMatchObject({ antes: [{ aluno_id: s.a[0].id }], depois: [] });
    // The second bimestre is still open for the teacher.
    expect(
      (
        await send(
          'PUT',
          `/api/frequencia/turmas/${s.classA.id}`,
          s.math.cookie,
          mathRoll('2026-04-22', [{ aluno_id: s.a[1].id }]),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('a school day between two periods closes with the one before it and counts in its column', async () => {
    // The 2nd bimestre ends on 03/07 and the 3rd starts on 20/07: 06–17/07 were left between them.
    const s = await setupSchool();
    clock.pin('2026-07-08');
    const saved = await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-07-08', [{ aluno_id: s.a[0].id }]),
    );
    expect(saved.statusCode).toBe(200);
    expect(dataOf<Roll>(saved).periodo).toMatchObject({ nome: '2º bimestre', encerrado: false });
    clock.pin('2026-07-13');
    const late = await send(
      'PUT',
      `/api/frequencia/turmas/${s.classA.id}`,
      s.math.cookie,
      mathRoll('2026-07-08', []),
    );
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe(
      'O 2º bimestre foi encerrado em 10/07/2026. Só a coordenação ou a direção pode alterar esta frequência.',
    );
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}`, s.admin.cookie));
    const math = card.disciplinas.find((subject) => subject.disciplina === 'Matemática')!;
    expect(math.periodos.map((period) => period.faltas)).toEqual([0, 1, 0, 0]);
    // The calendar counts those days in the 2nd bimestre too: the periods add up to the year.
    const [year] = dataOf<SchoolYear[]>(await get('/api/anos-letivos', s.admin.cookie));
    expect(year!.periodos.reduce((sum, period) => sum + period.dias_letivos, 0)).toBe(year!.dias_letivos);
  });

  it('a class with attendance on record cannot be deleted', async () => {
    const s = await setupSchool();
    await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-17',
      faltas: [],
    });
    const other = await insertClass(t, null);
    await send('PUT', `/api/frequencia/turmas/${other.id}`, s.admin.cookie, {
      data: '2026-03-17',
      faltas: [],
    });
    const response = await send('DELETE', `/api/turmas/${other.id}`, s.admin.cookie);
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toMatch(/frequência registrada/);
  });
});

describe('chamada pela grade curricular (issue 29)', () => {
  const rollsOfClass = async (turmaId: string) =>
    t.database.db.select().from(attendanceRolls).where(eq(attendanceRolls.turmaId, turmaId));

  it('refuses a lesson the timetable does not have that weekday, for everyone, and records nothing', async () => {
    const s = await setupSchool();
    const turma = s.classA.nome;
    // Friday 20/03: Matemática (5 a week on Mon/Wed/Fri) has one lesson; Português (Tue/Thu) none.
    const twelfth = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      ...mathRoll('2026-03-20', [{ aluno_id: s.a[0].id }]),
      aula: 12,
    });
    expect(twelfth.statusCode).toBe(400);
    expect(messageOf(twelfth)).toBe(
      `A turma ${turma} não tem a 12ª aula de Matemática na sexta-feira (20/03/2026): a grade curricular tem 1 aula de Matemática nesse dia.`,
    );
    expect(twelfth.json<{ details: { path: string }[] }>().details[0]!.path).toBe('aula');
    const second = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
      ...mathRoll('2026-03-20', []),
      aula: 2,
    });
    expect(second.statusCode).toBe(400);
    const noLessonToday = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
      data: '2026-03-20',
      disciplina: 'Português',
      aula: 1,
      faltas: [{ aluno_id: s.a[0].id }],
    });
    expect(noLessonToday.statusCode).toBe(400);
    expect(messageOf(noLessonToday)).toBe(
      `A turma ${turma} não tem aula de Português na sexta-feira (20/03/2026) pela grade curricular.`,
    );
    expect(await rollsOfClass(s.classA.id)).toEqual([]);
    const figures = dataOf<StudentAttendance>(
      await get(`/api/frequencia/alunos/${s.a[0].id}`, s.admin.cookie),
    );
    expect(figures.geral).toMatchObject({ aulas_dadas: 0, faltas: 0 });

    // The lessons the grid has are taken as before: Monday has two of Matemática.
    for (const aula of [1, 2])
      expect(
        (
          await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
            ...mathRoll('2026-03-16', []),
            aula,
          })
        ).statusCode,
      ).toBe(200);
    // The roll screen says why before anyone types a mark.
    const asked = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-20&disciplina=Matemática&aula=3`,
        s.math.cookie,
      ),
    );
    expect(asked.bloqueio).toBe(
      `A turma ${turma} não tem a 3ª aula de Matemática na sexta-feira (20/03/2026): a grade curricular tem 1 aula de Matemática nesse dia.`,
    );
  });

  it('a roll on record outside today’s grid still counts; only the administrator corrects it, and it can be removed', async () => {
    const s = await setupSchool();
    const [a1] = s.a;
    // Monday 16/03 had two lessons of Matemática; then the grid moves them all to Wed/Fri.
    for (const aula of [1, 2])
      await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
        ...mathRoll('2026-03-16', aula === 2 ? [{ aluno_id: a1.id }] : []),
        aula,
      });
    const grade = dataOf<Curriculum>(await get(`/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie));
    const regrid = await send('PUT', `/api/turmas/${s.classA.id}/disciplinas`, s.admin.cookie, {
      frequencia_modo: 'por_aula',
      version: grade.version,
      disciplinas: grade.disciplinas.map((item) => ({
        disciplina: item.disciplina,
        professor_id: item.professor?.id ?? null,
        aulas_semanais: item.aulas_semanais,
        dias_semana: item.disciplina === 'Matemática' ? [3, 5] : item.dias_semana,
      })),
    });
    expect(regrid.statusCode).toBe(200);

    const monday = dataOf<Roll>(
      await get(
        `/api/frequencia/turmas/${s.classA.id}?data=2026-03-16&disciplina=Matemática&aula=2`,
        s.math.cookie,
      ),
    );
    expect(monday.aulas).toEqual([
      expect.objectContaining({ aula: 1, registrada: true, pode_registrar: false, fora_da_grade: true }),
      expect.objectContaining({ aula: 2, registrada: true, pode_registrar: false, fora_da_grade: true }),
    ]);
    expect(monday.bloqueio).toMatch(
      /não tem aula de Matemática na segunda-feira .* só a secretaria pode alterá-la/,
    );
    expect(monday.chamada?.pode_remover).toBe(true);
    // Given lessons are records: they still count.
    const figures = dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${a1.id}`, s.admin.cookie));
    expect(figures.geral).toMatchObject({ aulas_dadas: 2, faltas: 1 });

    const byTeacher = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: a1.id }, { aluno_id: s.a[1].id }]),
      aula: 2,
    });
    expect(byTeacher.statusCode).toBe(409);
    const byAdmin = await send('PUT', `/api/frequencia/turmas/${s.classA.id}`, s.admin.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: a1.id, justificativa: 'Atestado' }]),
      aula: 2,
    });
    expect(byAdmin.statusCode).toBe(200);
    const removed = await send('DELETE', `/api/frequencia/chamadas/${monday.chamada!.id}`, s.math.cookie, {
      motivo: 'Aula que não houve',
    });
    expect(removed.statusCode).toBe(200);
    expect(await rollsOfClass(s.classA.id)).toHaveLength(1);
  });
});

/** More students in a class (enrolled since January): their ids. */
async function insertClassmates(turmaId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) ids.push((await insertStudent(t, turmaId)).id);
  return ids;
}
