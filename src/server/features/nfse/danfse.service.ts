/**
 * The DANFSe of one note, for the school's finance desk or the family of the student it was issued
 * for (anyone else: 404, so a family cannot learn another's note exists), and the list of a family's
 * notes that the portal shows beside each receipt.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { NfseFamilia } from '../../../shared/nfse-documentos.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { nfse, type NfseRow } from '../../db/schema/fiscal.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../../lib/http.js';
import { danfseDataOf } from './danfse.data.js';
import { renderDanfse } from './danfse.pdf.js';

/**
 * The whole school (its staff) or a family's notes (ADR 0025: scope on top of the permission). A note is
 * the tomador's fiscal document, with their CPF and address: of a child's guardians, only the one who is
 * its responsável financeiro (the principal, whom the note is issued to) reads it — not the other parent —
 * and a guardian who was the tomador keeps reading the notes in their CPF after the principal changes.
 * A note issued to a CPF is read only by that CPF or by the guardian recorded as its tomador (ADR 0114):
 * a principal with no CPF on file does not read the notes of the one who paid before (review 2026-12-07).
 */
export type NfseScope =
  | { kind: 'escola' }
  | { kind: 'familia'; alunoIds: string[]; tomadorDe: string[]; cpf: string | null; guardianIds: string[] };

export async function nfseScopeOf(db: DbOrTx, user: SignedInUser): Promise<NfseScope> {
  if (user.nivel === 'administrador') return { kind: 'escola' };
  const rows = await db
    .select({
      alunoId: studentGuardians.alunoId,
      principal: studentGuardians.ehPrincipal,
      cpf: guardians.cpf,
      guardianId: guardians.id,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(eq(guardians.usuarioId, user.id));
  return {
    kind: 'familia',
    alunoIds: [...new Set(rows.map((row) => row.alunoId))],
    tomadorDe: [...new Set(rows.filter((row) => row.principal).map((row) => row.alunoId))],
    cpf: rows[0]?.cpf?.replace(/\D/g, '') || null,
    guardianIds: [...new Set(rows.map((row) => row.guardianId))],
  };
}

/** Whether a family reads this note: its child's, and issued to them (see NfseScope). */
function familyReads(
  scope: Extract<NfseScope, { kind: 'familia' }>,
  row: Pick<NfseRow, 'alunoId' | 'tomadorCpf' | 'tomadorId'>,
): boolean {
  if (!scope.alunoIds.includes(row.alunoId)) return false;
  if (row.tomadorId && scope.guardianIds.includes(row.tomadorId)) return true;
  // Another CPF's fiscal document (its CPF and address), whether or not the viewer has a CPF on file.
  if (row.tomadorCpf) return row.tomadorCpf === scope.cpf;
  if (row.tomadorId) return false;
  return scope.tomadorDe.includes(row.alunoId);
}

const NOT_FOUND = 'Nota fiscal não encontrada.';

export async function buildDanfse(
  db: DbOrTx,
  id: string,
  scope: NfseScope,
): Promise<{ body: Buffer; fileName: string }> {
  const [row] = await db.select().from(nfse).where(eq(nfse.id, id));
  if (!row) throw notFound(NOT_FOUND);
  if (scope.kind === 'familia' && !familyReads(scope, row)) throw notFound(NOT_FOUND);
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
  // The school's staff list notes by competência (GET /api/fiscal/nfse); this list is the family's.
  if (scope.kind === 'escola' || scope.alunoIds.length === 0) return [];
  const rows = await db
    .select({
      id: nfse.id,
      alunoId: nfse.alunoId,
      tomadorCpf: nfse.tomadorCpf,
      tomadorId: nfse.tomadorId,
      mensalidadeId: nfse.mensalidadeId,
      competencia: nfse.competencia,
      status: nfse.status,
      numero: nfse.numero,
      emitidaEm: nfse.emitidaEm,
    })
    .from(nfse)
    .where(and(inArray(nfse.status, ['emitida', 'cancelada']), inArray(nfse.alunoId, scope.alunoIds)))
    .orderBy(desc(nfse.competencia), desc(nfse.createdAt));
  return rows
    .filter((row) => familyReads(scope, row))
    .map((row) => ({
      id: row.id,
      mensalidade_id: row.mensalidadeId,
      competencia: row.competencia,
      status: row.status === 'cancelada' ? 'cancelada' : 'emitida',
      numero: row.numero,
      emitida_em: row.emitidaEm?.toISOString() ?? null,
    }));
}
