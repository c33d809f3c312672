/** Calendar changes over what is on record: days with rolls, and the dates of closed periods. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CalendarEntry, CalendarView, SchoolYear } from '../../../shared/calendar.schemas.js';
import { clock } from '../../lib/clock.js';
import { signedIn } from '../../test/test-app.js';
import { dataOf, insertClass, messageOf } from '../../test/records-fixtures.js';
import { classes } from '../../db/schema/classes.js';
import { get, send, t, setupCalendarTestApp, year2026 } from './calendar.test-setup.js';

setupCalendarTestApp();

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
