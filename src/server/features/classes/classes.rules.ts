import { and, count, eq } from 'drizzle-orm';
import { CLASS_FULL } from '../../../shared/classes.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { schoolYears } from '../calendar/calendar.table.js';
import { students } from '../students/students.table.js';
import { classes, type ClassRow } from './classes.table.js';

/** Active students count against a class's capacity. */
export async function countActiveStudents(db: DbOrTx, turmaId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(students)
    .where(and(eq(students.turmaId, turmaId), eq(students.status, 'ativo')));
  return row?.total ?? 0;
}

/**
 * Locks the class row for the rest of the transaction, then checks there is a free place: two
 * enrolments racing for the last place are serialised and the second gets 409 'Turma lotada'.
 */
export async function assertClassHasRoom(tx: DbOrTx, turmaId: string): Promise<ClassRow> {
  const [row] = await tx.select().from(classes).where(eq(classes.id, turmaId)).for('update');
  if (!row) {
    throw badRequest('Turma não encontrada', [{ path: 'turma_id', message: 'Turma não encontrada' }]);
  }
  if ((await countActiveStudents(tx, turmaId)) >= row.capacidadeMaxima) throw conflict(CLASS_FULL);
  return row;
}

/**
 * The first day in `turma` of a student registered with it, who joined the school on `dataMatricula`:
 * that day, but not before the class's school year begins (a student of the school since 2019 is in
 * the 2026 class from the first day of 2026: the year's `inicio` in the Calendário, else 1 January),
 * and never after today (a class of next year is joined today, as any enrolment).
 */
export async function firstDayInClass(
  tx: DbOrTx,
  turma: ClassRow,
  dataMatricula: string,
  today: string,
): Promise<string> {
  let start = dataMatricula;
  if (/^\d{4}$/.test(turma.anoLetivo)) {
    const [year] = await tx
      .select({ inicio: schoolYears.inicio })
      .from(schoolYears)
      .where(eq(schoolYears.ano, Number(turma.anoLetivo)))
      .limit(1);
    const yearStart = year?.inicio ?? `${turma.anoLetivo}-01-01`;
    if (yearStart > start) start = yearStart;
  }
  return start > today ? today : start;
}
