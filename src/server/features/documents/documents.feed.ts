/**
 * The documents' part of the family's feed (issue 32 §1). What a family issues itself from the portal
 * it already holds; what the secretaria issues for a child (a histórico, a transferência the family
 * asked for at the desk) is ready to download: news from `since` on, while not revoked.
 */
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import { documentoTipoLabels } from '../../../shared/documents.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { paths } from '../../../shared/routes.js';
import type { FeedItem } from '../../../shared/familia.schemas.js';
import type { FamilyFeedSource } from '../../lib/family-feed.js';
import { schoolDocuments } from '../../db/schema/documents.js';

export const documentsFeed: FamilyFeedSource = async (db, scope) => {
  const ids = scope.alunos.map((aluno) => aluno.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: schoolDocuments.id,
      tipo: schoolDocuments.tipo,
      alunoId: schoolDocuments.alunoId,
      emitidoEm: schoolDocuments.emitidoEm,
    })
    .from(schoolDocuments)
    .where(
      and(
        inArray(schoolDocuments.alunoId, ids),
        eq(schoolDocuments.origem, 'secretaria'),
        isNull(schoolDocuments.revogadoEm),
        gte(schoolDocuments.emitidoEm, scope.since),
      ),
    );
  const nameOf = (id: string) => scope.alunos.find((aluno) => aluno.id === id)?.nome ?? '';
  return rows.map((row): FeedItem => ({
    id: `documento:${row.id}`,
    tipo: 'documento',
    titulo: `${documentoTipoLabels[row.tipo]} disponível`,
    resumo: `Documento emitido pela secretaria em ${formatDate(row.emitidoEm)} para ${nameOf(row.alunoId!)}: baixe o PDF.`,
    data: row.emitidoEm.toISOString(),
    link: `${paths.familyDocuments}?aluno=${row.alunoId!}`,
    aluno_id: row.alunoId,
    pendente: false,
  }));
};
