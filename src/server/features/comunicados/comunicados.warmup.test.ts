/**
 * The start's warm-up of a whole-school publication (comunicados.warmup.ts): it runs the recipients'
 * statement for real — so it must stay valid as the audience and the table change — and writes nothing
 * a school would see, leaves no table behind and can run again.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { warmUpPublish } from './index.js';
import { deliver, school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, publishNotice } = setupComunicadosTest();

const countOf = async (table: string) => {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as { rows: { n: number }[] }).rows[0]!.n;
};

describe('warm-up of a publication at start', () => {
  it('resolves the whole school and writes nothing: no recipients, fan-out, job or bell, no table left', async () => {
    const { admin } = await school();
    await warmUpPublish(t.database.db);
    await warmUpPublish(t.database.db); // the temporary table went with the first commit
    for (const table of [
      'comunicados',
      'comunicado_destinatarios',
      'comunicado_envios',
      'jobs',
      'notificacoes',
    ])
      expect(await countOf(table), table).toBe(0);
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from pg_class where relname = 'warm_destinatarios'`,
    );
    expect((left as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    // A publication afterwards reaches the same three families as ever.
    const published = await publishNotice(admin.cookie, { tipo: 'escola' });
    expect(published.contagem?.destinatarios).toBe(3);
    await deliver();
    expect(await countOf('notificacoes')).toBe(3);
  });
});
