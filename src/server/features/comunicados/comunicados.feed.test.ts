/** The comunicados' source of the family's feed (issue 32 §1). */
import { describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { dataOf } from '../../test/records-fixtures.js';
import { feedScopeOf } from '../../test/family-feed-fixtures.js';
import { comunicadosFeed } from './comunicados.feed.js';
import { notice, school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, send } = setupComunicadosTest();

async function publish(cookie: string, publico: object, titulo: string, extra: object = {}) {
  const response = await send('POST', '/api/comunicados', cookie, { ...notice(publico, extra), titulo });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<{ id: string }>(response).id;
}

describe('comunicadosFeed', () => {
  it("gives the family's notices: awaiting ciente pending, the others news; never another class's, a scheduled or a removed one", async () => {
    const s = await school();
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    const turmaA = { tipo: 'turmas', turmas: [s.classA.id] };
    const ciente = await publish(s.admin.cookie, turmaA, 'Autorização do passeio', { exige_ciente: true });
    await publish(s.admin.cookie, turmaA, 'Cardápio de maio');
    await publish(s.admin.cookie, { tipo: 'turmas', turmas: [s.classB.id] }, 'Só da turma B');
    await publish(s.admin.cookie, turmaA, 'Agendado', { publicar_em: '2026-06-01T09:00:00-03:00' });
    const removed = await publish(s.admin.cookie, turmaA, 'Removido');
    expect((await send('DELETE', `/api/comunicados/${removed}`, s.admin.cookie)).statusCode).toBe(200);

    const scope = feedScopeOf(s.a1, [s.a1.child]);
    const items = await comunicadosFeed(t.database.db, scope);
    expect(items.map((item) => [item.titulo, item.pendente]).sort()).toEqual([
      ['Autorização do passeio', true],
      ['Cardápio de maio', false],
    ]);
    expect(items.find((item) => item.pendente)).toMatchObject({
      id: `comunicado:${ciente}`,
      tipo: 'comunicado',
      aluno_id: s.a1.child.id,
      link: `/dashboard/comunicados?id=${ciente}`,
      data: '2026-05-04T12:00:00.000Z',
    });
    expect(items.find((item) => item.pendente)!.resumo).toContain('quinta-feira');

    // Confirmed: news, no longer pending.
    expect((await send('POST', `/api/comunicados/${ciente}/ciente`, s.a1.cookie)).statusCode).toBe(200);
    const after = await comunicadosFeed(t.database.db, scope);
    expect(after.every((item) => !item.pendente)).toBe(true);
    // Months later the news are out of the window; a pending notice would stay.
    await publish(s.admin.cookie, turmaA, 'Ainda sem ciente', { exige_ciente: true });
    const later = await comunicadosFeed(t.database.db, feedScopeOf(s.a1, [s.a1.child], '2026-09-30'));
    expect(later.map((item) => [item.titulo, item.pendente])).toEqual([['Ainda sem ciente', true]]);
  });
});
