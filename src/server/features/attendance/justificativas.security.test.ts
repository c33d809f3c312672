/**
 * Attacker's review (2026-12-07): the text fields of a multipart justification follow the rule every
 * JSON field does (no NUL, no escape codes). They were parsed by the route's schema only, past the check
 * the JSON bodies go through: a NUL in `motivo` reached PostgreSQL and answered the family 500, and a
 * terminal escape code was saved.
 */
import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '../../../shared/validators.js';
import { absenceJustifications } from '../../db/schema/attendance.js';
import { send, setupAttendanceTestApp, setupSchool, t } from './attendance.test-setup.js';

setupAttendanceTestApp();

function multipart(fields: Record<string, string>) {
  const boundary = '----justificativa';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('a multipart justification’s text', () => {
  it.each([
    ['a NUL', 'Febre forte\u0000 com atestado'],
    ['an escape code', 'Febre forte\u001b[31m com atestado'],
  ])('with %s is a 400 on the field, and nothing is saved', async (_label, motivo) => {
    const s = await setupSchool();
    const [b1] = s.b;
    const roll = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-16',
      faltas: [{ aluno_id: b1.id }],
    });
    expect(roll.statusCode).toBe(200);
    const body = multipart({ aluno_id: b1.id, data: '2026-03-16', motivo });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/frequencia/justificativas',
      headers: { cookie: s.guardian.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'VALIDATION',
      message: CONTROL_CHARACTERS_MESSAGE,
      details: [{ path: 'motivo', message: CONTROL_CHARACTERS_MESSAGE }],
    });
    expect(await t.database.db.select().from(absenceJustifications)).toEqual([]);
  });
});
