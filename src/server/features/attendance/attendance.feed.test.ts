/**
 * The attendance feed source (issue 32 §1): an absence not justified is a pending 'Justificar' item; once
 * the family justifies it, the justification's state replaces it, not pending.
 */
import { describe, expect, it } from 'vitest';
import type { StudentAttendance } from '../../../shared/attendance.schemas.js';
import type { Justificativa } from '../../../shared/justificativas.schemas.js';
import { paths } from '../../../shared/routes.js';
import { dataOf } from '../../test/records-fixtures.js';
import { attendanceFeed } from './index.js';
import { get, send, setupAttendanceTestApp, setupSchool, t } from './attendance.test-setup.js';

setupAttendanceTestApp();

describe('attendance feed source', () => {
  it('lists each absent day once: pending to justify, then the justification’s state', async () => {
    const s = await setupSchool();
    const [b1] = s.b;
    for (const [data, faltas] of [
      ['2026-03-16', [{ aluno_id: b1.id }]],
      ['2026-03-17', [{ aluno_id: b1.id, justificativa: 'Atestado entregue na escola' }]],
      ['2026-03-18', [{ aluno_id: b1.id }]],
    ] as const) {
      expect(
        (await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, { data, faltas }))
          .statusCode,
      ).toBe(200);
    }
    const scope = {
      userId: s.guardian.user.id,
      guardianId: s.guardian.guardian.id,
      alunos: [{ id: b1.id, nome: b1.nome }],
      today: '2026-03-20',
      since: new Date('2026-03-01T00:00:00Z'),
      until: '2026-03-27',
    };
    const feed = async () =>
      (await attendanceFeed(t.database.db, scope)).sort((a, b) => a.id.localeCompare(b.id));
    const link = `${paths.familyAttendance}?aluno=${b1.id}`;
    expect(await feed()).toEqual([
      {
        id: `falta:${b1.id}:2026-03-16`,
        tipo: 'falta',
        titulo: 'Falta em 16/03 — Justificar',
        resumo: `${b1.nome}.`,
        data: '2026-03-16',
        link: `${link}&justificar=2026-03-16`,
        aluno_id: b1.id,
        pendente: true,
      },
      // Justified at the roll (the atestado reached the teacher): nothing to do.
      expect.objectContaining({ titulo: 'Falta em 17/03 (justificada)', pendente: false }),
      expect.objectContaining({ titulo: 'Falta em 18/03 — Justificar', pendente: true }),
    ]);
    // Another family's scope sees nothing of this child.
    expect(await attendanceFeed(t.database.db, { ...scope, alunos: [{ id: s.b[1].id, nome: 'X' }] })).toEqual(
      [],
    );

    const figures = dataOf<StudentAttendance>(
      await get(`/api/frequencia/alunos/${b1.id}`, s.guardian.cookie),
    );
    const falta = figures.faltas.find((item) => item.data === '2026-03-16')!;
    const body = (motivo: string) =>
      `--b\r\nContent-Disposition: form-data; name="falta_id"\r\n\r\n${falta.id}\r\n--b\r\nContent-Disposition: form-data; name="motivo"\r\n\r\n${motivo}\r\n--b--\r\n`;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/frequencia/justificativas',
      headers: { cookie: s.guardian.cookie, 'content-type': 'multipart/form-data; boundary=b' },
      payload: body('Febre'),
    });
    expect(sent.statusCode).toBe(201);
    const justificativa = dataOf<Justificativa>(sent);
    const pendingOnly = (await feed()).filter(
      (item) => item.data.startsWith('2026-03-16') || item.tipo === 'justificativa',
    );
    expect(pendingOnly).toEqual([
      expect.objectContaining({
        id: `justificativa:${justificativa.id}`,
        tipo: 'justificativa',
        titulo: 'Justificativa da falta de 16/03 enviada',
        pendente: false,
        link,
      }),
    ]);
    await send('POST', `/api/frequencia/justificativas/${justificativa.id}/responder`, s.admin.cookie, {
      aceita: true,
      resposta: 'Recebido.',
    });
    const answered = (await feed()).find((item) => item.tipo === 'justificativa');
    expect(answered).toMatchObject({
      titulo: 'Justificativa aceita — falta de 16/03 abonada',
      resumo: `${b1.nome}: Recebido.`,
      pendente: false,
    });
    // Past the days a justification may be sent, an absence is no longer something to do.
    const later = await attendanceFeed(t.database.db, { ...scope, today: '2026-05-01' });
    expect(later.filter((item) => item.pendente)).toEqual([]);
  });
});
