/**
 * The school year (ano letivo): creating with its periods and the July recess, editing, who may change it.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CalendarView, SchoolYear } from '../../../shared/calendar.schemas.js';
import { defaultAcademicSettings } from '../../../shared/academic-settings.schemas.js';
import { signedIn } from '../../test/test-app.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { get, send, t, setupCalendarTestApp, year2026 } from './calendar.test-setup.js';

setupCalendarTestApp();

describe('ano letivo', () => {
  it('creates a year with four bimestres by default and warns while it has fewer than 200 dias letivos', async () => {
    const admin = await signedIn(t, 'administrador');
    const created = await send('POST', '/api/anos-letivos', admin.cookie, year2026);
    expect(created.statusCode).toBe(201);
    const year = dataOf<SchoolYear>(created);
    expect(year.dias_letivos).toBe(215);
    expect(year.aviso).toBeNull();
    expect(year.periodos).toHaveLength(4);
    expect(year.periodos[0]).toMatchObject({ numero: 1, nome: '1º bimestre', inicio: '2026-02-02' });
    expect(year.periodos[3]!.fim).toBe('2026-12-11');
    // Contiguous, each closing a week after it ends, days shared out evenly.
    for (let index = 1; index < 4; index++)
      expect(year.periodos[index]!.inicio > year.periodos[index - 1]!.fim).toBe(true);
    expect(year.periodos[0]!.data_fechamento > year.periodos[0]!.fim).toBe(true);
    expect(year.periodos.reduce((sum, period) => sum + period.dias_letivos, 0)).toBe(215);
    for (const period of year.periodos) expect(Math.abs(period.dias_letivos - 54)).toBeLessThanOrEqual(1);

    // A July recess of three weeks takes the year below the LDB minimum.
    const recess = await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'recesso',
      titulo: 'Recesso de julho',
      inicio: '2026-07-06',
      fim: '2026-07-24',
    });
    expect(recess.statusCode).toBe(201);
    const after = dataOf<SchoolYear>(await get(`/api/anos-letivos/${year.id}`, admin.cookie));
    expect(after.dias_letivos).toBe(200);
    const oneMore = await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'feriado_municipal',
      titulo: 'Aniversário da cidade',
      inicio: '2026-08-14',
    });
    expect(oneMore.statusCode).toBe(201);
    const short = dataOf<SchoolYear>(await get(`/api/anos-letivos/${year.id}`, admin.cookie));
    expect(short.dias_letivos).toBe(199);
    expect(short.aviso).toMatch(/199 dias letivos; a LDB \(art\. 24, I\) exige no mínimo 200/);
    // A sábado letivo brings it back.
    await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'sabado_letivo',
      titulo: 'Sábado letivo',
      inicio: '2026-08-22',
    });
    const fixed = dataOf<SchoolYear[]>(await get('/api/anos-letivos', admin.cookie));
    expect(fixed[0]).toMatchObject({ dias_letivos: 200, aviso: null });
  });

  it('opens a year with the July recess in one transaction: the split and the dias letivos count it', async () => {
    const admin = await signedIn(t, 'administrador');
    const created = await send('POST', '/api/anos-letivos', admin.cookie, {
      ...year2026,
      recesso: { inicio: '2026-07-15', fim: '2026-07-31' },
    });
    expect(created.statusCode).toBe(201);
    const year = dataOf<SchoolYear>(created);
    // 215 weekdays of school without it; 13 of them (15 to 31 July) are the recess.
    expect(year.dias_letivos).toBe(202);
    expect(year.periodos.reduce((sum, period) => sum + period.dias_letivos, 0)).toBe(202);
    for (const period of year.periodos) expect(Math.abs(period.dias_letivos - 50.5)).toBeLessThanOrEqual(1);
    const july = dataOf<CalendarView>(
      await get('/api/calendario?de=2026-07-01&ate=2026-07-31', admin.cookie),
    );
    expect(july.eventos).toEqual([
      expect.objectContaining({
        tipo: 'recesso',
        titulo: 'Recesso de julho',
        inicio: '2026-07-15',
        fim: '2026-07-31',
        publico: true,
      }),
    ]);
    expect(july.dias.find((day) => day.data === '2026-07-15')).toMatchObject({
      tipo: 'recesso',
      letivo: false,
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'calendario'));
    expect(audit).toHaveLength(1);

    // Outside the year, or backwards: 400 on the recess's own field.
    const outside = await send('POST', '/api/anos-letivos', admin.cookie, {
      ...year2026,
      ano: 2027,
      inicio: '2027-08-02',
      fim: '2027-12-10',
      recesso: { inicio: '2027-07-15', fim: '2027-07-31' },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().details).toEqual([
      { path: 'recesso.inicio', message: 'O recesso deve ficar dentro do ano letivo' },
    ]);
    // A recess already on the calendar over those days: 409, nothing created (the year neither).
    await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'recesso',
      titulo: 'Férias de inverno',
      inicio: '2027-07-12',
      fim: '2027-07-23',
    });
    const twice = await send('POST', '/api/anos-letivos', admin.cookie, {
      ...year2026,
      ano: 2027,
      inicio: '2027-02-01',
      fim: '2027-12-10',
      recesso: { inicio: '2027-07-15', fim: '2027-07-31' },
    });
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe(
      'O calendário já tem o recesso "Férias de inverno" (12/07/2027 a 23/07/2027): desmarque "Incluir recesso de julho" ou mude as datas.',
    );
    const years = dataOf<SchoolYear[]>(await get('/api/anos-letivos', admin.cookie));
    expect(years.map((item) => item.ano)).toEqual([2026]);
    // Only when opening a year: editing one changes the recess in the calendar.
    const edit = await send('PUT', `/api/anos-letivos/${year.id}`, admin.cookie, {
      ...year2026,
      recesso: { inicio: '2026-07-15', fim: '2026-07-31' },
    });
    expect(edit.statusCode).toBe(400);
    expect(messageOf(edit)).toContain('edite o item no Calendário');
  });

  it('divides automatically by the dates being saved: moving the end of the year gives balanced periods at once', async () => {
    const admin = await signedIn(t, 'administrador');
    const created = dataOf<SchoolYear>(
      await send('POST', '/api/anos-letivos', admin.cookie, { ...year2026, fim: '2026-11-20' }),
    );
    // 'Fim das aulas' from 20/11 to 10/12, 'Dividir automaticamente' (no periods sent).
    const moved = await send('PUT', `/api/anos-letivos/${created.id}`, admin.cookie, {
      ...year2026,
      fim: '2026-12-10',
      version: created.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const year = dataOf<SchoolYear>(moved);
    expect(year.fim).toBe('2026-12-10');
    expect(year.periodos.at(-1)!.fim).toBe('2026-12-10');
    expect(year.periodos.reduce((sum, period) => sum + period.dias_letivos, 0)).toBe(year.dias_letivos);
    const quarter = year.dias_letivos / 4;
    for (const period of year.periodos)
      expect(Math.abs(period.dias_letivos - quarter), JSON.stringify(year.periodos)).toBeLessThanOrEqual(1);
    // Saving the same dates again divides them the same way.
    const again = dataOf<SchoolYear>(
      await send('PUT', `/api/anos-letivos/${created.id}`, admin.cookie, {
        ...year2026,
        fim: '2026-12-10',
        version: year.version,
      }),
    );
    expect(again.periodos.map((period) => period.dias_letivos)).toEqual(
      year.periodos.map((period) => period.dias_letivos),
    );
  });

  it('accepts trimestres with explicit periods, refuses a duplicate year and checks the version', async () => {
    const admin = await signedIn(t, 'administrador');
    const body = {
      ...year2026,
      tipo_periodo: 'trimestre',
      periodos: [
        { inicio: '2026-02-02', fim: '2026-05-08', data_fechamento: '2026-05-15' },
        { inicio: '2026-05-11', fim: '2026-08-28', data_fechamento: '2026-09-04' },
        { inicio: '2026-08-31', fim: '2026-12-11', data_fechamento: '2026-12-18' },
      ],
    };
    const created = await send('POST', '/api/anos-letivos', admin.cookie, body);
    expect(created.statusCode).toBe(201);
    const year = dataOf<SchoolYear>(created);
    expect(year.periodos.map((period) => period.nome)).toEqual([
      '1º trimestre',
      '2º trimestre',
      '3º trimestre',
    ]);
    const duplicate = await send('POST', '/api/anos-letivos', admin.cookie, year2026);
    expect(duplicate.statusCode).toBe(409);
    const wrongCount = await send('POST', '/api/anos-letivos', admin.cookie, {
      ...body,
      ano: 2027,
      inicio: '2027-02-01',
      fim: '2027-12-10',
      periodos: body.periodos.slice(0, 2),
    });
    expect(wrongCount.statusCode).toBe(400);
    const updated = await send('PUT', `/api/anos-letivos/${year.id}`, admin.cookie, {
      ...year2026,
      version: year.version,
    });
    expect(updated.statusCode).toBe(200);
    expect(dataOf<SchoolYear>(updated).periodos).toHaveLength(4);
    const stale = await send('PUT', `/api/anos-letivos/${year.id}`, admin.cookie, {
      ...year2026,
      version: year.version,
    });
    expect(stale.statusCode).toBe(412);
  });

  it('does not change the division under the weights per period of Configurações → Acadêmico: bimestres → trimestres is refused (409 on tipo_periodo) until the annual average no longer uses them', async () => {
    const admin = await signedIn(t, 'administrador');
    const year = dataOf<SchoolYear>(await send('POST', '/api/anos-letivos', admin.cookie, year2026));
    const weighted = await send('PUT', '/api/configuracoes/academico', admin.cookie, {
      ...defaultAcademicSettings,
      media_anual: 'pesos',
      pesos_periodos: [2, 2, 3, 3],
      version: 0,
    });
    expect(weighted.statusCode, weighted.body).toBe(200);

    const trimestres = { ...year2026, tipo_periodo: 'trimestre' };
    const refused = await send('PUT', `/api/anos-letivos/${year.id}`, admin.cookie, trimestres);
    expect(refused.statusCode).toBe(409);
    const message =
      'A média anual usa um peso por período (Configurações → Acadêmico: 2; 2; 3; 3, 4 pesos), e o ano letivo ficaria com 3 trimestres: os pesos deixariam de corresponder aos períodos. Para mudar a divisão, escolha antes "Média aritmética dos períodos" em Configurações → Acadêmico, salve o ano letivo e então informe lá um peso para cada período.';
    expect(messageOf(refused)).toBe(message);
    expect(refused.json<{ details: unknown }>().details).toEqual([{ path: 'tipo_periodo', message }]);
    const unchanged = dataOf<SchoolYear>(await get(`/api/anos-letivos/${year.id}`, admin.cookie));
    expect([unchanged.tipo_periodo, unchanged.periodos.length, unchanged.version]).toEqual([
      'bimestre',
      4,
      year.version,
    ]);
    // A next year divided otherwise, open at the same time, could not share the weights either.
    const next = { ano: 2027, inicio: '2027-02-01', fim: '2027-12-10' };
    const other = await send('POST', '/api/anos-letivos', admin.cookie, {
      ...next,
      tipo_periodo: 'trimestre',
    });
    expect(other.statusCode).toBe(409);
    expect(messageOf(other)).toContain('(2026: 4 bimestres; 2027: 3 trimestres)');
    expect(dataOf<SchoolYear[]>(await get('/api/anos-letivos', admin.cookie))).toHaveLength(1);
    // The same division fits; editing the dates alone is not held up.
    expect(
      (await send('POST', '/api/anos-letivos', admin.cookie, { ...next, tipo_periodo: 'bimestre' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await send('PUT', `/api/anos-letivos/${year.id}`, admin.cookie, { ...year2026, fim: '2026-12-10' }))
        .statusCode,
    ).toBe(200);

    // Averaging the periods first, the division changes; then the weights are given for the new one.
    const settings = dataOf<{ version: number }>(await get('/api/configuracoes/academico', admin.cookie));
    const plain = await send('PUT', '/api/configuracoes/academico', admin.cookie, {
      ...defaultAcademicSettings,
      version: settings.version,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const nextYear = dataOf<SchoolYear[]>(await get('/api/anos-letivos', admin.cookie)).find(
      (item) => item.ano === 2027,
    )!;
    for (const [id, dates] of [
      [year.id, year2026],
      [nextYear.id, next],
    ] as const) {
      const changed = await send('PUT', `/api/anos-letivos/${id}`, admin.cookie, {
        ...dates,
        tipo_periodo: 'trimestre',
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const reweighted = await send('PUT', '/api/configuracoes/academico', admin.cookie, {
      ...defaultAcademicSettings,
      media_anual: 'pesos',
      pesos_periodos: [3, 3, 4],
      version: dataOf<{ version: number }>(plain).version,
    });
    expect(reweighted.statusCode, reweighted.body).toBe(200);
  });

  it('only an administrator changes the year; everyone signed in reads it', async () => {
    const teacher = await signedIn(t, 'professor');
    const guardian = await signedIn(t, 'responsavel');
    expect((await send('POST', '/api/anos-letivos', teacher.cookie, year2026)).statusCode).toBe(403);
    expect((await get('/api/anos-letivos', guardian.cookie)).statusCode).toBe(200);
    expect((await get('/api/anos-letivos')).statusCode).toBe(401);
  });
});
