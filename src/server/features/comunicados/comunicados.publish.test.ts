/**
 * Notices: the summary written with the text (issue 29, item 1).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ComunicadoPage } from '../../../shared/comunicados.schemas.js';
import { dataOf } from '../../test/records-fixtures.js';
import { fillMissingSummaries } from './comunicados.publish.js';
import { comunicados } from '../../db/schema/comunicados.js';
import { notice, school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, send, get, publishNotice } = setupComunicadosTest();

describe('comunicados: summaries written with the text (issue 29, item 1)', () => {
  it('stores the summary when the text is written and lists it without parsing the body again', async () => {
    const s = await school();
    const created = await publishNotice(s.admin.cookie, { tipo: 'turmas', turmas: [s.classA.id] });
    const [stored] = await t.database.db.select().from(comunicados).where(eq(comunicados.id, created.id));
    expect(stored?.resumo).toBe(
      'Reunião quinta-feira às 19h. - Traga a agenda - Pauta (https://escola.test/pauta)',
    );
    // The lists read the stored summary: a body changed under it does not show (it is not parsed again).
    await t.database.db
      .update(comunicados)
      .set({ corpo: 'Outro texto' })
      .where(eq(comunicados.id, created.id));
    const listed = (page: ComunicadoPage) => page.items.find((item) => item.id === created.id)?.resumo;
    expect(listed(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)))).toBe(stored?.resumo);
    expect(listed(dataOf<ComunicadoPage>(await get('/api/comunicados', s.admin.cookie)))).toBe(
      stored?.resumo,
    );
    // An edit writes it again.
    const edited = await send(
      'PUT',
      `/api/comunicados/${created.id}`,
      s.admin.cookie,
      notice(
        { tipo: 'turmas', turmas: [s.classA.id] },
        { corpo: 'Reunião **adiada**.', version: created.version },
      ),
    );
    expect(edited.statusCode).toBe(200);
    expect(listed(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)))).toBe(
      'Reunião adiada.',
    );
    // Rows without one (written before the column, restored, or by an older instance) are listed with
    // one computed on the spot, and the poll stores it.
    await t.database.db.update(comunicados).set({ resumo: null }).where(eq(comunicados.id, created.id));
    expect(listed(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)))).toBe(
      'Reunião adiada.',
    );
    expect(await fillMissingSummaries(t.database.db)).toBe(1);
    expect(await fillMissingSummaries(t.database.db)).toBe(0);
    const [filled] = await t.database.db.select().from(comunicados).where(eq(comunicados.id, created.id));
    expect(filled?.resumo).toBe('Reunião adiada.');
  });
});
