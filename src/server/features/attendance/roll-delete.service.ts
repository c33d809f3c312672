/** Removing a roll taken by mistake, with its absences and the families' unread notices of that day. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { folded } from '../../lib/text-search.js';
import { withdrawAbsenceNotices } from '../notificacoes/index.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { students } from '../../db/schema/students.js';
import { diaryAccessOf, seesSubject, type ClassDiaryAccess, type Viewer } from '../classes/index.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';
import { changeBlockOf, dayContextOf } from './attendance.service.js';

const rollNotFound = () => notFound('Chamada não encontrada.');

/**
 * DELETE /api/frequencia/chamadas/:id — a roll taken by mistake (wrong class, lesson or day) stops
 * counting as a lesson given. Whoever may change the roll may remove it: an administrator always; a
 * teacher while its period is open, and only a roll of their subject (or the daily roll) — a roll of a
 * class or subject outside their reach is a 404, as its class would be. A day that stopped being letivo
 * does not stop it: removing the roll is how such a day is fixed. The roll and its absences go in one
 * transaction, with an audit entry naming the class, the date, the lesson, each absence with the
 * student's name, who had taken it and the reason; the families' unread 'falta' notices of that day go
 * too (nothing new is sent about it).
 */
export async function deleteRoll(
  ctx: AppContext,
  viewer: Viewer,
  actor: Actor,
  rollId: string,
  motivo: string,
): Promise<void> {
  const [found] = await ctx.db.select().from(attendanceRolls).where(eq(attendanceRolls.id, rollId));
  if (!found) throw rollNotFound();
  let access: ClassDiaryAccess;
  try {
    access = await diaryAccessOf(ctx.db, viewer, found.turmaId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw rollNotFound();
    throw error;
  }
  if (!seesSubject(access, found.disciplina)) throw rollNotFound();
  const block = changeBlockOf(
    access,
    await dayContextOf(ctx.db, found.data, found.turmaId),
    found.disciplina,
  );
  if (block) throw new AppError(block.code, block.message);

  await ctx.db.transaction(async (tx) => {
    const [roll] = await tx
      .select()
      .from(attendanceRolls)
      .where(eq(attendanceRolls.id, rollId))
      .for('update');
    if (!roll) throw rollNotFound();
    const absences = await tx
      .select({
        alunoId: attendanceAbsences.alunoId,
        nome: students.nome,
        justificativa: attendanceAbsences.justificativa,
        abonada: attendanceAbsences.abonada,
        abonoMotivo: attendanceAbsences.abonoMotivo,
      })
      .from(attendanceAbsences)
      .innerJoin(students, eq(students.id, attendanceAbsences.alunoId))
      .where(eq(attendanceAbsences.chamadaId, roll.id))
      .orderBy(folded(students.nome));
    await tx.delete(attendanceAbsences).where(eq(attendanceAbsences.chamadaId, roll.id));
    await tx.delete(attendanceRolls).where(eq(attendanceRolls.id, roll.id));
    await withdrawAbsenceNotices(tx, { alunoIds: absences.map((row) => row.alunoId), data: roll.data });
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'chamada',
      entityId: roll.id,
      details: {
        motivo,
        turma_id: roll.turmaId,
        turma_nome: access.turma.nome,
        data: roll.data,
        disciplina: roll.disciplina,
        aula: roll.aula,
        registrada_por: roll.registradoPorNome,
        registrada_em: roll.createdAt.toISOString(),
        faltas: absences.map((row) => ({
          aluno_id: row.alunoId,
          nome: row.nome,
          justificativa: row.justificativa,
          abonada: row.abonada,
          ...(row.abonada ? { abono_motivo: row.abonoMotivo } : {}),
        })),
      },
    });
  });
}
