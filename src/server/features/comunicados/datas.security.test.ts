/**
 * Attacker's review (2026-12-07): the date-times a form sends are within the years every date field
 * accepts (1900–2100). A comunicado expiring in 9999, or scheduled for year 0000 (which PostgreSQL has
 * not), was taken.
 */
import { describe, expect, it } from 'vitest';
import { messageOf } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';

const t = setupTestApp();
const { send } = requestsOf(() => t.app);

const comunicado = (extra: object) => ({
  titulo: 'Reunião de pais',
  corpo: 'Sábado às 9h.',
  publico: { tipo: 'escola' },
  ...extra,
});

describe('date-times out of range', () => {
  it.each([
    ['publicar_em', '0000-01-01T00:00:00Z'],
    ['expira_em', '9999-12-31T23:59:59Z'],
  ])('refuses a comunicado with %s %s', async (campo, valor) => {
    const admin = await signedIn(t, 'administrador');
    const answer = await send('POST', '/api/comunicados', admin.cookie, comunicado({ [campo]: valor }));
    expect(answer.statusCode).toBe(400);
    expect(messageOf(answer)).toMatch(/entre 1900 e 2100/);
  });
});
