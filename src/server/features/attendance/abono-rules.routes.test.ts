/**
 * What an abono needs: a reason of a few words, and a year still open. A closed period does not stop the
 * coordenação (it may change a closed period's frequência; the audit names the period); a closed year
 * stops everyone, the roll included.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StudentAttendance } from '../../../shared/attendance.schemas.js';
import type { Justificativa } from '../../../shared/justificativas.schemas.js';
import { auditLog } from '../../db/schema/audit.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { yearClosures } from '../../db/schema/grades.js';
import { clock } from '../../lib/clock.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { get, send, setupAttendanceTestApp, setupSchool, t } from './attendance.test-setup.js';

setupAttendanceTestApp();

const CLOSED_YEAR =
  'O ano letivo 2026 foi encerrado: as frequências ficam só para consulta. Um ano letivo encerrado não é reaberto: o abono de faltas dele não é mais possível.';

/** Class B (daily roll): b1 misses 16/03. */
async function schoolWithAbsence() {
  const s = await setupSchool();
  const [b1] = s.b;
  const saved = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
    data: '2026-03-16',
    faltas: [{ aluno_id: b1.id }],
  });
  expect(saved.statusCode).toBe(200);
  const figures = async () =>
    dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${b1.id}`, s.admin.cookie));
  const faltaId = (await figures()).faltas[0]!.id;
  const excuse = (motivo: unknown, undo = false) =>
    send(
      'POST',
      `/api/frequencia/faltas/${faltaId}/${undo ? 'desabonar' : 'abonar'}`,
      s.admin.cookie,
      motivo === undefined ? {} : { motivo },
    );
  const closeYear = async () => {
    const [year] = await t.database.db.select().from(schoolYears).where(eq(schoolYears.ano, 2026));
    await t.database.db.insert(yearClosures).values({ anoLetivoId: year!.id });
  };
  return { ...s, b1: b1, figures, faltaId, excuse, closeYear };
}

describe('abono de faltas', () => {
  it('needs a reason of at least 5 characters, spaces not counted', async () => {
    const s = await schoolWithAbsence();
    for (const motivo of ['x', 'abc', '   abcd   ', undefined]) {
      const refused = await s.excuse(motivo);
      expect(refused.statusCode, String(motivo)).toBe(400);
      expect(messageOf(refused)).toContain('Explique o motivo (ao menos 5 caracteres)');
    }
    expect((await s.figures()).geral.faltas_abonadas).toBe(0);
    const excused = await s.excuse('  Atestado  ');
    expect(excused.statusCode).toBe(200);
    expect(dataOf<StudentAttendance>(excused).faltas[0]).toMatchObject({ abono_motivo: 'Atestado' });
    // Undoing one asks the same.
    expect((await s.excuse('erro', true)).statusCode).toBe(400);
    expect((await s.excuse('Aluno errado', true)).statusCode).toBe(200);
  });

  it('in a closed period the coordenação still abona, and the audit names the period', async () => {
    const s = await schoolWithAbsence();
    clock.pin('2026-04-27');
    const teacherLate = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data: '2026-03-16',
      faltas: [],
    });
    expect(teacherLate.statusCode).toBe(409);
    const excused = await s.excuse('Exercício domiciliar (Decreto-Lei 1.044/1969)');
    expect(excused.statusCode).toBe(200);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'abonar_falta'));
    expect(audit!.details).toMatchObject({ periodo_encerrado: '1º bimestre' });
  });

  it('a closed year refuses the abono, undoing one and the administrator’s roll (409)', async () => {
    const s = await schoolWithAbsence();
    expect((await s.excuse('Atestado médico')).statusCode).toBe(200);
    await s.closeYear();
    const undo = await s.excuse('Abonada no aluno errado', true);
    expect(undo.statusCode).toBe(409);
    expect(messageOf(undo)).toBe(CLOSED_YEAR);
    expect((await s.figures()).geral.faltas_abonadas).toBe(1);
    // docs/grades.md: the administrator's roll is free only until the year is closed.
    const roll = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.admin.cookie, {
      data: '2026-03-16',
      faltas: [],
    });
    expect(roll.statusCode).toBe(409);
    expect(messageOf(roll)).toBe('O ano letivo 2026 foi encerrado: as frequências ficam só para consulta.');
  });

  it('a closed year refuses accepting a family’s justificativa; answering without abono still works', async () => {
    const s = await schoolWithAbsence();
    const sent = await send('POST', '/api/frequencia/justificativas', s.guardian.cookie, {
      aluno_id: s.b1.id,
      data: '2026-03-16',
      motivo: 'Doença',
    });
    expect(sent.statusCode).toBe(201);
    const id = dataOf<Justificativa>(sent).id;
    await s.closeYear();
    const answer = (body: object) =>
      send('POST', `/api/frequencia/justificativas/${id}/responder`, s.admin.cookie, body);
    const accepted = await answer({ aceita: true });
    expect(accepted.statusCode).toBe(409);
    expect(messageOf(accepted)).toBe(CLOSED_YEAR);
    expect((await s.figures()).geral.faltas_abonadas).toBe(0);
    expect(
      (await answer({ aceita: false, resposta: 'O ano letivo já foi encerrado; a falta continua contando.' }))
        .statusCode,
    ).toBe(200);
  });
});
