/** The public calendar and its RFC 5545 feed. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { PublicCalendar } from '../../../shared/calendar.schemas.js';
import { signedIn } from '../../test/test-app.js';
import { dataOf } from '../../test/records-fixtures.js';
import { escapeText, foldLine } from './calendar.ics.js';
import { get, send, t, setupCalendarTestApp } from './calendar.test-setup.js';

setupCalendarTestApp();

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
