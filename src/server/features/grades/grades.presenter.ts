/** Presenters of the grades module: avaliações and grid cells as the API answers them (shared/grades.schemas). */
import { and, asc, eq, sql } from 'drizzle-orm';
import { displayGrade, tenthsToNumber, type AveragingRules } from '../../../shared/averages.js';
import { type Assessment } from '../../../shared/assessments.schemas.js';
import { type GradeCell } from '../../../shared/grades.schemas.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { assessments, grades, type AssessmentRow } from '../../db/schema/grades.js';
import { assessmentNotFound, tenthsOf } from './grades.service.js';

// ---------------------------------------------------------------- assessments

function toAssessment(
  row: AssessmentRow,
  extra: {
    turmaNome: string;
    tipoPeriodo: 'bimestre' | 'trimestre' | 'semestre';
    numero: number;
    lancadas: number;
  },
): Assessment {
  return {
    id: row.id,
    turma_id: row.turmaId,
    turma_nome: extra.turmaNome,
    disciplina: row.disciplina,
    periodo_id: row.periodoId,
    periodo_nome: periodName(extra.tipoPeriodo, extra.numero),
    nome: row.nome,
    data: row.data,
    peso: tenthsToNumber(tenthsOf(row.peso)!),
    tipo: row.tipo,
    notas_lancadas: extra.lancadas,
    version: row.version,
  };
}

export async function presentAssessments(db: DbOrTx, where: ReturnType<typeof and>): Promise<Assessment[]> {
  const rows = await db
    .select({
      row: assessments,
      turmaNome: classes.nome,
      tipoPeriodo: schoolYears.tipoPeriodo,
      numero: schoolPeriods.numero,
      lancadas:
        sql<number>`(select count(*) from ${grades} where ${grades.avaliacaoId} = ${assessments.id} and ${grades.valor} is not null)`.mapWith(
          Number,
        ),
    })
    .from(assessments)
    .innerJoin(classes, eq(classes.id, assessments.turmaId))
    .innerJoin(schoolPeriods, eq(schoolPeriods.id, assessments.periodoId))
    .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId))
    .where(where)
    .orderBy(
      asc(classes.nome),
      asc(assessments.disciplina),
      asc(schoolPeriods.numero),
      asc(sql`${assessments.tipo} = 'recuperacao'`),
      asc(assessments.data),
      asc(assessments.createdAt),
    );
  return rows.map((item) =>
    toAssessment(item.row, {
      turmaNome: item.turmaNome,
      tipoPeriodo: item.tipoPeriodo,
      numero: item.numero,
      lancadas: item.lancadas,
    }),
  );
}

export async function presentOne(db: DbOrTx, id: string): Promise<Assessment> {
  const [one] = await presentAssessments(db, and(eq(assessments.id, id)));
  if (!one) throw assessmentNotFound();
  return one;
}

/** An assessment as a column of a grid (the Notas grid, the diário de classe): its weight as a number. */
export function columnOf(column: Pick<AssessmentRow, 'id' | 'nome' | 'data' | 'peso' | 'tipo'>) {
  return {
    id: column.id,
    nome: column.nome,
    data: column.data,
    peso: tenthsToNumber(tenthsOf(column.peso)!),
    tipo: column.tipo,
  };
}

export function cellOf(
  row: { id: string; valor: string | null; version: number } | undefined,
  avaliacaoId: string,
  rules: AveragingRules,
): GradeCell {
  const tenths = row ? tenthsOf(row.valor) : null;
  return {
    id: row?.id ?? null,
    avaliacao_id: avaliacaoId,
    valor: tenths === null ? null : tenthsToNumber(tenths),
    texto: displayGrade(tenths, rules),
    version: row?.version ?? 0,
  };
}
