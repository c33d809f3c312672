/** One student's attendance: the figures per subject and period, and the absences with their situação. */
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { tutelaryLimit, type Absence, type StudentAttendance } from '../../../shared/attendance.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { classes } from '../../db/schema/classes.js';
import { scopeOf, studentsInScope } from '../students/index.js';
import { students } from '../../db/schema/students.js';
import { rollsVisibleTo, type Viewer } from '../classes/index.js';
import { itinerariosOfClasses, tookSubjectOn } from '../curriculum/index.js';
import { attendanceAbsences, attendanceRolls, classMemberships } from '../../db/schema/attendance.js';
import {
  classRulesIn,
  classYear,
  figuresOf,
  rollInMembership,
  situacaoOf,
  yearRange,
} from './attendance.figures.js';
import { studentWithClassColumns } from './student-class.columns.js';
import { plannedLessonsOf } from './planned-lessons.figures.js';

/** GET /api/frequencia/alunos/:id — figures per subject and overall, and every absence with its id. */
export async function getStudentAttendance(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  query: { ano?: number | undefined },
): Promise<StudentAttendance> {
  const scope = await scopeOf(db, viewer);
  const [student] = await db
    .select({ ...studentWithClassColumns, turmaAno: classes.anoLetivo })
    .from(students)
    .leftJoin(classes, eq(classes.id, students.turmaId))
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!student) throw notFound('Aluno não encontrado.');
  // Without a year asked for, the student's class's (a 2027 student's record showed 2026: issue 29).
  const range = await yearRange(db, query.ano ?? classYear(student.turmaAno));
  // A teacher reads only the lessons they teach (rollsVisibleTo): the figures, the absences and their
  // justifications of the student's other subjects and earlier classes stay out.
  const inRange = and(
    gte(attendanceRolls.data, range.de),
    lte(attendanceRolls.data, range.ate),
    rollsVisibleTo(scope),
  );
  const [givenPerClass, absences] = await Promise.all([
    db
      .select({
        turmaId: attendanceRolls.turmaId,
        disciplina: attendanceRolls.disciplina,
        data: attendanceRolls.data,
        total: sql<number>`count(*)`.mapWith(Number),
      })
      .from(classMemberships)
      .innerJoin(attendanceRolls, rollInMembership)
      .where(and(eq(classMemberships.alunoId, alunoId), inRange))
      .groupBy(attendanceRolls.turmaId, attendanceRolls.disciplina, attendanceRolls.data),
    db
      .select({
        id: attendanceAbsences.id,
        data: attendanceRolls.data,
        disciplina: attendanceRolls.disciplina,
        aula: attendanceRolls.aula,
        turmaNome: classes.nome,
        justificativa: attendanceAbsences.justificativa,
        abonada: attendanceAbsences.abonada,
        abonoMotivo: attendanceAbsences.abonoMotivo,
        abonadaEm: attendanceAbsences.abonadaEm,
      })
      .from(attendanceAbsences)
      .innerJoin(attendanceRolls, eq(attendanceRolls.id, attendanceAbsences.chamadaId))
      .innerJoin(classes, eq(classes.id, attendanceRolls.turmaId))
      // From the student's few absences outwards; the membership is a check, not a join to plan around.
      .where(
        and(
          eq(attendanceAbsences.alunoId, alunoId),
          inRange,
          sql`exists (select 1 from ${classMemberships} where ${classMemberships.alunoId} = ${attendanceAbsences.alunoId} and ${rollInMembership})`,
        ),
      )
      .orderBy(desc(attendanceRolls.data), asc(attendanceRolls.disciplina), asc(attendanceRolls.aula)),
  ]);
  // Ensino Médio: the lessons of an itinerário's subject are theirs on the days it was their itinerário
  // (the boletim's rule, tookSubjectOn: one left counts until the change, the new one from it).
  const itinerarios = await itinerariosOfClasses(
    db,
    givenPerClass.map((row) => row.turmaId),
  );
  const given = new Map<string | null, number>();
  for (const row of givenPerClass)
    if (tookSubjectOn(itinerarios.get(row.turmaId)!, alunoId, row.disciplina, row.data))
      given.set(row.disciplina, (given.get(row.disciplina) ?? 0) + row.total);
  const tally = (rows: typeof absences) => ({
    counted: rows.filter((row) => !row.abonada).length,
    justified: rows.filter((row) => !row.abonada && row.justificativa).length,
    excused: rows.filter((row) => row.abonada).length,
  });
  // The minimum and the Conselho Tutelar line follow the class's stage (Configurações → Acadêmico).
  const rules = (await classRulesIn(db, range.anoLetivoId))(student);
  const totalGiven = [...given.values()].reduce((sum, total) => sum + total, 0);
  const all = tally(absences);
  // The Conselho Tutelar line counts over the lessons the year plans (ADR 0117).
  const planned = await plannedLessonsOf(db, range, student.turmaId, alunoId);
  const yearPlanned = planned.total(totalGiven);
  const subjects = [...given]
    .map(([disciplina, total]) => ({ disciplina, total }))
    .filter((row): row is { disciplina: string; total: number } => row.disciplina !== null)
    .map((row) => {
      const own = tally(absences.filter((absence) => absence.disciplina === row.disciplina));
      return {
        disciplina: row.disciplina,
        ...figuresOf(
          row.total,
          own.counted,
          own.justified,
          own.excused,
          rules,
          planned.subject(row.disciplina, row.total),
        ),
      };
    })
    .sort((a, b) => a.disciplina.localeCompare(b.disciplina, 'pt-BR'));
  const faltas: Absence[] = absences.map((row) => ({
    id: row.id,
    data: row.data,
    turma_nome: row.turmaNome,
    disciplina: row.disciplina,
    aula: row.aula,
    justificativa: row.justificativa,
    situacao: situacaoOf(row),
    abono_motivo: row.abonoMotivo,
    abonada_em: row.abonadaEm ? row.abonadaEm.toISOString() : null,
  }));
  return {
    aluno: {
      id: student.id,
      nome: student.nome,
      matricula: student.matricula,
      turma: student.turmaId && student.turmaNome ? { id: student.turmaId, nome: student.turmaNome } : null,
    },
    ano: range.ano,
    de: range.de,
    ate: range.ate,
    geral: figuresOf(totalGiven, all.counted, all.justified, all.excused, rules, yearPlanned),
    frequencia_minima: rules.minima,
    limite_conselho: rules.limiteConselho,
    limite_faltas_conselho: yearPlanned > 0 ? tutelaryLimit(yearPlanned, rules.limiteConselho) : null,
    por_disciplina: subjects,
    faltas,
    somente_aulas_do_professor: scope.kind === 'teacher',
  };
}
