/** The agenda in the family's feed (issue 32 §1, §3): today's saved day is an item for the child. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { insertStudent } from '../../test/records-fixtures.js';
import { familyIn, setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { agendaFeed } from './index.js';

const t = setupTestApp();
const { send } = requestsOf(() => t.app);
afterEach(() => clock.unpin());
beforeEach(() => clock.pin('2026-03-19'));

const DAY = { itens: { refeicoes: [{ refeicao: 'Almoço', avaliacao: 'comeu_pouco' }], humor: 'tranquilo' } };

describe('agendaFeed', () => {
  it("gives each child their class's saved days, pending only when today's asks to bring something", async () => {
    const s = await setupSchool(t, { stage: { nivel: 'Educação Infantil', serie: 'Maternal II' } });
    const family = await familyIn(t, s.turma.id);
    const classmate = await insertStudent(t, s.turma.id);
    const url = (data: string) => `/api/agenda/turmas/${s.turma.id}/${data}`;
    expect((await send('PUT', url('2026-03-19'), s.teacher.cookie, DAY)).statusCode).toBe(200);
    clock.pin('2026-03-20');
    const today = await send('PUT', url('2026-03-20'), s.teacher.cookie, {
      ...DAY,
      excecoes: [
        { aluno_id: family.child.id, itens: { precisa_trazer: ['Fralda'] } },
        { aluno_id: classmate.id, ausente: true },
      ],
    });
    expect(today.statusCode, today.body).toBe(200);

    const scope = {
      userId: family.user.id,
      guardianId: family.guardian.id,
      alunos: [
        { id: family.child.id, nome: family.child.nome },
        { id: classmate.id, nome: classmate.nome },
      ],
      today: '2026-03-20',
      since: new Date('2026-03-01T00:00:00-03:00'),
      until: '2026-03-27',
    };
    const items = await agendaFeed(t.database.db, scope);
    // The absent classmate has nothing for today; yesterday's is theirs too.
    expect(items.map((item) => [item.aluno_id, item.data.length > 0, item.pendente, item.resumo])).toEqual([
      [family.child.id, true, true, 'Precisa trazer: Fralda'],
      [family.child.id, true, false, 'Almoço: comeu pouco · Tranquilo'],
      [classmate.id, true, false, 'Almoço: comeu pouco · Tranquilo'],
    ]);
    expect(items[0]).toMatchObject({
      tipo: 'agenda',
      link: `/dashboard/familia/agenda?aluno=${family.child.id}&data=2026-03-20`,
    });
    expect(items[0]!.titulo).toMatch(/^Agenda de hoje: /);
    // Outside the window: nothing.
    expect(
      await agendaFeed(t.database.db, { ...scope, since: new Date('2026-03-21T00:00:00-03:00') }),
    ).toEqual([]);
  });
});
