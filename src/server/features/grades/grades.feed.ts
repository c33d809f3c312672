/**
 * The grades' part of the family's feed (issue 32 §1): a period published for a child's class (the
 * class's own 'publicar', or the school's when the class follows it) puts the boletim of that period in
 * the family's hands — news from the moment it was published, within `since`. Educação Infantil has
 * pareceres, never a boletim (their own source).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { periodName } from '../../../shared/calendar.schemas.js';
import type { FeedItem } from '../../../shared/familia.schemas.js';
import { paths } from '../../../shared/routes.js';
import type { FamilyFeedSource } from '../../lib/family-feed.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { periodStates } from '../../db/schema/grades.js';
import { students } from '../../db/schema/students.js';

export const gradesFeed: FamilyFeedSource = async (db, scope) => {
  const ids = scope.alunos.map((aluno) => aluno.id);
  if (ids.length === 0) return [];
  const own = alias(periodStates, 'own');
  const school = alias(periodStates, 'school');
  // The row that decides: the class's when it says something, else the school's.
  const publicado = sql<boolean>`coalesce(${own.publicado}, ${school.publicado}, false)`;
  const publishedAt = sql<Date>`(case when ${own.publicado} is not null then ${own.updatedAt} else ${school.updatedAt} end)`;
  const rows = await db
    .select({
      alunoId: students.id,
      periodoId: schoolPeriods.id,
      numero: schoolPeriods.numero,
      tipo: schoolYears.tipoPeriodo,
      ano: schoolYears.ano,
      em: publishedAt.mapWith((value: string | Date) => new Date(value)),
    })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.turmaId))
    .innerJoin(schoolYears, sql`${schoolYears.ano}::text = ${classes.anoLetivo}`)
    .innerJoin(schoolPeriods, eq(schoolPeriods.anoLetivoId, schoolYears.id))
    .leftJoin(own, and(eq(own.periodoId, schoolPeriods.id), eq(own.turmaId, classes.id)))
    .leftJoin(school, and(eq(school.periodoId, schoolPeriods.id), isNull(school.turmaId)))
    .where(
      and(
        inArray(students.id, ids),
        sql`${classes.nivel} <> 'Educação Infantil'`,
        publicado,
        sql`${publishedAt} >= ${scope.since}`,
      ),
    );
  const nameOf = (id: string) => scope.alunos.find((aluno) => aluno.id === id)?.nome ?? '';
  return rows.map((row): FeedItem => ({
    id: `nota:${row.alunoId}:${row.periodoId}`,
    tipo: 'nota',
    titulo: `Notas do ${periodName(row.tipo, row.numero)} publicadas`,
    resumo: `O boletim de ${nameOf(row.alunoId)} do ${periodName(row.tipo, row.numero)} de ${String(row.ano)} está disponível.`,
    data: row.em.toISOString(),
    link: `${paths.familyBoletim}?aluno=${row.alunoId}`,
    aluno_id: row.alunoId,
    pendente: false,
  }));
};
