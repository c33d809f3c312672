/** Who missed a whole school day, by the rolls (chamadas) saved for it: what the agenda diária follows. */
import { and, count, countDistinct, eq, gte, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';

export interface DayAbsentee {
  turmaId: string;
  data: string;
  alunoId: string;
}

/**
 * The students absent from every roll their class saved on a day between `from` and `to`: the daily
 * roll of a class that takes one a day; each lesson's roll taken so far for a class that takes one per
 * lesson (absent from one lesson is not a day away). An abonada absence is still a day the child was not
 * at school. A day without a roll says nobody missed it.
 */
export async function dayAbsentees(
  db: DbOrTx,
  turmaIds: readonly string[],
  from: string,
  to: string,
): Promise<DayAbsentee[]> {
  if (turmaIds.length === 0) return [];
  const onDays = and(
    inArray(attendanceRolls.turmaId, [...turmaIds]),
    gte(attendanceRolls.data, from),
    lte(attendanceRolls.data, to),
  );
  const rolls = await db
    .select({ turmaId: attendanceRolls.turmaId, data: attendanceRolls.data, aulas: count() })
    .from(attendanceRolls)
    .where(onDays)
    .groupBy(attendanceRolls.turmaId, attendanceRolls.data);
  if (rolls.length === 0) return [];
  const absences = await db
    .select({
      turmaId: attendanceRolls.turmaId,
      data: attendanceRolls.data,
      alunoId: attendanceAbsences.alunoId,
      faltas: countDistinct(attendanceAbsences.chamadaId),
    })
    .from(attendanceAbsences)
    .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
    .where(onDays)
    .groupBy(attendanceRolls.turmaId, attendanceRolls.data, attendanceAbsences.alunoId);
  const taken = new Map(rolls.map((roll) => [`${roll.turmaId}:${roll.data}`, roll.aulas]));
  return absences
    .filter((absence) => absence.faltas === taken.get(`${absence.turmaId}:${absence.data}`))
    .map(({ turmaId, data, alunoId }) => ({ turmaId, data, alunoId }));
}
