/**
 * The registro de conteúdo as a family and a student read it (docs/familia.md, 'Tarefas e conteúdos'):
 * the lessons of the child's classes that carry content or homework, each only while the child belonged
 * to the class (the enturmação's history: not before they joined, not after they left). Nothing else of
 * the roll leaves here — no absences, no one else's name but the teacher's.
 */
import { and, asc, desc, eq, gte, isNotNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays } from '../../../shared/calendar.js';
import {
  TAREFAS_DIAS,
  type StudentLessons,
  type StudentLessonsQuery,
} from '../../../shared/tarefas.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { folded } from '../../lib/text-search.js';
import { attendanceRolls, classMemberships } from '../../db/schema/attendance.js';
import { classes } from '../../db/schema/classes.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { rollsVisibleTo, type Viewer } from '../classes/index.js';
import { itinerariosOfClasses, tookSubjectOn } from '../curriculum/index.js';
import { scopeOf, studentsInScope } from '../students/index.js';
import { rollInMembership } from './attendance.figures.js';

/**
 * The range asked (the schema checked a pair), or `TAREFAS_DIAS` days: up to today, from `de` alone, or
 * up to `ate` alone — always in order and shorter than the schema's maximum.
 */
function rangeOf(query: StudentLessonsQuery): { de: string; ate: string } {
  const ate = query.ate ?? (query.de ? addDays(query.de, TAREFAS_DIAS - 1) : clock.today());
  return { de: query.de ?? addDays(ate, 1 - TAREFAS_DIAS), ate };
}

const subjectTeacher = alias(teachers, 'professor_disciplina');
const classTeacher = alias(teachers, 'professor_turma');

/**
 * Which lessons of the student's memberships carry something to read. The other students of the class
 * never enter: the read starts from the student's memberships and returns the roll's two texts.
 */
const hasSomething = or(isNotNull(attendanceRolls.conteudo), isNotNull(attendanceRolls.atividades));

/** GET /api/frequencia/alunos/:id/tarefas — a guardian's child, a student's own, staff by their scope. */
export async function listStudentLessons(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  query: StudentLessonsQuery,
): Promise<StudentLessons> {
  const scope = await scopeOf(db, viewer);
  const [student] = await db
    .select({ id: students.id, nome: students.nome })
    .from(students)
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!student) throw notFound('Aluno não encontrado.');
  const { de, ate } = rangeOf(query);
  const rows = await db
    .select({
      id: attendanceRolls.id,
      data: attendanceRolls.data,
      turmaId: attendanceRolls.turmaId,
      turmaNome: classes.nome,
      disciplina: attendanceRolls.disciplina,
      aula: attendanceRolls.aula,
      professorNome: sql<
        string | null
      >`case when ${attendanceRolls.disciplina} is null then ${classTeacher.nome} else ${subjectTeacher.nome} end`,
      conteudo: attendanceRolls.conteudo,
      atividades: attendanceRolls.atividades,
    })
    .from(classMemberships)
    .innerJoin(attendanceRolls, rollInMembership)
    .innerJoin(classes, eq(classes.id, attendanceRolls.turmaId))
    .leftJoin(
      classSubjects,
      and(
        eq(classSubjects.turmaId, attendanceRolls.turmaId),
        eq(classSubjects.disciplina, attendanceRolls.disciplina),
      ),
    )
    .leftJoin(subjectTeacher, eq(subjectTeacher.id, classSubjects.professorId))
    .leftJoin(classTeacher, eq(classTeacher.id, classes.professorResponsavelId))
    .where(
      and(
        eq(classMemberships.alunoId, alunoId),
        gte(attendanceRolls.data, de),
        lte(attendanceRolls.data, ate),
        hasSomething,
        // A teacher reads only the lessons they teach (the rule of the student's attendance record).
        rollsVisibleTo(scope),
      ),
    )
    .orderBy(desc(attendanceRolls.data), asc(folded(attendanceRolls.disciplina)), asc(attendanceRolls.aula));
  // Ensino Médio: an itinerário's lessons are the student's on the days it was their itinerário
  // (tookSubjectOn: one left until the change, the new one from it).
  const itinerarios = await itinerariosOfClasses(db, [...new Set(rows.map((row) => row.turmaId))]);
  const aulas = rows
    .filter((row) => tookSubjectOn(itinerarios.get(row.turmaId)!, alunoId, row.disciplina, row.data))
    .map((row) => ({
      id: row.id,
      data: row.data,
      turma_nome: row.turmaNome,
      disciplina: row.disciplina,
      aula: row.aula,
      professor_nome: row.professorNome,
      conteudo: row.conteudo,
      atividades: row.atividades,
    }));
  return { aluno: student, de, ate, aulas };
}
