/** Abono of an absence (and undoing one given by mistake), audited with the reason. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { dayContextOf, excuseBlockOf } from './attendance.service.js';

/**
 * POST /api/frequencia/faltas/:id/abonar — an administrator exempts an absence; it stops counting.
 * POST …/desabonar undoes an abono given by mistake; it counts again. Both audited with the reason (and
 * the period, when already closed); neither in a closed year (`excuseBlockOf`): 409.
 */
export async function setAbsenceExcused(
  ctx: AppContext,
  id: string,
  excused: boolean,
  motivo: string,
  actor: Actor,
): Promise<{ aluno_id: string }> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ row: attendanceAbsences, data: attendanceRolls.data, turmaId: attendanceRolls.turmaId })
      .from(attendanceAbsences)
      .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
      .where(eq(attendanceAbsences.id, id))
      .for('update', { of: attendanceAbsences });
    if (!found) throw notFound('Falta não encontrada.');
    const { row } = found;
    const context = await dayContextOf(tx, found.data, found.turmaId);
    const block = excuseBlockOf(context);
    if (block) throw conflict(block);
    if (row.abonada === excused)
      throw conflict(excused ? 'Esta falta já está abonada.' : 'Esta falta não está abonada.');
    await tx
      .update(attendanceAbsences)
      .set(
        excused
          ? { abonada: true, abonoMotivo: motivo, abonadaPorNome: actor.nome, abonadaEm: clock.now() }
          : { abonada: false, abonoMotivo: null, abonadaPorNome: null, abonadaEm: null },
      )
      .where(eq(attendanceAbsences.id, id));
    await recordAudit(tx, actor, {
      action: excused ? 'abonar_falta' : 'desfazer_abono',
      entity: 'falta',
      entityId: id,
      details: {
        aluno_id: row.alunoId,
        chamada_id: row.chamadaId,
        motivo,
        ...(context.period?.encerrado ? { periodo_encerrado: context.period.nome } : {}),
        antes: { abonada: row.abonada, abono_motivo: row.abonoMotivo, justificativa: row.justificativa },
        depois: { abonada: excused },
      },
    });
    return { aluno_id: row.alunoId };
  });
}
