/**
 * The DANFSe of one note, for the school's finance desk or the family of the student it was issued
 * for (anyone else: 404, so a family cannot learn another's note exists), and the list of a family's
 * notes that the portal shows beside each receipt.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { NfseFamilia } from '../../../shared/nfse-documentos.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { nfse } from '../../db/schema/fiscal.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../../lib/http.js';
import { listChildIdsOfUser } from '../finance/index.js';
import { danfseDataOf } from './danfse.data.js';
import { renderDanfse } from './danfse.pdf.js';

/** The whole school (its staff) or a family's children (ADR 0025: scope on top of the permission). */
export type NfseScope = { kind: 'escola' } | { kind: 'familia'; alunoIds: string[] };

export async function nfseScopeOf(db: DbOrTx, user: SignedInUser): Promise<NfseScope> {
  if (user.nivel === 'administrador') return { kind: 'escola' };
  return { kind: 'familia', alunoIds: await listChildIdsOfUser(db, user.id) };
}

const NOT_FOUND = 'Nota fiscal não encontrada.';

export async function buildDanfse(
  db: DbOrTx,
  id: string,
  scope: NfseScope,
): Promise<{ body: Buffer; fileName: string }> {
  const [row] = await db.select().from(nfse).where(eq(nfse.id, id));
  if (!row) throw notFound(NOT_FOUND);
  if (scope.kind === 'familia' && !scope.alunoIds.includes(row.alunoId)) throw notFound(NOT_FOUND);
  if (row.status === 'pendente')
    throw conflict('Esta nota ainda está sendo emitida. Tente de novo em instantes.');
  if (row.status === 'rejeitada' || !row.xmlNfse)
    throw conflict('Esta nota foi rejeitada e não tem DANFSe. Corrija o motivo e emita de novo.');
  const data = danfseDataOf({
    numero: row.numero,
    chaveAcesso: row.chaveAcesso,
    ambiente: row.ambiente,
    cancelada: row.status === 'cancelada',
    nfseXml: row.xmlNfse,
    dpsXml: row.xmlDps,
  });
  const body = await renderDanfse(data);
  const name = row.numero ?? row.chaveAcesso ?? row.id.slice(0, 8);
  return { body, fileName: `danfse-${name}.pdf` };
}

/** A family's issued (and cancelled) notes, newest first: which mensalidade has a DANFSe to download. */
export async function listFamilyNfse(db: DbOrTx, scope: NfseScope): Promise<NfseFamilia[]> {
  const shown = inArray(nfse.status, ['emitida', 'cancelada']);
  const where =
    scope.kind === 'escola'
      ? null
      : scope.alunoIds.length === 0
        ? undefined
        : and(shown, inArray(nfse.alunoId, scope.alunoIds));
  // The school's staff list notes by competência (GET /api/fiscal/nfse); this list is the family's.
  if (!where) return [];
  const rows = await db
    .select({
      id: nfse.id,
      mensalidadeId: nfse.mensalidadeId,
      competencia: nfse.competencia,
      status: nfse.status,
      numero: nfse.numero,
      emitidaEm: nfse.emitidaEm,
    })
    .from(nfse)
    .where(where)
    .orderBy(desc(nfse.competencia), desc(nfse.createdAt));
  return rows.map((row) => ({
    id: row.id,
    mensalidade_id: row.mensalidadeId,
    competencia: row.competencia,
    status: row.status === 'cancelada' ? 'cancelada' : 'emitida',
    numero: row.numero,
    emitida_em: row.emitidaEm?.toISOString() ?? null,
  }));
}
