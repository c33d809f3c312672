/** The grades' source of the family's feed (issue 32 §1): a period published for the child's class. */
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { insertClass } from '../../test/records-fixtures.js';
import { feedScopeOf } from '../../test/family-feed-fixtures.js';
import { familyIn, setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp } from '../../test/test-app.js';
import { gradesFeed } from './grades.feed.js';

const t = setupTestApp();
const { send } = requestsOf(() => t.app);
afterEach(() => clock.unpin());

describe('gradesFeed', () => {
  it("gives the boletim of a period once published for the child's class (its own or the school's), never Infantil's", async () => {
    clock.pin(new Date('2026-04-25T10:00:00-03:00'));
    const { admin, year, turma } = await setupSchool(t);
    const family = await familyIn(t, turma.id);
    const otherClass = await insertClass(t, null);
    const other = await familyIn(t, otherClass.id);
    const infantil = await insertClass(t, null, 20, { nivel: 'Educação Infantil', serie: 'Pré II' });
    const small = await familyIn(t, infantil.id);
    const [first, second] = year!.periodos;
    const action = async (periodo: string, what: string, body: object) => {
      const response = await send('POST', `/api/periodos/${periodo}/${what}`, admin.cookie, body);
      expect(response.statusCode, response.body).toBe(200);
    };
    const feedOf = (who: typeof family) =>
      gradesFeed(t.database.db, feedScopeOf(who, [who.child], '2026-04-25'));

    expect(await feedOf(family)).toEqual([]);
    // The 1st bimestre (closed by its date) published for the family's class only.
    await action(first!.id, 'publicar', { turma_id: turma.id });
    expect(await feedOf(family)).toEqual([
      {
        id: `nota:${family.child.id}:${first!.id}`,
        tipo: 'nota',
        titulo: 'Notas do 1º bimestre publicadas',
        resumo: `O boletim de ${family.child.nome} do 1º bimestre de 2026 está disponível.`,
        data: '2026-04-25T13:00:00.000Z',
        link: `/dashboard/familia/boletim?aluno=${family.child.id}`,
        aluno_id: family.child.id,
        pendente: false,
      },
    ]);
    expect(await feedOf(other)).toEqual([]);

    // The 2nd, closed and published for the whole school: every class but Educação Infantil's.
    clock.pin(new Date('2026-07-11T09:00:00-03:00'));
    await action(second!.id, 'fechar', {});
    await action(second!.id, 'publicar', {});
    const scope = (who: typeof family) => feedScopeOf(who, [who.child], '2026-07-11');
    expect((await gradesFeed(t.database.db, scope(other))).map((item) => item.titulo)).toEqual([
      'Notas do 2º bimestre publicadas',
    ]);
    expect(await gradesFeed(t.database.db, scope(small))).toEqual([]);
    // Published in April, the 1st is out of the July window; unpublished, the 2nd is gone.
    expect((await gradesFeed(t.database.db, scope(family))).map((item) => item.titulo)).toEqual([
      'Notas do 2º bimestre publicadas',
    ]);
    await action(second!.id, 'publicar', { publicado: false });
    expect(await gradesFeed(t.database.db, scope(family))).toEqual([]);
  });
});
