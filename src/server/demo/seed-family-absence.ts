import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { firstJustifiableDay } from '../../shared/justificativas.schemas.js';
import type { Tx } from '../db/client.js';
import { attendanceAbsences, attendanceRolls } from '../db/schema/attendance.js';
import { schoolYears } from '../db/schema/calendar.js';
import { classes } from '../db/schema/classes.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';
import { DEMO_AGENDA_CLASS } from './seed-agenda.js';
import { schoolDaysToYesterday } from './seed-rolls.js';

/**
 * A recent absence of a child of the demo mother, not justified, so the family can try what ADR 0034
 * gives it: the feed's 'Falta em DD/MM — Justificar' and the Frequência screen's 'Justificar' (only for
 * absences of the last 30 days, which the drawn absences of the rolls may all be older than). The child
 * missed the whole day of a school day three to ten school days back, on which she has no absence yet,
 * in the roll of her class that day. The child outside the agenda's class (the 4º ano's): the other one's
 * agenda of the last two school days has him in class. Draws nothing, so the rest of the demo stays as
 * it was.
 */
export async function seedFamilyAbsence(tx: Tx, responsavelUserId: string, today: string): Promise<void> {
  const [year] = await tx
    .select()
    .from(schoolYears)
    .where(eq(schoolYears.ano, Number(today.slice(0, 4))));
  const [child] = await tx
    .select({ id: students.id, turmaId: students.turmaId })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.turmaId))
    .innerJoin(studentGuardians, eq(studentGuardians.alunoId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(
      and(
        eq(guardians.usuarioId, responsavelUserId),
        eq(students.status, 'ativo'),
        ne(classes.nome, DEMO_AGENDA_CLASS),
      ),
    )
    .orderBy(asc(students.matricula))
    .limit(1);
  if (!year || !child?.turmaId) return;
  const justifiable = firstJustifiableDay(today);
  const candidates = (await schoolDaysToYesterday(tx, year, today))
    .slice(-10, -2)
    .reverse()
    .filter((day) => day >= justifiable);
  for (const day of candidates) {
    const rolls = await tx
      .select({ id: attendanceRolls.id })
      .from(attendanceRolls)
      .where(and(eq(attendanceRolls.turmaId, child.turmaId), eq(attendanceRolls.data, day)));
    if (rolls.length === 0) continue;
    const [absent] = await tx
      .select({ id: attendanceAbsences.id })
      .from(attendanceAbsences)
      .where(
        and(
          eq(attendanceAbsences.alunoId, child.id),
          inArray(
            attendanceAbsences.chamadaId,
            rolls.map((roll) => roll.id),
          ),
        ),
      )
      .limit(1);
    if (absent) continue;
    // Every lesson of the day (one roll in a class with a daily roll), recorded when the roll was saved.
    await tx.insert(attendanceAbsences).values(
      rolls.map((roll) => ({
        chamadaId: roll.id,
        alunoId: child.id,
        createdAt: new Date(`${day}T10:30:00-03:00`),
      })),
    );
    return;
  }
}
