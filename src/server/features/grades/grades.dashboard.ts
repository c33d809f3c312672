import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/calendar.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import type { DashboardProfessor } from '../../../shared/dashboard.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classSubjects } from '../academics/academics.table.js';
import { schoolPeriods, schoolYears } from '../calendar/calendar.table.js';
import { classes } from '../classes/classes.table.js';
import { students } from '../students/students.table.js';
import { assessments, grades } from './grades.table.js';
import { periodStatesFor } from './period-state.js';

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
  const taught = sql`exists (select 1 from ${classSubjects} where ${classSubjects.turmaId} = ${assessments.turmaId} and ${classSubjects.disciplina} = ${assessments.disciplina} and ${classSubjects.professorId} = ${teacherId})`;
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
    .from(assessments)
    .innerJoin(classes, eq(classes.id, assessments.turmaId))
    .where(
      and(taught, lte(assessments.data, today), eq(classes.status, 'ativo'), eq(assessments.tipo, 'regular')),
    )
    .orderBy(asc(assessments.data));
  const missing = pending.filter((row) => row.lancadas < row.alunos);
  const periodIds = [...new Set(missing.map((row) => row.periodo_id))];
  const periods =
    periodIds.length === 0
      ? []
      : await db.select().from(schoolPeriods).where(inArray(schoolPeriods.id, periodIds));
  const closedFor = new Map<string, Set<string>>();
  for (const turmaId of new Set(missing.map((row) => row.turma_id))) {
    const states = await periodStatesFor(db, periods, turmaId);
    closedFor.set(turmaId, new Set([...states].filter(([, state]) => state.fechado).map(([id]) => id)));
  }
  const avaliacoes_pendentes = missing
    .filter((row) => !closedFor.get(row.turma_id)?.has(row.periodo_id))
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
  const periodos_fechando = [];
  for (const row of closing) {
    const state = (await periodStatesFor(db, [row.period], row.turmaId)).get(row.period.id)!;
    if (state.fechado) continue;
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
