/** Who missed a whole school day, by the rolls (chamadas) saved for it: what the agenda diária follows. */
import { and, countDistinct, eq, gte, inArray, lte, sql } from 'drizzle-orm';
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
  // One statement: a student's absences that day, kept when they cover every roll the class saved that day.
  const rollsThatDay = sql<number>`(select count(*) from ${attendanceRolls} as day_rolls
    where day_rolls.turma_id = ${attendanceRolls.turmaId} and day_rolls.data = ${attendanceRolls.data})`;
  return db
    .select({
      turmaId: attendanceRolls.turmaId,
      data: attendanceRolls.data,
      alunoId: attendanceAbsences.alunoId,
    })
    .from(attendanceAbsences)
    .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
    .where(
      and(
        inArray(attendanceRolls.turmaId, [...turmaIds]),
        gte(attendanceRolls.data, from),
        lte(attendanceRolls.data, to),
      ),
    )
    .groupBy(attendanceRolls.turmaId, attendanceRolls.data, attendanceAbsences.alunoId)
    .having(sql`${countDistinct(attendanceAbsences.chamadaId)} = ${rollsThatDay}`);
}
