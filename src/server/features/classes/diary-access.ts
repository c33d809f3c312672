import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { teachers } from '../../db/schema/teachers.js';
import { classesInScope, scopeOf, type RecordsScope } from '../students/index.js';
import type { UserRow } from '../../db/schema/users.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';

export type Viewer = Pick<UserRow, 'id' | 'nivel' | 'nome'>;

/**
 * What a signed-in user may do in one class's diary. A teacher reaches the class when responsible for
 * it or teaching any subject of its grid (the records scope), and in it sees only what their subjects
 * need: `disciplinas` null means every subject (an administrator, or the class's responsible teacher).
 */
export interface ClassDiaryAccess {
  turma: ClassRow;
  /** The class's responsible teacher, shown on the daily roll. */
  responsavelNome: string | null;
  scope: RecordsScope;
  isAdmin: boolean;
  isTeacher: boolean;
  /** Subjects whose lessons the user sees; null: all of them. */
  visible: Set<string> | null;
  /** Subjects whose lesson rolls the user may take (admin: all). */
  teaches: Set<string> | null;
  /** May take the class's daily roll. */
  takesDailyRoll: boolean;
}

export const classNotFound = () => notFound('Turma não encontrada.');

/** 404 when the class is outside the user's scope, so ids cannot be probed. */
export async function diaryAccessOf(db: DbOrTx, viewer: Viewer, turmaId: string): Promise<ClassDiaryAccess> {
  const scope = await scopeOf(db, viewer);
  const [found] = await db
    .select({ turma: classes, responsavelNome: teachers.nome })
    .from(classes)
    .leftJoin(teachers, eq(teachers.id, classes.professorResponsavelId))
    .where(and(eq(classes.id, turmaId), classesInScope(scope)));
  if (!found) throw classNotFound();
  const { turma, responsavelNome } = found;
  if (scope.kind === 'all')
    return {
      turma,
      responsavelNome,
      scope,
      isAdmin: true,
      isTeacher: false,
      visible: null,
      teaches: null,
      takesDailyRoll: true,
    };
  if (scope.kind === 'teacher' && scope.teacherId !== null) {
    const rows = await db
      .select({ disciplina: classSubjects.disciplina })
      .from(classSubjects)
      .where(and(eq(classSubjects.turmaId, turmaId), eq(classSubjects.professorId, scope.teacherId)));
    const teaches = new Set(rows.map((row) => row.disciplina));
    const responsible = turma.professorResponsavelId === scope.teacherId;
    return {
      turma,
      responsavelNome,
      scope,
      isAdmin: false,
      isTeacher: true,
      visible: responsible ? null : teaches,
      teaches,
      takesDailyRoll: true,
    };
  }
  // A class's diary is the school's: guardians read their own children's figures through the student.
  throw classNotFound();
}

/** Whether a roll (daily: null subject) is visible to the user. */
export function seesSubject(access: Pick<ClassDiaryAccess, 'visible'>, disciplina: string | null): boolean {
  return disciplina === null || access.visible === null || access.visible.has(disciplina);
}

/**
 * The rolls whose figures and absences a user reads through a student (issue 29), as a condition on
 * `attendance_rolls`: for a teacher, every roll of a class they are responsible for and, in a class whose
 * grid names them, its daily rolls and the lessons of the subjects they teach there — the same rule the
 * class diary follows (`diaryAccessOf`: `visible`, `seesSubject`). A student's earlier classes, and
 * other teachers' subjects, stay out, with their justifications (a medical certificate is health data).
 * Undefined: no restriction (an administrator; a guardian, who reaches only their own child).
 */
export function rollsVisibleTo(scope: RecordsScope): SQL | undefined {
  if (scope.kind !== 'teacher') return undefined;
  if (scope.teacherId === null) return sql`false`;
  const teacherId = scope.teacherId;
  return sql`(${attendanceRolls.turmaId} in (select ${classes.id} from ${classes} where ${classes.professorResponsavelId} = ${teacherId})
    or exists (select 1 from ${classSubjects} where ${classSubjects.turmaId} = ${attendanceRolls.turmaId}
      and ${classSubjects.professorId} = ${teacherId}
      and (${attendanceRolls.disciplina} is null or ${classSubjects.disciplina} = ${attendanceRolls.disciplina})))`;
}
