/**
 * The comunicados' part of the family's feed (issue 32 §1): every notice this family received for the
 * children asked for, published, not removed and not expired. A notice asking for 'ciente' that the
 * family has not confirmed (on its text in force) is something to do, whatever its age; the others are
 * news from `since` on.
 */
import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { richTextSummary } from '../../../shared/rich-text.js';
import type { FeedItem } from '../../../shared/familia.schemas.js';
import { clock } from '../../lib/clock.js';
import { uuidArray, type FamilyFeedSource } from '../../lib/family-feed.js';
import { comunicadoDestinatarios, comunicados } from '../../db/schema/comunicados.js';
import { linkOf } from './comunicados.access.js';

export const comunicadosFeed: FamilyFeedSource = async (db, scope) => {
  const ids = scope.alunos.map((aluno) => aluno.id);
  if (ids.length === 0) return [];
  const pending = and(eq(comunicados.exigeCiente, true), isNull(comunicadoDestinatarios.cienteEm));
  const rows = await db
    .select({
      id: comunicados.id,
      titulo: comunicados.titulo,
      resumo: comunicados.resumo,
      corpo: comunicados.corpo,
      pendente: sql<boolean>`coalesce(${pending}, false)`,
      entregueEm: comunicadoDestinatarios.entregueEm,
      alunoIds: comunicadoDestinatarios.alunoIds,
    })
    .from(comunicadoDestinatarios)
    .innerJoin(comunicados, eq(comunicados.id, comunicadoDestinatarios.comunicadoId))
    .where(
      and(
        eq(comunicadoDestinatarios.usuarioId, scope.userId),
        sql`${comunicados.publicadoEm} is not null`,
        isNull(comunicados.removidoEm),
        sql`(${comunicados.expiraEm} is null or ${comunicados.expiraEm} > ${clock.now()})`,
        // Through one of the children asked for (a notice to the family as such names none).
        sql`(${comunicadoDestinatarios.alunoIds} && ${uuidArray(ids)} or cardinality(${comunicadoDestinatarios.alunoIds}) = 0)`,
        or(pending, gte(comunicadoDestinatarios.entregueEm, scope.since)),
      ),
    );
  return rows.map((row): FeedItem => {
    const through = row.alunoIds.filter((id) => ids.includes(id));
    return {
      id: `comunicado:${row.id}`,
      tipo: 'comunicado',
      titulo: row.titulo,
      resumo: row.resumo ?? richTextSummary(row.corpo),
      data: row.entregueEm.toISOString(),
      link: linkOf(row.id),
      aluno_id: through.length === 1 ? through[0]! : null,
      pendente: row.pendente,
    };
  });
};
