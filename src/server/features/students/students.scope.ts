import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { classes } from '../../db/schema/classes.js';
import { teachers } from '../../db/schema/teachers.js';
import { notFound } from '../../lib/errors.js';
import { teacherReachesClasses, type TeacherStatus } from '../../../shared/teachers.schemas.js';
import type { UserRow } from '../../db/schema/users.js';
import type { Permission } from '../../../shared/permissions.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { studentAccounts } from '../../db/schema/student-accounts.js';

/**
 * Which school records a signed-in user reaches (docs/records.md): an administrator all of them; a teacher
 * the classes they teach — responsible for, or teaching any subject of its grid — and those classes'
 * students; a guardian their own children; a student's own account (ADR 0029) only the student.
 * Anything outside the scope is answered as if it did not exist (404), so ids cannot be probed.
 */
export type Viewer = Pick<UserRow, 'id' | 'nivel'> & {
  /** The signed-in account's permissions (every request has them): which of the ficha's fields it reads. */
  permissoes?: readonly Permission[];
};

/** Absent and out of scope answer the same, so ids cannot be probed. */
export const studentNotFound = () => notFound('Aluno não encontrado.');

/**
 * What a staff account reads of the ficha beyond names, classes and contacts (LGPD art. 6º III,
 * necessity; ADR 0139): `completa` — who keeps the record (`students.write`: the secretaria, the direção)
 * — everything; `cobranca` — the Financeiro (`finance.manage`) — the CPFs too, which the boleto, the Pix,
 * the NFS-e and the IR declaration name, but not the school's internal notes; `consulta` — any other
 * (the coordenação) — neither CPFs nor notes.
 */
export type FichaAccess = 'completa' | 'cobranca' | 'consulta';

export function fichaAccessOf(permissoes: readonly Permission[] | undefined): FichaAccess {
  // Without the account's permissions (a job acting for the school, not a person), the whole record.
  if (!permissoes || permissoes.includes('students.write')) return 'completa';
  return permissoes.includes('finance.manage') ? 'cobranca' : 'consulta';
}

export type RecordsScope =
  | { kind: 'all'; ficha?: FichaAccess }
  /**
   * `teacherId` is null when the account has no teacher record, or its record is 'inativo' or
   * 'afastado' (`status` says which): such a teacher reaches no class, student, grade or roll.
   */
  | { kind: 'teacher'; teacherId: string | null; status: TeacherStatus | null }
  | { kind: 'guardian'; guardianId: string | null }
  /** A student's own account: only that student (null: an account whose link is gone reaches nothing). */
  | { kind: 'student'; alunoId: string | null };

/**
 * The one place a signed-in user's reach is decided. A teacher's follows their teacher record's status
 * as well as their account's (issue 29): an 'inativo' or 'afastado' teacher whose account stays on
 * reaches nothing until the record is 'ativo' again. Read on every request (never cached), so a change
 * of status holds from the next request on, on every instance.
 */
export async function scopeOf(db: DbOrTx, viewer: Viewer): Promise<RecordsScope> {
  if (viewer.nivel === 'administrador') {
    const ficha = fichaAccessOf(viewer.permissoes);
    return ficha === 'completa' ? { kind: 'all' } : { kind: 'all', ficha };
  }
  if (viewer.nivel === 'professor') {
    const [row] = await db
      .select({ id: teachers.id, status: teachers.status })
      .from(teachers)
      .where(eq(teachers.usuarioId, viewer.id))
      .limit(1);
    if (!row) return { kind: 'teacher', teacherId: null, status: null };
    return {
      kind: 'teacher',
      teacherId: teacherReachesClasses(row.status) ? row.id : null,
      status: row.status,
    };
  }
  if (viewer.nivel === 'aluno') {
    const [own] = await db
      .select({ alunoId: studentAccounts.alunoId })
      .from(studentAccounts)
      .where(eq(studentAccounts.usuarioId, viewer.id))
      .limit(1);
    return { kind: 'student', alunoId: own?.alunoId ?? null };
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
  if (scope.kind === 'student') return scope.alunoId === null ? sql`false` : eq(students.id, scope.alunoId);
  if (scope.guardianId === null) return sql`false`;
  return inArray(
    students.id,
    sql`(select ${studentGuardians.alunoId} from ${studentGuardians} where ${studentGuardians.responsavelId} = ${scope.guardianId})`,
  );
}

/**
 * A condition on `classes`: a teacher's own classes, a guardian's children's classes. A student reaches
 * no class as such (a class's lists are their classmates'): their own class's data comes only through
 * their own record.
 */
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
  if (scope.kind === 'student') return sql`false`;
  if (scope.guardianId === null) return sql`false`;
  return inArray(
    classes.id,
    sql`(select ${students.turmaId} from ${students} join ${studentGuardians} on ${studentGuardians.alunoId} = ${students.id} where ${studentGuardians.responsavelId} = ${scope.guardianId} and ${students.turmaId} is not null)`,
  );
}
