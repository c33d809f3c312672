/** The school year the school's and the teacher's homes are about, its classes and its students. */
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { resolveYear } from '../calendar/index.js';

/** The first school year on the calendar when none has begun yet (null: none at all). */
async function firstYearAhead(db: DbOrTx, today: string): Promise<{ ano: number } | null> {
  const [first] = await db
    .select({ ano: schoolYears.ano })
    .from(schoolYears)
    .where(gt(schoolYears.inicio, today))
    .orderBy(asc(schoolYears.ano))
    .limit(1);
  return first ?? null;
}

/**
 * The school year the home is about: the one whose dates contain today; between two years, the one just
 * ended until the next begins (`resolveYear`, as the attendance figures beside them); before the first
 * year on the calendar begins, that year (a new school set up in December for February: its classes and
 * students are next year's, as the Calendário already shows); with no year on the calendar, today's
 * year. Its classes: not next year's opened in December, nor past years'; the year's classes concluded
 * by the rematrícula still count until the next year begins.
 */
export async function schoolYearOf(db: DbOrTx, today: string): Promise<{ ano: number; classes: SQL }> {
  const year = (await resolveYear(db)) ?? (await firstYearAhead(db, today));
  const ano = year ? year.ano : Number(today.slice(0, 4));
  return {
    ano,
    classes: and(eq(classes.anoLetivo, String(ano)), inArray(classes.status, ['ativo', 'concluido']))!,
  };
}

/**
 * The students of the year: those who belonged to one of its classes (the membership history, so the
 * year just ended keeps its students after the rematrícula moved them up), whatever their status now.
 * Not a child enrolled in December in next year's class only, nor a student in no class of the year.
 */
export function ofTheYearClasses(ofTheYear: SQL): SQL {
  return sql`exists (
    select 1 from ${classMemberships} inner join ${classes} on ${classes.id} = ${classMemberships.turmaId}
    where ${classMemberships.alunoId} = ${students.id} and ${ofTheYear})`;
}

/** The active students of the year ('Alunos Ativos em <ano>'). */
export function studentsOfTheYear(ofTheYear: SQL): SQL {
  return sql`${students.status} = 'ativo' and ${ofTheYearClasses(ofTheYear)}`;
}
