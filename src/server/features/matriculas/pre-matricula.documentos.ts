/**
 * The documents a family sends through its pré-matrícula link: PDF, JPEG or PNG by their bytes (never
 * the name), at most 10 MB each, stored in the database like the other private files (never public),
 * within the family's and the school's room; replaced or removed until the form is submitted. The
 * school's staff read them from the funnel.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { PRE_MATRICULA_LIMITS, type PreMatriculaDocumento } from '../../../shared/pre-matricula.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { lockLimit } from '../../lib/write-limits.js';
import { readDocumentUpload } from '../media/index.js';
import { preMatriculas } from '../../db/schema/matriculas.js';
import { preMatriculaDocumentos } from '../../db/schema/pre-matriculas.js';
import { registrarEvento } from './funil.service.js';
import { loadMatriculaOnlineConfig } from './pre-matricula.config.js';
import { porToken } from './pre-matricula.token.js';

const MB = 1024 * 1024;
export const DOCUMENTO_GRANDE = 'Cada documento deve ter no máximo 10 MB.';
export const DOCUMENTO_TIPO = 'Envie o documento em PDF ou como foto (JPEG ou PNG).';

const columns = {
  id: preMatriculaDocumentos.id,
  tipo: preMatriculaDocumentos.tipo,
  nome: preMatriculaDocumentos.nome,
  mimeType: preMatriculaDocumentos.mimeType,
  tamanho: preMatriculaDocumentos.tamanho,
  createdAt: preMatriculaDocumentos.createdAt,
};

function toDocumento(row: {
  id: string;
  tipo: string;
  nome: string;
  mimeType: string;
  tamanho: number;
  createdAt: Date;
}): PreMatriculaDocumento {
  return {
    id: row.id,
    tipo: row.tipo,
    nome: row.nome,
    mime_type: row.mimeType,
    tamanho: row.tamanho,
    enviado_em: row.createdAt.toISOString(),
  };
}

export async function listDocumentos(db: DbOrTx, preMatriculaId: string): Promise<PreMatriculaDocumento[]> {
  const rows = await db
    .select(columns)
    .from(preMatriculaDocumentos)
    .where(eq(preMatriculaDocumentos.preMatriculaId, preMatriculaId))
    .orderBy(asc(preMatriculaDocumentos.createdAt));
  return rows.map(toDocumento);
}

/** PDF, JPEG or PNG by the first bytes (a WebP or anything else is refused whatever its name says). */
function isAccepted(bytes: Buffer): boolean {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return true;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

const megabytes = (bytes: number) =>
  `${(bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: bytes < 10 * MB ? 1 : 0 })} MB`;

/**
 * Room for `size` more bytes: the family's documents together at most 40 MB (the one replaced does not
 * count), and every pré-matrícula document the school keeps at most 2 GB. One lock for all uploads,
 * so two uploads cannot both take the last room.
 */
async function assertRoom(tx: DbOrTx, preMatriculaId: string, tipo: string, size: number): Promise<void> {
  await lockLimit(tx, 'pre_matricula_documentos', 'escola');
  const [familia] = await tx
    .select({ total: sql<number>`coalesce(sum(${preMatriculaDocumentos.tamanho}), 0)::int` })
    .from(preMatriculaDocumentos)
    .where(
      and(
        eq(preMatriculaDocumentos.preMatriculaId, preMatriculaId),
        sql`${preMatriculaDocumentos.tipo} <> ${tipo}`,
      ),
    );
  if ((familia?.total ?? 0) + size > PRE_MATRICULA_LIMITS.familiaMaxBytes)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `Os documentos enviados somam mais de ${megabytes(PRE_MATRICULA_LIMITS.familiaMaxBytes)}. Envie arquivos menores (uma foto por página basta).`,
    );
  const [escola] = await tx
    .select({ total: sql<string | number>`coalesce(sum(${preMatriculaDocumentos.tamanho}), 0)::bigint` })
    .from(preMatriculaDocumentos);
  if (Number(escola?.total ?? 0) + size > PRE_MATRICULA_LIMITS.escolaMaxBytes)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      'O espaço da escola para documentos de matrícula está cheio. Entregue o documento na secretaria.',
    );
}

/** Sends (or replaces) the family's file for one of the documents the school asks for. */
export async function enviarDocumento(
  ctx: AppContext,
  token: string,
  tipo: string,
  file: { nome: string; bytes: Buffer },
): Promise<PreMatriculaDocumento> {
  const config = await loadMatriculaOnlineConfig(ctx.db);
  const exigido = config.documentos.find((documento) => documento.id === tipo);
  // The link first: an invalid one answers 404 whatever was sent with it.
  await porToken(ctx.db, token, true);
  if (!exigido)
    throw new AppError('VALIDATION', 'Documento não pedido pela escola.', [
      { path: 'tipo', message: 'Escolha um dos documentos da lista' },
    ]);
  if (file.bytes.length > PRE_MATRICULA_LIMITS.documentoMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENTO_GRANDE);
  if (!isAccepted(file.bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENTO_TIPO);
  const checked = await readDocumentUpload(file, {
    maxBytes: PRE_MATRICULA_LIMITS.documentoMaxBytes,
    tooLarge: DOCUMENTO_GRANDE,
    unsupported: DOCUMENTO_TIPO,
    fallbackName: exigido.id,
  });
  return ctx.db.transaction(async (tx) => {
    const { pre, interessado } = await porToken(tx, token, true);
    await assertRoom(tx, pre.id, tipo, checked.bytes.length);
    const replaced = await tx
      .delete(preMatriculaDocumentos)
      .where(and(eq(preMatriculaDocumentos.preMatriculaId, pre.id), eq(preMatriculaDocumentos.tipo, tipo)))
      .returning({ id: preMatriculaDocumentos.id });
    const [row] = await tx
      .insert(preMatriculaDocumentos)
      .values({
        preMatriculaId: pre.id,
        tipo,
        nome: checked.nome,
        mimeType: checked.mimeType,
        tamanho: checked.bytes.length,
        bytes: checked.bytes,
      })
      .returning(columns);
    await registrarEvento(
      tx,
      interessado.id,
      'documento',
      `${replaced.length > 0 ? 'Documento substituído' : 'Documento enviado'} pela família: ${exigido.nome}.`,
      null,
    );
    return toDocumento(row!);
  });
}

/** Removes a file before the form is submitted. */
export async function removerDocumento(ctx: AppContext, token: string, docId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { pre } = await porToken(tx, token, true);
    if (!/^[0-9a-f-]{36}$/i.test(docId)) throw notFound('Documento não encontrado.');
    const removed = await tx
      .delete(preMatriculaDocumentos)
      .where(and(eq(preMatriculaDocumentos.id, docId), eq(preMatriculaDocumentos.preMatriculaId, pre.id)))
      .returning({ id: preMatriculaDocumentos.id });
    if (removed.length === 0) throw notFound('Documento não encontrado.');
  });
}

/** The staff's list of a family's documents. */
export async function listDocumentosDaFamilia(
  db: DbOrTx,
  interessadoId: string,
): Promise<PreMatriculaDocumento[]> {
  const [pre] = await db
    .select({ id: preMatriculas.id })
    .from(preMatriculas)
    .where(eq(preMatriculas.interessadoId, interessadoId));
  return pre ? listDocumentos(db, pre.id) : [];
}

/** One file, for the staff (the route sends it with nosniff and a sandboxing CSP). */
export async function readDocumentoDaFamilia(
  db: DbOrTx,
  interessadoId: string,
  docId: string,
): Promise<{ nome: string; mimeType: string; bytes: Buffer }> {
  const [row] = await db
    .select({
      nome: preMatriculaDocumentos.nome,
      mimeType: preMatriculaDocumentos.mimeType,
      bytes: preMatriculaDocumentos.bytes,
    })
    .from(preMatriculaDocumentos)
    .innerJoin(preMatriculas, eq(preMatriculas.id, preMatriculaDocumentos.preMatriculaId))
    .where(and(eq(preMatriculaDocumentos.id, docId), eq(preMatriculas.interessadoId, interessadoId)));
  if (!row) throw notFound('Documento não encontrado.');
  return row;
}
