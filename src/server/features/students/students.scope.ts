import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classSubjects } from '../academics/academics.table.js';
import { classes } from '../classes/classes.table.js';
import { teachers } from '../teachers/teachers.table.js';
import { notFound } from '../../lib/errors.js';
import type { UserRow } from '../users/users.table.js';
import { guardians, studentGuardians, students } from './students.table.js';

/**
 * Which school records a signed-in user reaches (docs/records.md): an administrator all of them; a teacher
 * the classes they teach — responsible for, or teaching any subject of its grid — and those classes'
 * students; a guardian their own children.
 * Anything outside the scope is answered as if it did not exist (404), so ids cannot be probed.
 */
export type Viewer = Pick<UserRow, 'id' | 'nivel'>;

/** Absent and out of scope answer the same, so ids cannot be probed. */
export const studentNotFound = () => notFound('Aluno não encontrado.');

export type RecordsScope =
  | { kind: 'all' }
  | { kind: 'teacher'; teacherId: string | null }
  | { kind: 'guardian'; guardianId: string | null };

export async function scopeOf(db: DbOrTx, viewer: Pick<UserRow, 'id' | 'nivel'>): Promise<RecordsScope> {
  if (viewer.nivel === 'administrador') return { kind: 'all' };
  if (viewer.nivel === 'professor') {
    const [row] = await db
      .select({ id: teachers.id })
      .from(teachers)
      .where(eq(teachers.usuarioId, viewer.id))
      .limit(1);
    return { kind: 'teacher', teacherId: row?.id ?? null };
  }
  const [row] = await db
    .select({ id: guardians.id })
    .from(guardians)
    .where(eq(guardians.usuarioId, viewer.id))
    .limit(1);
  return { kind: 'guardian', guardianId: row?.id ?? null };
}

/** The classes a teacher teaches: those they are responsible for and those whose grid names them. */
export function classIdsTaughtBy(teacherId: string): SQL {
  return sql`(select ${classes.id} from ${classes} where ${classes.professorResponsavelId} = ${teacherId} union select ${classSubjects.turmaId} from ${classSubjects} where ${classSubjects.professorId} = ${teacherId})`;
}

/** A condition on `students` that keeps only the rows the scope reaches (undefined: all). */
export function studentsInScope(scope: RecordsScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'teacher') {
    if (scope.teacherId === null) return sql`false`;
    return inArray(students.turmaId, classIdsTaughtBy(scope.teacherId));
  }
  if (scope.guardianId === null) return sql`false`;
  return inArray(
    students.id,
    sql`(select ${studentGuardians.alunoId} from ${studentGuardians} where ${studentGuardians.responsavelId} = ${scope.guardianId})`,
  );
}

/** A condition on `classes`: a teacher's own classes, a guardian's children's classes. */
export function classesInScope(scope: RecordsScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'teacher') {
    if (scope.teacherId === null) return sql`false`;
    return or(
      eq(classes.professorResponsavelId, scope.teacherId),
      inArray(
        classes.id,
        sql`(select ${classSubjects.turmaId} from ${classSubjects} where ${classSubjects.professorId} = ${scope.teacherId})`,
      ),
    );
  }
  if (scope.guardianId === null) return sql`false`;
  return inArray(
    classes.id,
    sql`(select ${students.turmaId} from ${students} join ${studentGuardians} on ${studentGuardians.alunoId} = ${students.id} where ${studentGuardians.responsavelId} = ${scope.guardianId} and ${students.turmaId} is not null)`,
  );
}
