/** The calendar's source of the family's feed (issue 32 §1): what is marked for families, ahead. */
import { describe, expect, it } from 'vitest';
import { dataOf, insertClass } from '../../test/records-fixtures.js';
import { feedScopeOf } from '../../test/family-feed-fixtures.js';
import { createSchoolYear, familyIn } from '../../test/school-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { calendarFeed } from './calendar.feed.js';

const t = setupTestApp();
const { send } = requestsOf(() => t.app);

describe('calendarFeed', () => {
  it("gives the families' entries and national holidays from today to until, never an internal one or a conselho de classe", async () => {
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    const family = await familyIn(t, await insertClass(t, null).then((turma) => turma.id));
    const entry = async (body: object) => {
      const response = await send('POST', '/api/calendario', admin.cookie, body);
      expect(response.statusCode, response.body).toBe(201);
      return dataOf<{ id: string }>(response).id;
    };
    const reuniao = await entry({
      tipo: 'reuniao_pais',
      titulo: 'Reunião de pais',
      descricao: 'Às 19h, no auditório.',
      inicio: '2026-05-28',
      publico: true,
    });
    await entry({ tipo: 'evento', titulo: 'Formação dos professores', inicio: '2026-05-27', publico: false });
    await entry({
      tipo: 'conselho_classe',
      titulo: 'Conselho de classe',
      inicio: '2026-05-29',
      publico: true,
    });
    await entry({ tipo: 'festa', titulo: 'Festa junina', inicio: '2026-06-20', publico: true });
    const semana = await entry({
      tipo: 'evento',
      titulo: 'Semana da leitura',
      inicio: '2026-05-20',
      fim: '2026-05-26',
      publico: true,
    });

    const items = await calendarFeed(t.database.db, feedScopeOf(family, [family.child], '2026-05-25'));
    expect(items.map((item) => [item.titulo, item.data, item.resumo])).toEqual([
      ['Semana da leitura', '2026-05-25', '20/05/2026 a 26/05/2026'],
      ['Reunião de pais', '2026-05-28', '28/05/2026 · Às 19h, no auditório.'],
      ['Corpus Christi (ponto facultativo)', '2026-06-04', '04/06/2026'],
    ]);
    expect(items[1]).toMatchObject({
      id: `evento:${reuniao}`,
      tipo: 'evento',
      link: '/dashboard/calendario?mes=2026-05',
      aluno_id: null,
      pendente: false,
    });
    expect(items[0]!.id).toBe(`evento:${semana}`);
    expect(await calendarFeed(t.database.db, feedScopeOf(family, [], '2026-05-25'))).toEqual([]);
  });
});
