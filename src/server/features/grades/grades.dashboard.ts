import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/calendar.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import type { DashboardProfessor } from '../../../shared/dashboard.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { assessments, grades } from '../../db/schema/grades.js';
import { periodStatesForClasses } from '../calendar/index.js';

/** The dashboard's grade figures: the class averages and the teacher's to-do lists. */

/**
 * Per class: the weighted mean of every regular grade given in the class's year, exactly in the
 * database (numeric), rounded half-up to one decimal.
 */
export async function classGradeAverages(
  db: DbOrTx,
  classIds: readonly string[],
): Promise<Map<string, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .select({
      turmaId: assessments.turmaId,
      media: sql<
        string | null
      >`round(sum(${grades.valor} * ${assessments.peso}) / nullif(sum(${assessments.peso}), 0), 1)`,
    })
    .from(grades)
    .innerJoin(assessments, eq(assessments.id, grades.avaliacaoId))
    .where(
      and(
        inArray(assessments.turmaId, [...classIds]),
        eq(assessments.tipo, 'regular'),
        sql`${grades.valor} is not null`,
      ),
    )
    .groupBy(assessments.turmaId);
  return new Map(
    rows.filter((row) => row.media !== null).map((row) => [row.turmaId, Number(row.media)] as const),
  );
}

/**
 * A teacher's assessments of their subjects, dated up to today, with fewer grades than the class's
 * active students, in periods still open for the class (a closed one changes only by retificação, so
 * it is no task); a recuperação is not listed (only the students below the average take it). And their
 * classes whose current period closes within 7 days (still open).
 */
export async function teacherGradeTasks(
  db: DbOrTx,
  teacherId: string,
  today: string,
): Promise<Pick<DashboardProfessor, 'avaliacoes_pendentes' | 'periodos_fechando'>> {
  const pending = await db
    .select({
      id: assessments.id,
      nome: assessments.nome,
      disciplina: assessments.disciplina,
      data: assessments.data,
      turma_id: classes.id,
      turma_nome: classes.nome,
      periodo_id: assessments.periodoId,
      lancadas:
        sql<number>`(select count(*) from ${grades} where ${grades.avaliacaoId} = ${assessments.id} and ${grades.valor} is not null)`.mapWith(
          Number,
        ),
      alunos:
        sql<number>`(select count(*) from ${students} where ${students.turmaId} = ${assessments.turmaId} and ${students.status} = 'ativo')`.mapWith(
          Number,
        ),
    })
    // From the teacher's (class, subject) pairs to their assessments by index, not every assessment of
    // the school tested against the pairs.
    .from(classSubjects)
    .innerJoin(
      assessments,
      and(
        eq(assessments.turmaId, classSubjects.turmaId),
        eq(assessments.disciplina, classSubjects.disciplina),
      ),
    )
    .innerJoin(classes, eq(classes.id, assessments.turmaId))
    .where(
      and(
        eq(classSubjects.professorId, teacherId),
        lte(assessments.data, today),
        eq(classes.status, 'ativo'),
        eq(assessments.tipo, 'regular'),
      ),
    )
    .orderBy(asc(assessments.data));
  const missing = pending.filter((row) => row.lancadas < row.alunos);
  const periodIds = [...new Set(missing.map((row) => row.periodo_id))];
  const periods =
    periodIds.length === 0
      ? []
      : await db.select().from(schoolPeriods).where(inArray(schoolPeriods.id, periodIds));
  // One read of the states for every class (not a read per class: the home's cost stays flat).
  const states = await periodStatesForClasses(db, periods, [...new Set(missing.map((row) => row.turma_id))]);
  const avaliacoes_pendentes = missing
    .filter((row) => states.get(row.turma_id)?.get(row.periodo_id)?.fechado !== true)
    .slice(0, 10)
    .map((row) => ({ ...row, faltam: row.alunos - row.lancadas }));

  const closing = await db
    .select({
      turmaId: classes.id,
      turmaNome: classes.nome,
      period: schoolPeriods,
      tipo: schoolYears.tipoPeriodo,
    })
    .from(classes)
    .innerJoin(schoolYears, sql`${schoolYears.ano}::text = ${classes.anoLetivo}`)
    .innerJoin(schoolPeriods, eq(schoolPeriods.anoLetivoId, schoolYears.id))
    .where(
      and(
        eq(classes.status, 'ativo'),
        sql`(${classes.professorResponsavelId} = ${teacherId} or exists (select 1 from ${classSubjects} where ${classSubjects.turmaId} = ${classes.id} and ${classSubjects.professorId} = ${teacherId}))`,
        gte(schoolPeriods.dataFechamento, today),
        lte(schoolPeriods.dataFechamento, addDays(today, 7)),
      ),
    )
    .orderBy(asc(schoolPeriods.dataFechamento), asc(classes.nome));
  const closingStates = await periodStatesForClasses(
    db,
    [...new Map(closing.map((row) => [row.period.id, row.period])).values()],
    [...new Set(closing.map((row) => row.turmaId))],
  );
  const periodos_fechando = [];
  for (const row of closing) {
    if (closingStates.get(row.turmaId)?.get(row.period.id)?.fechado !== false) continue;
    periodos_fechando.push({
      turma_id: row.turmaId,
      turma_nome: row.turmaNome,
      periodo_id: row.period.id,
      periodo_nome: periodName(row.tipo, row.period.numero),
      data_fechamento: row.period.dataFechamento,
    });
  }
  return { avaliacoes_pendentes, periodos_fechando };
}
