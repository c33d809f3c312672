/**
 * Attacker's review (2026-12-07): a class's ano letivo is a year the school can have — the years a
 * school year (Calendário) and the tuition's generation accept, 2000 to 2100. '0000' and '9999' were
 * saved: a class no school year, roll or tuition could ever reach.
 */
import { describe, expect, it } from 'vitest';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';

const t = setupTestApp();
const { send } = requestsOf(() => t.app);

const classBody = (ano_letivo: string) => ({
  nome: '5º Ano A',
  nivel: 'Fundamental I',
  serie: '5º ano',
  turno: 'manha',
  ano_letivo,
});

describe('ano letivo of a class', () => {
  it.each(['0000', '1999', '2101', '9999'])('refuses %s on create and on edit', async (ano) => {
    const admin = await signedIn(t, 'administrador');
    const created = await send('POST', '/api/turmas', admin.cookie, classBody(ano));
    expect(created.statusCode).toBe(400);
    expect(messageOf(created)).toBe('Ano letivo inválido');

    const real = await send('POST', '/api/turmas', admin.cookie, classBody('2026'));
    expect(real.statusCode).toBe(201);
    const { id } = dataOf<{ id: string }>(real);
    const edited = await send('PUT', `/api/turmas/${id}`, admin.cookie, classBody(ano));
    expect(edited.statusCode).toBe(400);
  });
});
