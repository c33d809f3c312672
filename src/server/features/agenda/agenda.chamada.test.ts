/**
 * The agenda follows the day's roll (chamada): a child the teacher marked absent in the saved roll shows
 * as 'Não veio hoje' and their family is not told of meals or mood — also when the roll is saved after
 * the agenda was sent, or the agenda saved from a form loaded before the roll.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgendaAluno, AgendaDiaTurma } from '../../../shared/agenda.schemas.js';
import { agendaDias } from '../../db/schema/agenda.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { familyIn, setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { dayAbsentees } from '../attendance/index.js';
import { agendaFeed } from './index.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
const TODAY = '2026-03-20';
beforeEach(() => clock.pin(TODAY));
afterEach(() => clock.unpin());

const DAY = {
  itens: {
    refeicoes: [{ refeicao: 'Almoço', avaliacao: 'comeu_bem' }],
    humor: 'alegre',
    recados: 'Hoje pintamos com guache.',
  },
};

/** A 1º ano class (agenda on by default) with a daily roll and two families. */
async function firstGrade() {
  const s = await setupSchool(t, { stage: { nivel: 'Fundamental I', serie: '1º ano', nome: '1º Ano A' } });
  const ana = await familyIn(t, s.turma.id);
  const bia = await familyIn(t, s.turma.id);
  const agendaUrl = `/api/agenda/turmas/${s.turma.id}/${TODAY}`;
  const takeRoll = async (faltas: string[]) => {
    const saved = await send('PUT', `/api/frequencia/turmas/${s.turma.id}`, s.teacher.cookie, {
      data: TODAY,
      faltas: faltas.map((aluno_id) => ({ aluno_id })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const familyDay = async (family: typeof ana) =>
    dataOf<AgendaAluno>(await get(`/api/agenda/alunos/${family.child.id}?data=${TODAY}`, family.cookie));
  const feedOf = (family: typeof ana) =>
    agendaFeed(t.database.db, {
      userId: family.user.id,
      guardianId: family.guardian.id,
      alunos: [{ id: family.child.id, nome: family.child.nome }],
      today: TODAY,
      since: new Date('2026-03-01T00:00:00-03:00'),
      until: '2026-03-27',
    });
  return { ...s, ana, bia, agendaUrl, takeRoll, familyDay, feedOf };
}

describe('the agenda and the day’s roll', () => {
  it('shows a child absent in a roll saved after the agenda as not come, and tells the family nothing of the day', async () => {
    const s = await firstGrade();
    const sent = await send('PUT', s.agendaUrl, s.teacher.cookie, DAY);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await s.familyDay(s.ana)).dia).toMatchObject({ ausente: false, itens: { humor: 'alegre' } });

    await s.takeRoll([s.ana.child.id]);

    const day = dataOf<AgendaDiaTurma>(await get(s.agendaUrl, s.teacher.cookie));
    expect(day.excecoes).toEqual([{ aluno_id: s.ana.child.id, ausente: true, itens: {} }]);
    const flags = Object.fromEntries(day.alunos.map((aluno) => [aluno.id, aluno.falta_na_chamada]));
    expect(flags).toEqual({ [s.ana.child.id]: true, [s.bia.child.id]: false });

    const ana = await s.familyDay(s.ana);
    expect(ana.dia?.ausente).toBe(true);
    // No 'Comeu bem' or 'Alegre' for a day the child was not at school.
    expect(ana.dia?.itens).toMatchObject({ refeicoes: [], humor: null, recados: null, sono: [] });
    expect(await s.feedOf(s.ana)).toEqual([]);

    const bia = await s.familyDay(s.bia);
    expect(bia.dia).toMatchObject({ ausente: false, itens: { humor: 'alegre', recados: DAY.itens.recados } });
    expect((await s.feedOf(s.bia)).map((item) => item.resumo)).toEqual([
      'Almoço: comeu bem · Alegre · Hoje pintamos com guache.',
    ]);
  });

  it('keeps the roll’s absence when the agenda is saved from a form loaded before the roll, and follows a corrected roll', async () => {
    const s = await firstGrade();
    await s.takeRoll([s.ana.child.id, s.bia.child.id]);
    // The form was opened before the roll: it sends nobody absent, and a meal of Ana's own.
    const saved = await send('PUT', s.agendaUrl, s.teacher.cookie, {
      ...DAY,
      excecoes: [{ aluno_id: s.ana.child.id, itens: { humor: 'choroso' } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const day = dataOf<AgendaDiaTurma>(saved);
    expect(
      day.excecoes
        .filter((excecao) => excecao.ausente)
        .map((excecao) => excecao.aluno_id)
        .sort(),
    ).toEqual([s.ana.child.id, s.bia.child.id].sort());
    expect((await s.familyDay(s.ana)).dia?.ausente).toBe(true);
    expect((await s.familyDay(s.bia)).dia?.ausente).toBe(true);
    // The roll decides for the children it marks absent: nothing of theirs is stored.
    const [row] = await t.database.db.select().from(agendaDias);
    expect(row!.excecoes).toEqual([]);

    // Bia came after all: the corrected roll gives her the class's day again.
    await s.takeRoll([s.ana.child.id]);
    const bia = await s.familyDay(s.bia);
    expect(bia.dia).toMatchObject({ ausente: false, itens: { humor: 'alegre' } });
    expect((await s.familyDay(s.ana)).dia?.ausente).toBe(true);
  });
});

describe('dayAbsentees', () => {
  it('counts a day away only when the student missed every roll of the day (a lesson missed is not a day)', async () => {
    const turma = await insertClass(t, null);
    const [ana, bia] = [await insertStudent(t, turma.id), await insertStudent(t, turma.id)];
    const lessons = await t.database.db
      .insert(attendanceRolls)
      .values([1, 2].map((aula) => ({ turmaId: turma.id, data: TODAY, aula, disciplina: 'Matemática' })))
      .returning();
    await t.database.db.insert(attendanceAbsences).values([
      { chamadaId: lessons[0]!.id, alunoId: ana.id },
      { chamadaId: lessons[1]!.id, alunoId: ana.id, abonada: true },
      { chamadaId: lessons[0]!.id, alunoId: bia.id },
    ]);
    expect(await dayAbsentees(t.database.db, [turma.id], TODAY, TODAY)).toEqual([
      { turmaId: turma.id, data: TODAY, alunoId: ana.id },
    ]);
    expect(await dayAbsentees(t.database.db, [turma.id], '2026-03-21', '2026-03-27')).toEqual([]);
  });
});
