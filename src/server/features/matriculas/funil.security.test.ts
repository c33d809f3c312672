/**
 * Attacker's review (2026-12-07): a visit's date-time is within the years every date field accepts
 * (1900–2100); one booked for 9999 was saved.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { interessados } from '../../db/schema/matriculas.js';
import { messageOf } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';

const t = setupTestApp();
const { send } = requestsOf(() => t.app);

it('refuses a visit booked for 9999', async () => {
  const admin = await signedIn(t, 'administrador');
  const [row] = await t.database.db
    .insert(interessados)
    .values({
      responsavelNome: 'Mariana Alves',
      email: 'mariana@familia.test',
      telefone: '11987654321',
      alunoNome: 'Lucas Alves',
      alunoNascimento: '2019-04-12',
      serie: '1º ano',
      anoLetivo: 2027,
      consentimentoEm: new Date(),
    })
    .returning();
  const answer = await send('PATCH', `/api/matriculas/interessados/${row!.id}`, admin.cookie, {
    etapa: 'visita',
    visita_em: '9999-12-31T10:00:00Z',
  });
  expect(answer.statusCode).toBe(400);
  expect(messageOf(answer)).toMatch(/entre 1900 e 2100/);
  const [saved] = await t.database.db.select().from(interessados).where(eq(interessados.id, row!.id));
  expect(saved!.visitaEm).toBeNull();
});
