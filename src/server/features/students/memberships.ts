import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { addDays } from '../../../shared/calendar.js';
import { formatDate } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { classMemberships } from '../../db/schema/attendance.js';

/**
 * Class membership over time. `students.turma_id` says where a student is now; this history says where
 * they were on each day, so a student enrolled, moved or deactivated mid-year counts only the rolls
 * taken while they belonged. Every change of class or status goes through `syncMembership`.
 */

/** Memberships of a class that cover a date. */
export function coversDate(turmaId: string, date: string): SQL {
  return and(
    eq(classMemberships.turmaId, turmaId),
    lte(classMemberships.inicio, date),
    or(isNull(classMemberships.fim), gte(classMemberships.fim, date)),
  )!;
}

/**
 * The class a student belonged to on a date: null before they joined a class, after they left, or on a
 * day between two classes. What a past day shows a family is that class's, never the current one's.
 */
export async function classOnDate(db: DbOrTx, alunoId: string, date: string): Promise<string | null> {
  const [row] = await db
    .select({ turmaId: classMemberships.turmaId })
    .from(classMemberships)
    .where(
      and(
        eq(classMemberships.alunoId, alunoId),
        lte(classMemberships.inicio, date),
        or(isNull(classMemberships.fim), gte(classMemberships.fim, date)),
      ),
    )
    .limit(1);
  return row?.turmaId ?? null;
}

const invalidDate = (message: string) => badRequest(message, [{ path: 'data_enturmacao', message }]);

/** A membership ends the day before `day`; left on the day it began, it never covered a day and goes. */
async function endMembershipBefore(
  tx: DbOrTx,
  membership: { id: string; inicio: string },
  day: string,
): Promise<void> {
  if (day === membership.inicio)
    await tx.delete(classMemberships).where(eq(classMemberships.id, membership.id));
  else
    await tx
      .update(classMemberships)
      .set({ fim: addDays(day, -1) })
      .where(eq(classMemberships.id, membership.id));
}

/**
 * Brings the history in line with the student's class and status from `date` on: the open membership
 * ends the day before, and a new one starts on `date` when the student is active in a class. When
 * the student stays in the same class, an explicit `date` moves the start of the open membership.
 */
export async function syncMembership(
  tx: DbOrTx,
  alunoId: string,
  desired: { turmaId: string | null; ativo: boolean },
  date: string,
  options: { explicitDate?: boolean } = {},
): Promise<void> {
  const target = desired.ativo ? desired.turmaId : null;
  const [open] = await tx
    .select()
    .from(classMemberships)
    .where(and(eq(classMemberships.alunoId, alunoId), isNull(classMemberships.fim)))
    .for('update');
  const [lastClosed] = await tx
    .select({ fim: classMemberships.fim })
    .from(classMemberships)
    .where(and(eq(classMemberships.alunoId, alunoId), isNotNull(classMemberships.fim)))
    .orderBy(desc(classMemberships.fim))
    .limit(1);
  const closedUntil = lastClosed?.fim ?? null;

  if (open && open.turmaId === target) {
    if (!options.explicitDate || open.inicio === date) return;
    if (closedUntil !== null && date <= closedUntil)
      throw invalidDate(
        `A data de enturmação deve ser posterior a ${formatDate(closedUntil)} (saída da turma anterior).`,
      );
    await tx.update(classMemberships).set({ inicio: date }).where(eq(classMemberships.id, open.id));
    return;
  }
  if (open) {
    if (date < open.inicio)
      throw invalidDate(`A data deve ser a partir de ${formatDate(open.inicio)} (entrada na turma atual).`);
    await endMembershipBefore(tx, open, date);
  } else if (target && closedUntil !== null && date <= closedUntil) {
    throw invalidDate(
      `A data de enturmação deve ser posterior a ${formatDate(closedUntil)} (saída da turma anterior).`,
    );
  }
  if (target) await tx.insert(classMemberships).values({ alunoId, turmaId: target, inicio: date });
}

/**
 * A departure's day corrected while the student is out (ADR 0086's correction): the membership the
 * departure ended (the day before `previous`; the last one for a departure recorded without a day) now
 * ends the day before `day`; on its first day it never covered one and goes. Null when the departure
 * ended no membership (the student left no class behind, or left one on its first day: an earlier class
 * is not that one); `{ refused: inicio }` when `day` is before that class began.
 */
export async function moveDepartureDay(
  tx: DbOrTx,
  alunoId: string,
  turmaId: string | null,
  previous: string | null,
  day: string,
): Promise<{ refused: string } | null> {
  const [last] = await tx
    .select()
    .from(classMemberships)
    .where(
      and(
        eq(classMemberships.alunoId, alunoId),
        previous === null ? isNotNull(classMemberships.fim) : eq(classMemberships.fim, addDays(previous, -1)),
      ),
    )
    .orderBy(desc(classMemberships.fim))
    .limit(1)
    .for('update');
  // The class the student is recorded in: an earlier class's membership is never the one that ended.
  if (!last || (turmaId !== null && last.turmaId !== turmaId)) return null;
  if (day < last.inicio) return { refused: last.inicio };
  await endMembershipBefore(tx, last, day);
  return null;
}

/** Students per statement when many move at once. */
const CHUNK = 1_000;

/**
 * Many students from the same date (the rematrícula): for each, the history `syncMembership` would
 * leave, in a few statements per thousand students instead of a few per student. A student whose
 * history already reaches `date` is left to `syncMembership`, with its own checks and messages.
 */
export async function syncMemberships(
  tx: DbOrTx,
  moves: readonly { alunoId: string; turmaId: string | null }[],
  date: string,
): Promise<void> {
  for (let index = 0; index < moves.length; index += CHUNK) {
    const part = moves.slice(index, index + CHUNK);
    const rows = await tx
      .select()
      .from(classMemberships)
      .where(
        and(
          inArray(
            classMemberships.alunoId,
            part.map((move) => move.alunoId),
          ),
          or(isNull(classMemberships.fim), gte(classMemberships.fim, date)),
        ),
      )
      .for('update');
    const reaching = new Set(
      rows.filter((row) => row.inicio >= date || row.fim !== null).map((row) => row.alunoId),
    );
    const open = new Map(rows.filter((row) => row.fim === null).map((row) => [row.alunoId, row]));
    const close: string[] = [];
    const start: { alunoId: string; turmaId: string; inicio: string }[] = [];
    for (const move of part) {
      if (reaching.has(move.alunoId)) {
        await syncMembership(tx, move.alunoId, { turmaId: move.turmaId, ativo: true }, date);
        continue;
      }
      const current = open.get(move.alunoId);
      if (current?.turmaId === move.turmaId) continue;
      if (current) close.push(current.id);
      if (move.turmaId) start.push({ alunoId: move.alunoId, turmaId: move.turmaId, inicio: date });
    }
    if (close.length > 0)
      await tx
        .update(classMemberships)
        .set({ fim: addDays(date, -1) })
        .where(inArray(classMemberships.id, close));
    if (start.length > 0) await tx.insert(classMemberships).values(start);
  }
}
