/**
 * A student's status changes: leaving the school (inativo, transferido — on the day the student stopped
 * attending, a transfer with its destination), graduating, coming back. The class's roll follows the
 * day, and the modules that own a consequence act in the same transaction (departures.ts).
 */
import { eq } from 'drizzle-orm';
import { formatDate } from '../../../shared/format.js';
import type { Destino, Student, StudentStatus } from '../../../shared/students.schemas.js';
import type { AppContext } from '../../context.js';
import { students, type StudentRow } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { assertVersion, lockForUpdate } from '../../lib/versioning.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { studentsLeft } from './departures.js';
import { assertClassHasRoom } from './enrolment.rules.js';
import { moveDepartureDay, syncMembership } from './memberships.js';
import { studentNotFound } from './students.scope.js';
import { getStudent } from './students.service.js';

export interface StatusChange {
  status: StudentStatus;
  /** The first day out of class when leaving (today when absent). */
  dataSaida?: string | null | undefined;
  destino?: Destino | undefined;
  cancelarMensalidades?: boolean | undefined;
}

const invalidSaida = (message: string) => badRequest(message, [{ path: 'data_saida', message }]);

function notAfterToday(data: string, today: string): string {
  if (data > today) throw invalidSaida('A data da saída não pode ser depois de hoje.');
  return data;
}

/**
 * The day a student leaves: the one given (or today), not in the future and not before the student
 * was in the class (or the school) — the roll of the days before stays theirs.
 */
function departureDay(current: StudentRow, asked: string | null | undefined, today: string): string {
  const data = notAfterToday(asked ?? today, today);
  const since = current.dataEnturmacao ?? current.dataMatricula;
  // One who has not started yet (next year's class) may leave any day up to today.
  if (since <= today && data < since)
    throw invalidSaida(
      `A data da saída deve ser a partir de ${formatDate(since)} (${current.dataEnturmacao ? 'entrada na turma atual' : 'data da matrícula'}).`,
    );
  return data;
}

/**
 * The day the roll changes: leaving a class not begun yet (its first day still ahead) removes that
 * membership — it never covered a day — instead of ending it before it started.
 */
function membershipDay(current: StudentRow, day: string, comingBack: boolean): string {
  if (comingBack || !current.dataEnturmacao) return day;
  return day < current.dataEnturmacao ? current.dataEnturmacao : day;
}

/** Whether a correction changes nothing: the same day and, for a transfer, the same destination. */
function sameDeparture(current: StudentRow, dataSaida: string | null, destino: Destino | undefined): boolean {
  return (
    dataSaida === current.dataSaida &&
    (destino?.escola ?? null) === current.escolaDestino &&
    (destino?.municipio ?? null) === current.municipioDestino &&
    (destino?.uf ?? null) === current.ufDestino
  );
}

/** Changes the status; answers the student and what the change did besides (the message's sentences). */
export async function setStudentStatus(
  ctx: AppContext,
  id: string,
  change: StatusChange,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<{ student: Student; resumo: string[]; corrigida: boolean }> {
  const { status } = change;
  let corrigida = false;
  const outcome = await ctx.db.transaction(async (tx) => {
    const current = await lockForUpdate(tx, students, id, studentNotFound);
    assertVersion(expectedVersion, current.version);
    const today = clock.today();
    const leaving = status === 'inativo' || status === 'transferido';
    // From active, the roll ends on the day given. A student already out (inativo, transferido) may have
    // the day corrected, and a transfer its destination: the roll's end moves with the day. A graduate's
    // roll ended with the year, and stays so.
    const correcting = leaving && (current.status === 'inativo' || current.status === 'transferido');
    // The tuition after a departure is cancelled when the student leaves; a correction does not (it would
    // cancel, or leave, what the Financeiro has since settled): said, not silently ignored.
    if (correcting && change.cancelarMensalidades)
      throw badRequest(
        'Na correção da saída, as mensalidades não são canceladas: cancele-as no Financeiro.',
        [
          {
            path: 'cancelar_mensalidades',
            message: 'Na correção da saída, as mensalidades não são canceladas: cancele-as no Financeiro.',
          },
        ],
      );
    const dataSaida = !leaving
      ? null
      : correcting
        ? notAfterToday(change.dataSaida ?? current.dataSaida ?? today, today)
        : departureDay(current, change.dataSaida, today);
    const destino = status === 'transferido' ? change.destino : undefined;
    if (status === current.status && (!correcting || sameDeparture(current, dataSaida, destino)))
      return { after: [], resumo: [] };
    if (correcting && dataSaida && dataSaida !== current.dataSaida) {
      const moved = await moveDepartureDay(tx, id, current.turmaId, current.dataSaida, dataSaida);
      if (moved)
        throw invalidSaida(
          `A data da saída deve ser a partir de ${formatDate(moved.refused)} (entrada na última turma).`,
        );
    }
    // Coming back to 'ativo' takes a place in the class again.
    if (status === 'ativo' && current.turmaId) await assertClassHasRoom(tx, current.turmaId);
    await tx
      .update(students)
      .set({
        status,
        dataSaida,
        escolaDestino: destino?.escola ?? null,
        municipioDestino: destino?.municipio ?? null,
        ufDestino: destino?.uf ?? null,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(students.id, id));
    // Only active students are on the class's roll: the membership pauses while they are not.
    if (current.status === 'ativo' || status === 'ativo')
      await syncMembership(
        tx,
        id,
        { turmaId: current.turmaId, ativo: status === 'ativo' },
        membershipDay(current, dataSaida ?? today, status === 'ativo'),
      );
    await recordAudit(tx, actor, {
      action: 'alterar_status',
      entity: 'aluno',
      entityId: id,
      details: {
        de: current.status,
        para: status,
        ...(dataSaida ? { data_saida: dataSaida } : {}),
        ...(correcting && current.dataSaida && current.dataSaida !== dataSaida
          ? { data_saida_anterior: current.dataSaida }
          : {}),
        ...(destino?.escola ? { destino: destino.escola } : {}),
      },
    });
    corrigida = correcting && status === current.status;
    if (current.status !== 'ativo') return { after: [], resumo: [] };
    // Leaving the school ends what only an active student has (the Portal do Aluno account) and, when
    // asked, the tuition due after the day.
    return studentsLeft(
      ctx,
      tx,
      [id],
      actor,
      dataSaida && leaving
        ? { data: dataSaida, status, cancelarMensalidades: change.cancelarMensalidades === true }
        : undefined,
    );
  });
  for (const step of outcome.after) step();
  const student = await getStudent(ctx.db, { id: actor.id ?? '', nivel: 'administrador' }, id);
  return { student, resumo: outcome.resumo, corrigida };
}
