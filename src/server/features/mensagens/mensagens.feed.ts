import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { FeedItem } from '../../../shared/familia.schemas.js';
import { formatCount } from '../../../shared/format.js';
import { conversas } from '../../db/schema/mensagens.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import type { FamilyFeedSource } from '../../lib/family-feed.js';
import { guardianStillLinked, linkOf, unreadCount } from './mensagens.service.js';

/**
 * The family's conversations in their feed (issue 32 §1): one with a message the family has not read yet
 * is something to do ('Responder', pending, whatever its age); the others appear while recent (from
 * `since`). Only the guardian's own conversations about the children asked for, while still linked —
 * the same reach as the Mensagens screen.
 */
export const mensagensFeed: FamilyFeedSource = async (db, scope) => {
  if (scope.alunos.length === 0) return [];
  const viewer = { id: scope.userId, nivel: 'responsavel' as const, nome: '' };
  const unread = unreadCount(viewer, clock.now());
  const rows = await db
    .select({
      id: conversas.id,
      alunoId: conversas.alunoId,
      assunto: conversas.assunto,
      ultima: conversas.ultimaMensagemEm,
      naoLidas: unread,
      autor: sql<string | null>`(select m.autor_nome from mensagens m where m.conversa_id = ${conversas.id}
        and m.lado = 'escola' order by m.created_at desc limit 1)`,
    })
    .from(conversas)
    // Joined so that drizzle qualifies the columns: a bare "id" in the subqueries would be the message's.
    .innerJoin(students, eq(students.id, conversas.alunoId))
    .where(
      and(
        eq(conversas.responsavelUsuarioId, scope.userId),
        guardianStillLinked,
        inArray(
          conversas.alunoId,
          scope.alunos.map((aluno) => aluno.id),
        ),
        or(gte(conversas.ultimaMensagemEm, scope.since), sql`${unread} > 0`),
      ),
    )
    .orderBy(desc(conversas.ultimaMensagemEm));
  return rows.map((row): FeedItem => ({
    id: `mensagem:${row.id}`,
    tipo: 'mensagem',
    titulo: row.naoLidas > 0 ? `Responder: ${row.assunto}` : row.assunto,
    resumo:
      row.naoLidas > 0
        ? `${row.autor ?? 'A escola'} enviou ${row.naoLidas === 1 ? 'uma mensagem' : formatCount(row.naoLidas, 'mensagem', 'mensagens')}`
        : null,
    data: row.ultima.toISOString(),
    link: linkOf(row.id),
    aluno_id: row.alunoId,
    pendente: row.naoLidas > 0,
  }));
};
