import { and, count, eq } from 'drizzle-orm';
import { CLASS_FULL } from '../../../shared/classes.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { resolveYear } from '../calendar/index.js';
import { students } from '../../db/schema/students.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';

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
 * When the class's school year begins: the year's `inicio` in the Calendário, else 1 January; null for
 * a class whose `ano_letivo` is not a year.
 */
export async function classYearStart(tx: DbOrTx, turma: ClassRow): Promise<string | null> {
  if (!/^\d{4}$/.test(turma.anoLetivo)) return null;
  const year = await resolveYear(tx, Number(turma.anoLetivo));
  return year?.inicio ?? `${turma.anoLetivo}-01-01`;
}

/**
 * The first day in a class of a student registered with it, who joined the school on `dataMatricula`:
 * that day, but not before the class's school year begins (`yearStart`, from classYearStart: a student
 * of the school since 2019 is in the 2026 class from the first day of 2026), and never after today (a
 * class of next year is joined today, as any enrolment).
 */
export function firstDayInClass(yearStart: string | null, dataMatricula: string, today: string): string {
  const start = yearStart !== null && yearStart > dataMatricula ? yearStart : dataMatricula;
  return start > today ? today : start;
}
