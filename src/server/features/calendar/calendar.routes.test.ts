import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  CalendarEntry,
  CalendarView,
  PublicCalendar,
  SchoolYear,
} from '../../../shared/calendar.schemas.js';
import { defaultAcademicSettings } from '../../../shared/grades.schemas.js';
import { clock } from '../../lib/clock.js';
import { createTestApp, signedIn, type TestApp, requestsOf } from '../../test/test-app.js';
import { dataOf, insertClass, messageOf } from '../../test/records-fixtures.js';
import { classes } from '../../db/schema/classes.js';
import { auditLog } from '../../db/schema/audit.js';
import { escapeText, foldLine } from './calendar.ics.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  clock.pin('2026-03-20');
});
afterEach(() => clock.unpin());

const { send, get } = requestsOf(() => t.app);

const year2026 = {
  ano: 2026,
  inicio: '2026-02-02',
  fim: '2026-12-11',
  tipo_periodo: 'bimestre',
};

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

describe('calendário', () => {
  it('shows each day with its kind and the national holidays; entries are audited', async () => {
    const admin = await signedIn(t, 'administrador');
    await send('POST', '/api/anos-letivos', admin.cookie, year2026);
    const meeting = await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'reuniao_pais',
      titulo: 'Reunião de pais do 1º bimestre',
      inicio: '2026-04-11',
      publico: true,
    });
    expect(meeting.statusCode).toBe(201);
    const view = dataOf<CalendarView>(
      await get('/api/calendario?de=2026-04-01&ate=2026-04-30', admin.cookie),
    );
    expect(view.dias).toHaveLength(30);
    const day = (date: string) => view.dias.find((item) => item.data === date);
    expect(day('2026-04-03')).toMatchObject({ tipo: 'feriado_nacional', letivo: false });
    expect(day('2026-04-21')).toMatchObject({ tipo: 'feriado_nacional', descricao: 'Tiradentes' });
    expect(day('2026-04-22')).toMatchObject({ tipo: 'letivo', letivo: true });
    expect(view.feriados.map((holiday) => holiday.data)).toEqual(['2026-04-03', '2026-04-21']);
    expect(view.eventos.map((entry) => entry.titulo)).toEqual(['Reunião de pais do 1º bimestre']);
    // The current month when no range is given.
    const current = dataOf<CalendarView>(await get('/api/calendario', admin.cookie));
    expect([current.de, current.ate]).toEqual(['2026-03-01', '2026-03-31']);
    expect((await get('/api/calendario?de=2026-05-01&ate=2026-04-01', admin.cookie)).statusCode).toBe(400);

    const entry = dataOf<CalendarEntry>(meeting);
    const moved = await send('PUT', `/api/calendario/${entry.id}`, admin.cookie, {
      tipo: 'reuniao_pais',
      titulo: 'Reunião de pais',
      inicio: '2026-04-18',
      publico: true,
      version: entry.version,
    });
    expect(dataOf<CalendarEntry>(moved)).toMatchObject({
      inicio: '2026-04-18',
      fim: '2026-04-18',
      version: 2,
    });
    expect((await send('DELETE', `/api/calendario/${entry.id}`, admin.cookie)).statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'calendario'));
    expect(audit.map((row) => row.action).sort()).toEqual(['atualizar', 'criar', 'excluir']);
  });

  it('gives families only the entries meant for them; teachers and administrators see the internal ones', async () => {
    const admin = await signedIn(t, 'administrador');
    const teacher = await signedIn(t, 'professor');
    const parent = await signedIn(t, 'responsavel');
    await send('POST', '/api/anos-letivos', admin.cookie, year2026);
    for (const entry of [
      { tipo: 'festa', titulo: 'Festa da família', inicio: '2026-05-16', publico: true },
      { tipo: 'evento', titulo: 'Reunião interna: caso do aluno Pedro', inicio: '2026-05-12' },
      { tipo: 'conselho_classe', titulo: 'Conselho de classe do 1º bimestre', inicio: '2026-05-13' },
      // An internal recess still closes the day for the families, without its title.
      { tipo: 'recesso', titulo: 'Dedetização após o caso de piolho do 3º ano', inicio: '2026-05-14' },
      { tipo: 'feriado_municipal', titulo: 'Aniversário da cidade', inicio: '2026-05-15', publico: true },
    ])
      expect((await send('POST', '/api/calendario', admin.cookie, entry)).statusCode).toBe(201);
    const url = '/api/calendario?de=2026-05-01&ate=2026-05-31';

    const family = await get(url, parent.cookie);
    expect(family.statusCode).toBe(200);
    const view = dataOf<CalendarView>(family);
    expect(view.eventos.map((entry) => entry.titulo)).toEqual(['Aniversário da cidade', 'Festa da família']);
    const day = (date: string) => view.dias.find((item) => item.data === date);
    expect(day('2026-05-14')).toEqual({
      data: '2026-05-14',
      tipo: 'recesso',
      letivo: false,
      descricao: 'Recesso escolar',
    });
    expect(day('2026-05-15')).toMatchObject({
      tipo: 'feriado_municipal',
      descricao: 'Aniversário da cidade',
    });
    expect(family.body).not.toMatch(/caso do aluno|Conselho de classe|piolho/);

    for (const staff of [teacher, admin]) {
      const all = dataOf<CalendarView>(await get(url, staff.cookie));
      expect(all.eventos.map((entry) => entry.titulo)).toEqual([
        'Reunião interna: caso do aluno Pedro',
        'Conselho de classe do 1º bimestre',
        'Dedetização após o caso de piolho do 3º ano',
        'Aniversário da cidade',
        'Festa da família',
      ]);
      expect(all.dias.find((item) => item.data === '2026-05-14')?.descricao).toBe(
        'Dedetização após o caso de piolho do 3º ano',
      );
    }
  });

  it('refuses to make a national holiday a school day', async () => {
    const admin = await signedIn(t, 'administrador');
    const response = await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'dia_letivo',
      titulo: 'Reposição',
      inicio: '2026-04-21',
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/feriado nacional \(Tiradentes\)/);
  });

  it('refuses a sábado letivo or reposição outside the school year, where it would count nowhere', async () => {
    const admin = await signedIn(t, 'administrador');
    const year = dataOf<SchoolYear>(await send('POST', '/api/anos-letivos', admin.cookie, year2026));
    // The LDB warning says 'add reposição days'; one typed after the year's end must not look like one.
    const after = await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'dia_letivo',
      titulo: 'Reposição',
      inicio: '2026-12-14',
    });
    expect(after.statusCode).toBe(400);
    expect(messageOf(after)).toBe(
      '14/12/2026 está fora do ano letivo e não seria dia letivo. Cadastre o ano letivo ou altere as datas dele para incluir este dia.',
    );
    const straddling = await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'dia_letivo',
      titulo: 'Semana de reposição',
      inicio: '2026-12-10',
      fim: '2026-12-16',
    });
    expect(straddling.statusCode).toBe(400);
    expect(messageOf(straddling)).toMatch(
      /^O período de 10\/12\/2026 a 16\/12\/2026 está fora do ano letivo/,
    );
    const nextYear = await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'sabado_letivo',
      titulo: 'Sábado letivo',
      inicio: '2027-03-06',
    });
    expect(nextYear.statusCode).toBe(400);

    // Inside the year it is accepted; moving it out on an edit is refused the same way.
    const inside = await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'sabado_letivo',
      titulo: 'Sábado letivo',
      inicio: '2026-12-05',
    });
    expect(inside.statusCode).toBe(201);
    const entry = dataOf<CalendarEntry>(inside);
    const moved = await send('PUT', `/api/calendario/${entry.id}`, admin.cookie, {
      tipo: 'sabado_letivo',
      titulo: 'Sábado letivo',
      inicio: '2026-12-12',
      version: entry.version,
    });
    expect(moved.statusCode).toBe(400);
    expect(dataOf<SchoolYear>(await get(`/api/anos-letivos/${year.id}`, admin.cookie)).dias_letivos).toBe(
      216,
    );
    // Events and closing days are not school days: they may be anywhere.
    const party = await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'festa',
      titulo: 'Confraternização',
      inicio: '2026-12-18',
    });
    expect(party.statusCode).toBe(201);
  });
});

describe('calendário sobre chamadas já feitas', () => {
  /** A year, classes '5º A' and '5º B' (daily rolls) and rolls on the given days, all by the admin. */
  async function schoolWithRolls(rolls: [string, string[]][]) {
    const admin = await signedIn(t, 'administrador');
    const year = dataOf<SchoolYear>(await send('POST', '/api/anos-letivos', admin.cookie, year2026));
    const ids: Record<string, string> = {};
    for (const nome of ['5º A', '5º B']) {
      const turma = await insertClass(t, null);
      await t.database.db.update(classes).set({ nome }).where(eq(classes.id, turma.id));
      ids[nome] = turma.id;
    }
    const rollIds: string[] = [];
    for (const [data, turmas] of rolls)
      for (const nome of turmas) {
        const saved = await send('PUT', `/api/frequencia/turmas/${ids[nome]!}`, admin.cookie, {
          data,
          faltas: [],
        });
        expect(saved.statusCode).toBe(200);
        rollIds.push(dataOf<{ chamada: { id: string } }>(saved).chamada.id);
      }
    return { admin, year, rollIds };
  }

  const entry = (tipo: string, inicio: string, fim?: string) => ({
    tipo,
    titulo: tipo === 'recesso' ? 'Recesso' : 'Item',
    inicio,
    ...(fim ? { fim } : {}),
  });

  it('refuses a holiday or recess over days with rolls (409 naming them); events and days without rolls stay free', async () => {
    const { admin, rollIds } = await schoolWithRolls([
      ['2026-03-16', ['5º A', '5º B']],
      ['2026-03-17', ['5º A']],
      ['2026-03-18', ['5º A']],
    ]);
    const recess = await send(
      'POST',
      '/api/calendario',
      admin.cookie,
      entry('recesso', '2026-03-16', '2026-03-20'),
    );
    expect(recess.statusCode).toBe(409);
    expect(messageOf(recess)).toBe(
      'Há 4 chamadas registradas em 3 dias que deixariam de ser letivos: 16/03/2026 (5º A, 5º B), 17/03/2026 (5º A) e 18/03/2026 (5º A). Remova essas chamadas antes (Frequência → Chamada → "Remover chamada") e salve de novo.',
    );
    const march = dataOf<CalendarView>(
      await get('/api/calendario?de=2026-03-01&ate=2026-03-31', admin.cookie),
    );
    expect(march.eventos).toEqual([]);
    expect(march.dias.find((day) => day.data === '2026-03-16')).toMatchObject({ letivo: true });

    // A holiday on a day without rolls, and an event on a day with them: free.
    const holiday = await send(
      'POST',
      '/api/calendario',
      admin.cookie,
      entry('feriado_municipal', '2026-03-19'),
    );
    expect(holiday.statusCode).toBe(201);
    expect(
      (await send('POST', '/api/calendario', admin.cookie, entry('reuniao_pais', '2026-03-16'))).statusCode,
    ).toBe(201);
    // Moved onto a day with a roll: refused the same way, and the holiday stays where it was.
    const saved = dataOf<CalendarEntry>(holiday);
    const moved = await send('PUT', `/api/calendario/${saved.id}`, admin.cookie, {
      ...entry('feriado_municipal', '2026-03-17'),
      version: saved.version,
    });
    expect(moved.statusCode).toBe(409);
    expect(messageOf(moved)).toBe(
      'Há 1 chamada registrada em um dia que deixaria de ser letivo: 17/03/2026 (5º A). Remova essa chamada antes (Frequência → Chamada → "Remover chamada") e salve de novo.',
    );

    // Once the rolls are removed (Frequência → Remover chamada), the recess goes in.
    for (const id of rollIds)
      expect(
        (await send('DELETE', `/api/frequencia/chamadas/${id}`, admin.cookie, { motivo: 'Dia de recesso' }))
          .statusCode,
      ).toBe(200);
    expect(
      (await send('POST', '/api/calendario', admin.cookie, entry('recesso', '2026-03-16', '2026-03-20')))
        .statusCode,
    ).toBe(201);
  });

  it('names the first five dates and counts the rest', async () => {
    const days = [
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-16',
      '2026-03-17',
    ];
    const { admin } = await schoolWithRolls(days.map((data) => [data, ['5º A']]));
    const recess = await send(
      'POST',
      '/api/calendario',
      admin.cookie,
      entry('recesso', '2026-03-09', '2026-03-20'),
    );
    expect(recess.statusCode).toBe(409);
    expect(messageOf(recess)).toBe(
      'Há 7 chamadas registradas em 7 dias que deixariam de ser letivos: 09/03/2026 (5º A), 10/03/2026 (5º A), 11/03/2026 (5º A), 12/03/2026 (5º A), 13/03/2026 (5º A) e mais 2 datas. Remova essas chamadas antes (Frequência → Chamada → "Remover chamada") e salve de novo.',
    );
  });

  it('refuses taking away a sábado letivo with a roll, or shortening the year past rolls', async () => {
    const admin = await signedIn(t, 'administrador');
    const year = dataOf<SchoolYear>(await send('POST', '/api/anos-letivos', admin.cookie, year2026));
    const saturday = dataOf<CalendarEntry>(
      await send('POST', '/api/calendario', admin.cookie, entry('sabado_letivo', '2026-03-14')),
    );
    const turma = await insertClass(t, null);
    await t.database.db.update(classes).set({ nome: '5º A' }).where(eq(classes.id, turma.id));
    for (const data of ['2026-02-02', '2026-03-14'])
      expect(
        (await send('PUT', `/api/frequencia/turmas/${turma.id}`, admin.cookie, { data, faltas: [] }))
          .statusCode,
      ).toBe(200);

    const removed = await send('DELETE', `/api/calendario/${saturday.id}`, admin.cookie);
    expect(removed.statusCode).toBe(409);
    expect(messageOf(removed)).toMatch(
      /^Há 1 chamada registrada em um dia que deixaria de ser letivo: 14\/03\/2026 \(5º A\)\./,
    );
    const turnedIntoEvent = await send('PUT', `/api/calendario/${saturday.id}`, admin.cookie, {
      ...entry('evento', '2026-03-14'),
      version: saturday.version,
    });
    expect(turnedIntoEvent.statusCode).toBe(409);

    // The year starting later would leave 02/02 outside every school year.
    const later = await send('PUT', `/api/anos-letivos/${year.id}`, admin.cookie, {
      ...year2026,
      inicio: '2026-02-09',
      version: year.version,
    });
    expect(later.statusCode).toBe(409);
    expect(messageOf(later)).toMatch(
      /^Há 1 chamada registrada em um dia que deixaria de ser letivo: 02\/02\/2026 \(5º A\)\./,
    );
    const unchanged = dataOf<SchoolYear>(await get(`/api/anos-letivos/${year.id}`, admin.cookie));
    expect(unchanged).toMatchObject({ inicio: '2026-02-02', version: year.version });
    // Ending earlier, after the last roll, is free.
    expect(
      (
        await send('PUT', `/api/anos-letivos/${year.id}`, admin.cookie, {
          ...year2026,
          fim: '2026-12-04',
          version: year.version,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('datas de períodos fechados', () => {
  /** 1º bimestre until 10/04 (closing 17/04), then a week that still belongs to it, 2º from 20/04. */
  const periods = [
    { inicio: '2026-02-02', fim: '2026-04-10', data_fechamento: '2026-04-17' },
    { inicio: '2026-04-20', fim: '2026-07-03', data_fechamento: '2026-07-10' },
    { inicio: '2026-07-20', fim: '2026-09-30', data_fechamento: '2026-10-07' },
    { inicio: '2026-10-01', fim: '2026-12-11', data_fechamento: '2026-12-18' },
  ];
  const withPeriod = (index: number, change: Record<string, string>) => ({
    ...year2026,
    periodos: periods.map((period, at) => (at === index ? { ...period, ...change } : period)),
  });

  it('refuse moving a closed period’s dates, or an open period taking days from it or giving it days (409); the administrator reopens first', async () => {
    const admin = await signedIn(t, 'administrador');
    const created = await send('POST', '/api/anos-letivos', admin.cookie, { ...year2026, periodos: periods });
    expect(created.statusCode, created.body).toBe(201);
    const year = dataOf<SchoolYear>(created);
    const classA = await insertClass(t, null);
    const put = (body: object) => send('PUT', `/api/anos-letivos/${year.id}`, admin.cookie, body);
    /** `path` null: no field to point at (divided automatically), the form shows the message itself. */
    const refusal = async (body: object, path: string | null) => {
      const response = await put(body);
      expect(response.statusCode, response.body).toBe(409);
      const message = messageOf(response);
      const details = response.json<{ details?: unknown[] }>().details ?? [];
      expect(details).toEqual(path ? [{ path, message }] : []);
      return message;
    };

    // Past its closing date the 1º bimestre is closed for everyone.
    clock.pin('2026-04-27');
    const closedDates =
      'O 1º bimestre está fechado para a escola toda: as datas dele não podem mudar, porque chamadas, avaliações e notas passariam de um período a outro. Se a mudança é mesmo necessária, reabra o 1º bimestre (Notas → Reabrir) e salve de novo.';
    expect(await refusal(withPeriod(0, { fim: '2026-04-03' }), 'periodos.0.fim')).toBe(closedDates);
    expect(
      await refusal(withPeriod(0, { data_fechamento: '2026-05-08' }), 'periodos.0.data_fechamento'),
    ).toBe(closedDates);
    // The 2º bimestre starting earlier takes the week of 13/04 from the 1º; starting later gives it days.
    const neighbour =
      'Mudar o início do 2º bimestre mudaria os dias do 1º bimestre, que está fechado para a escola toda: chamadas e notas entrariam nele ou sairiam dele. Se a mudança é mesmo necessária, reabra o 1º bimestre (Notas → Reabrir) e salve de novo.';
    expect(await refusal(withPeriod(1, { inicio: '2026-04-13' }), 'periodos.1.inicio')).toBe(neighbour);
    expect(await refusal(withPeriod(1, { inicio: '2026-04-27' }), 'periodos.1.inicio')).toBe(neighbour);
    // Dividing again automatically, or in trimestres, would move it too.
    expect(await refusal(year2026, null)).toBe(closedDates);
    await refusal(
      {
        ...year2026,
        tipo_periodo: 'trimestre',
        periodos: [
          { inicio: '2026-02-02', fim: '2026-04-10', data_fechamento: '2026-04-17' },
          { inicio: '2026-04-20', fim: '2026-08-28', data_fechamento: '2026-09-04' },
          { inicio: '2026-08-31', fim: '2026-12-11', data_fechamento: '2026-12-18' },
        ],
      },
      'tipo_periodo',
    );
    const unchanged = dataOf<SchoolYear>(await get(`/api/anos-letivos/${year.id}`, admin.cookie));
    expect(
      unchanged.periodos.map(({ inicio, fim, data_fechamento }) => ({ inicio, fim, data_fechamento })),
    ).toEqual(periods);
    // Open periods that leave the closed one's days alone change freely.
    expect((await put(withPeriod(1, { fim: '2026-07-10', data_fechamento: '2026-07-17' }))).statusCode).toBe(
      200,
    );
    expect((await put(withPeriod(2, { inicio: '2026-07-27' }))).statusCode).toBe(200);

    // Reopened for the school, the change goes through.
    expect(
      (await send('POST', `/api/periodos/${year.periodos[0]!.id}/reabrir`, admin.cookie, {})).statusCode,
    ).toBe(200);
    expect((await put(withPeriod(1, { inicio: '2026-04-13' }))).statusCode).toBe(200);
    // Closed for one class only, it is still a closed period's days.
    expect(
      (
        await send('POST', `/api/periodos/${year.periodos[0]!.id}/fechar`, admin.cookie, {
          turma_id: classA.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(await refusal(withPeriod(1, { inicio: '2026-04-20' }), 'periodos.1.inicio')).toMatch(
      /^Mudar o início do 2º bimestre mudaria os dias do 1º bimestre, que está fechado para 1 turma:/,
    );

    // A closed year: no period date changes at all (the 2º bimestre starts on 13/04 since the reopening).
    clock.pin('2026-12-20');
    expect((await send('POST', `/api/anos-letivos/${year.id}/encerrar`, admin.cookie)).statusCode).toBe(200);
    expect(
      await refusal(
        {
          ...year2026,
          periodos: [
            periods[0],
            { ...periods[1], inicio: '2026-04-13' },
            periods[2],
            { ...periods[3], data_fechamento: '2026-12-19' },
          ],
        },
        'periodos.3.data_fechamento',
      ),
    ).toBe(
      'O 4º bimestre está fechado: as datas dele não podem mudar, porque chamadas, avaliações e notas passariam de um período a outro. O ano letivo 2026 foi encerrado: as datas dos seus períodos não mudam mais.',
    );
  });
});

describe('calendário público', () => {
  async function seedPublic() {
    const admin = await signedIn(t, 'administrador');
    await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'festa',
      titulo: 'Festa Junina; quadrilha, comidas típicas e muita alegria na quadra da escola',
      descricao: 'Traga a família!\nEntrada: 1 kg de alimento, por pessoa.',
      inicio: '2026-06-20',
      publico: true,
    });
    await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'conselho_classe',
      titulo: 'Conselho de classe (interno)',
      inicio: '2026-06-24',
    });
    await send('POST', '/api/calendario', admin.cookie, {
      tipo: 'recesso',
      titulo: 'Recesso escolar de julho',
      inicio: '2026-07-06',
      fim: '2026-07-17',
      publico: true,
    });
  }

  it('lists the public entries and national holidays, never the internal ones, without a session', async () => {
    await seedPublic();
    const response = await get('/api/calendario/publico?de=2026-06-01&ate=2026-07-31');
    expect(response.statusCode).toBe(200);
    const data = dataOf<PublicCalendar>(response);
    expect(data.itens.map((item) => [item.inicio, item.tipo])).toEqual([
      ['2026-06-04', 'ponto_facultativo'],
      ['2026-06-20', 'festa'],
      ['2026-07-06', 'recesso'],
    ]);
    expect(JSON.stringify(data)).not.toContain('interno');
  });

  it('serves an RFC 5545 feed that a calendar parser reads: CRLF, folding, escaping, DATE values', async () => {
    await seedPublic();
    const response = await get('/calendario.ics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = response.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n [^\r\n]/);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/Calendário Acadêmico$/);
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const festa = events.find((event) => event.summary.startsWith('Festa Junina'))!;
    expect(festa.summary).toBe(
      'Festa Junina; quadrilha, comidas típicas e muita alegria na quadra da escola',
    );
    expect(festa.description).toBe('Traga a família!\nEntrada: 1 kg de alimento, por pessoa.');
    expect(festa.startDate.isDate).toBe(true);
    expect(festa.startDate.toString()).toBe('2026-06-20');
    expect(festa.endDate.toString()).toBe('2026-06-21');
    expect(festa.uid).toMatch(/@localhost$/);
    const recess = events.find((event) => event.summary === 'Recesso escolar de julho')!;
    expect(recess.endDate.toString()).toBe('2026-07-18');
    // National holidays of last, this and next year; internal entries never.
    expect(
      events.some((event) => event.summary === 'Tiradentes' && event.startDate.toString() === '2027-04-21'),
    ).toBe(true);
    expect(events.some((event) => event.summary.includes('interno'))).toBe(false);
    const uids = events.map((event) => event.uid);
    expect(new Set(uids).size).toBe(uids.length);
    for (const event of calendar.getAllSubcomponents('vevent'))
      expect(event.getFirstPropertyValue('dtstamp')).toBeTruthy();
  });

  it('escapes TEXT and folds by octets without splitting a character', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const long = `SUMMARY:${'ção'.repeat(40)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(long);
  });
});
