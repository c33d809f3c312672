/**
 * Issue 38 (part s40-f1-familia): the family home keeps the school-wide rows it reads (the stage's
 * rules, the finance settings, the calendar, the consent purposes) in each process's memory, valid at the
 * 'school' record version (lib/school-cache.ts). A change by staff must show on the very next home — on
 * the instance that made it and, on PostgreSQL, on a second instance that hears of it from nobody.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import type { AcademicSettings } from '../../../shared/academic-settings.schemas.js';
import { clock } from '../../lib/clock.js';
import { EXAMPLE_FINANCE_SETTINGS } from '../../test/finance-settings-example.js';
import { dataOf, insertTuition } from '../../test/records-fixtures.js';
import { familyIn, setupSchool } from '../../test/school-fixtures.js';
import { requestsOf, setupSecondInstance, setupTestApp } from '../../test/test-app.js';

/** The settings as the PUT takes them: without the read-only fields. */
function settingsBody(settings: AcademicSettings): Record<string, unknown> {
  const body: Record<string, unknown> = { ...settings };
  delete body.version;
  delete body.updated_at;
  return body;
}

const adminUrl = process.env.TEST_DATABASE_URL;
const t = setupTestApp();
const b = adminUrl ? setupSecondInstance(t, adminUrl) : null;
const { get, send } = requestsOf(() => t.app);
afterEach(() => clock.unpin());

interface Home {
  filho: { frequencia_minima: number | null; previstas_ano: number | null };
  valor_vencido: number;
  feed: { titulo: string; resumo: string | null }[];
}

async function homeOn(app: App, cookie: string): Promise<Home> {
  const stats = await app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: { cookie } });
  expect(stats.statusCode, stats.body).toBe(200);
  const feed = await app.inject({ method: 'GET', url: '/api/familia/feed', headers: { cookie } });
  expect(feed.statusCode, feed.body).toBe(200);
  const figures = dataOf<{
    filhos: Home['filho'][];
    valor_vencido: number;
  }>(stats);
  return {
    filho: {
      frequencia_minima: figures.filhos[0]!.frequencia_minima,
      previstas_ano: figures.filhos[0]!.previstas_ano,
    },
    valor_vencido: figures.valor_vencido,
    feed: dataOf<{ itens: Home['feed'] }>(feed).itens.map(({ titulo, resumo }) => ({ titulo, resumo })),
  };
}

describe('the family home after a change by staff (issue 38)', () => {
  it('shows the new rules, finance settings, calendar and purposes on the next home, on every instance', async () => {
    clock.pin(new Date('2026-05-12T07:30:00-03:00'));
    const { admin, turma } = await setupSchool(t);
    const family = await familyIn(t, turma.id, '2026-02-02');
    await insertTuition(t, family.child.id, '2026-04', '2026-04-10', { turmaId: turma.id });
    const instances = [t.app, ...(b ? [b.app] : [])];
    /** The next home on every instance, asked twice (the second from memory where it can be). */
    const homes = async () => {
      const seen: Home[] = [];
      for (const app of instances)
        for (let round = 0; round < 2; round++) seen.push(await homeOn(app, family.cookie));
      for (const home of seen) expect(home).toEqual(seen[0]);
      return seen[0]!;
    };

    const before = await homes();
    expect(before.filho.frequencia_minima).toBe(75);
    expect(before.feed.map((item) => item.titulo)).not.toContain('Reunião de pais');

    // The stage's minimum attendance (Configurações → Acadêmico).
    const current = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', admin.cookie));
    const rules = await send('PUT', '/api/configuracoes/academico', admin.cookie, {
      ...settingsBody(current),
      etapas: { fundamental_1: { frequencia_minima: 80 } },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    expect((await homes()).filho.frequencia_minima).toBe(80);

    // The finance settings: another multa and no juros.
    const finance = await send('PUT', '/api/financeiro/configuracoes', admin.cookie, {
      ...EXAMPLE_FINANCE_SETTINGS,
      multa_percentual: 1,
      juros_mensal_percentual: 0,
    });
    expect(finance.statusCode, finance.body).toBe(200);
    const fined = await homes();
    expect(fined.valor_vencido).not.toBe(before.valor_vencido);
    const overdue = (home: Home) => home.feed.find((item) => item.titulo.includes('em atraso'))?.resumo;
    expect(overdue(fined)).not.toBe(overdue(before));

    // The calendar: a family event ahead, and a municipal holiday that takes a school day off the year.
    for (const body of [
      { tipo: 'reuniao_pais', titulo: 'Reunião de pais', inicio: '2026-05-19', publico: true },
      { tipo: 'feriado_municipal', titulo: 'Aniversário da cidade', inicio: '2026-05-14', publico: true },
    ]) {
      const entry = await send('POST', '/api/calendario', admin.cookie, body);
      expect(entry.statusCode, entry.body).toBe(201);
    }
    const withEvents = await homes();
    expect(withEvents.feed.map((item) => item.titulo)).toContain('Reunião de pais');
    expect(withEvents.filho.previstas_ano).toBe(before.filho.previstas_ano! - 1);

    // A new consent purpose: the family has it to answer.
    const purpose = await send('POST', '/api/consentimentos/finalidades', admin.cookie, {
      titulo: 'Fotos na formatura',
      descricao: 'Fotos da formatura no mural da escola.',
    });
    expect(purpose.statusCode, purpose.body).toBe(201);
    const consents = (home: Home) => home.feed.find((item) => item.titulo.startsWith('Autorizações'))?.resumo;
    expect(consents(await homes())).toContain('Fotos na formatura');
  });
});
