/**
 * The pareceres' part of the family's feed (issue 32 §1): a parecer descritivo published by the
 * coordination (ADR 0026) is news for the child's family from its publication on, within `since`.
 * Drafts and reviewed texts are the school's until published.
 */
import { and, eq, gte, inArray } from 'drizzle-orm';
import { periodName } from '../../../shared/calendar.schemas.js';
import type { FeedItem } from '../../../shared/familia.schemas.js';
import { paths } from '../../../shared/routes.js';
import type { FamilyFeedSource } from '../../lib/family-feed.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { pareceres } from '../../db/schema/pareceres.js';

export const pareceresFeed: FamilyFeedSource = async (db, scope) => {
  const ids = scope.alunos.map((aluno) => aluno.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: pareceres.id,
      alunoId: pareceres.alunoId,
      publicadoEm: pareceres.publicadoEm,
      numero: schoolPeriods.numero,
      tipo: schoolYears.tipoPeriodo,
    })
    .from(pareceres)
    .innerJoin(schoolPeriods, eq(schoolPeriods.id, pareceres.periodoId))
    .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId))
    .where(
      and(
        inArray(pareceres.alunoId, ids),
        eq(pareceres.status, 'publicado'),
        gte(pareceres.publicadoEm, scope.since),
      ),
    );
  const nameOf = (id: string) => scope.alunos.find((aluno) => aluno.id === id)?.nome ?? '';
  return rows.map((row): FeedItem => ({
    id: `parecer:${row.id}`,
    tipo: 'parecer',
    titulo: `Relatório de desenvolvimento do ${periodName(row.tipo, row.numero)}`,
    resumo: `O parecer descritivo de ${nameOf(row.alunoId)} foi publicado.`,
    data: row.publicadoEm!.toISOString(),
    link: `${paths.familyBoletim}?aluno=${row.alunoId}`,
    aluno_id: row.alunoId,
    pendente: false,
  }));
};
