/**
 * Calendar entries (calendário): days and holidays, what families see, and the refusals that keep the school
 * days right.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CalendarEntry, CalendarView, SchoolYear } from '../../../shared/calendar.schemas.js';
import { signedIn } from '../../test/test-app.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { get, send, t, setupCalendarTestApp, year2026 } from './calendar.test-setup.js';

setupCalendarTestApp();

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
