/**
 * A notice's attachments: the upload (PDF or image, within each account's room), attaching it to a
 * notice, serving it to whoever may see the notice, and dropping abandoned uploads.
 */
import { DAY_MS } from '../../../shared/calendar.js';
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { type Anexo, COMUNICADO_LIMITS } from '../../../shared/comunicados.schemas.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { freeAtLabel, lockLimit, rateLimited, UPLOAD_LIMITS } from '../../lib/write-limits.js';
import { readDocumentUpload } from '../media/index.js';
import { comunicadoAnexos } from '../../db/schema/comunicados.js';
import { type Author, isAdmin } from './comunicados.access.js';
import { getComunicadoFor } from './comunicados.presenters.js';

export async function attachAnexos(
  tx: DbOrTx,
  author: Author,
  comunicadoId: string,
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const claimed = await tx
    .update(comunicadoAnexos)
    .set({ comunicadoId })
    .where(
      and(
        inArray(comunicadoAnexos.id, unique),
        isNull(comunicadoAnexos.comunicadoId),
        eq(comunicadoAnexos.enviadoPor, author.id),
      ),
    )
    .returning({ id: comunicadoAnexos.id });
  if (claimed.length !== unique.length) throw notFound('Anexo não encontrado. Envie o arquivo de novo.');
  const [total] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(comunicadoAnexos)
    .where(and(eq(comunicadoAnexos.comunicadoId, comunicadoId), isNull(comunicadoAnexos.removidoEm)));
  if ((total?.n ?? 0) > COMUNICADO_LIMITS.anexosMax)
    throw new AppError('VALIDATION', 'No máximo 5 anexos por comunicado.', [
      { path: 'anexos', message: 'No máximo 5 anexos' },
    ]);
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) =>
  bytes >= 1024 * MB
    ? `${(bytes / (1024 * MB)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB`
    : `${(bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: bytes < 10 * MB ? 1 : 0 })} MB`;

/**
 * When `size` more bytes fit under `cap`, the files (oldest first) each leaving `keepMs` after they were
 * sent; null when they fit now.
 */
function roomFreesAt(
  files: readonly { tamanho: number; createdAt: Date }[],
  size: number,
  cap: number,
  keepMs: number,
  now: Date,
): Date | null {
  let used = files.reduce((sum, item) => sum + item.tamanho, 0);
  if (used + size <= cap) return null;
  let freeAt = now;
  for (const item of files) {
    used -= item.tamanho;
    freeAt = new Date(item.createdAt.getTime() + keepMs);
    if (used + size <= cap) break;
  }
  return freeAt;
}

/**
 * Room for one more stored file of `size` bytes (ADR 0018), or 429 saying which cap and when it frees:
 * - per account (not administrators): the uploads of the last 24 h still stored — waiting for a notice
 *   or in one — at most 100 MB and 40 files, so publishing and deleting cannot pile files up;
 * - for everyone: all uploads not yet in a notice at most 1 GB (they are purged a day after upload).
 * One lock for all uploads: the school-wide sum must not be passed by two uploads at once.
 */
async function assertUploadRoom(tx: DbOrTx, user: Author, size: number): Promise<void> {
  await lockLimit(tx, 'anexos', 'escola');
  const now = clock.now();
  if (!isAdmin(user)) {
    const windowMs = UPLOAD_LIMITS.windowMinutes * 60_000;
    const recent = await tx
      .select({ tamanho: comunicadoAnexos.tamanho, createdAt: comunicadoAnexos.createdAt })
      .from(comunicadoAnexos)
      .where(
        and(
          eq(comunicadoAnexos.enviadoPor, user.id),
          sql`${comunicadoAnexos.createdAt} > ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(comunicadoAnexos.createdAt));
    if (recent.length + 1 > UPLOAD_LIMITS.accountFiles) {
      const freeAt = new Date(
        recent[recent.length - UPLOAD_LIMITS.accountFiles]!.createdAt.getTime() + windowMs,
      );
      throw rateLimited(
        `Limite de ${String(UPLOAD_LIMITS.accountFiles)} anexos enviados em 24 horas atingido. Você poderá enviar outro a partir de ${freeAtLabel(freeAt)}.`,
        now,
        freeAt,
      );
    }
    const bytesFreeAt = roomFreesAt(recent, size, UPLOAD_LIMITS.accountBytes, windowMs, now);
    if (bytesFreeAt) {
      const sent = recent.reduce((sum, item) => sum + item.tamanho, 0);
      throw rateLimited(
        `Limite de ${megabytes(UPLOAD_LIMITS.accountBytes)} em anexos enviados em 24 horas atingido (você enviou ${megabytes(sent)}). Você poderá enviar este arquivo a partir de ${freeAtLabel(bytesFreeAt)}.`,
        now,
        bytesFreeAt,
      );
    }
  }
  const pending = await tx
    .select({ tamanho: comunicadoAnexos.tamanho, createdAt: comunicadoAnexos.createdAt })
    .from(comunicadoAnexos)
    .where(isNull(comunicadoAnexos.comunicadoId))
    .orderBy(asc(comunicadoAnexos.createdAt));
  const freeAt = roomFreesAt(
    pending,
    size,
    UPLOAD_LIMITS.pendingBytes,
    UPLOAD_LIMITS.pendingKeepMinutes * 60_000,
    now,
  );
  if (freeAt) {
    throw rateLimited(
      `O espaço da escola para anexos ainda não usados em comunicados (${megabytes(UPLOAD_LIMITS.pendingBytes)}) está cheio; eles são apagados 1 dia depois do envio. Tente de novo a partir de ${freeAtLabel(freeAt)}.`,
      now,
      freeAt,
    );
  }
}

/** PDF (by its header) or an image (re-encoded like the site's media, metadata dropped). */
export async function uploadAnexo(
  db: Db,
  user: Author,
  file: { nome: string; bytes: Buffer },
): Promise<Anexo> {
  const { nome, bytes, mimeType } = await readDocumentUpload(file, {
    maxBytes: COMUNICADO_LIMITS.anexoMaxBytes,
    tooLarge: 'Cada anexo deve ter no máximo 10 MB.',
    unsupported: 'Anexe um PDF ou uma imagem (JPEG, PNG ou WebP).',
    fallbackName: 'anexo',
    // Counted against the limits before decoding (an account or the school at its cap never costs a
    // decode); the stored size is known after re-encoding and checked again with the write.
    beforeDecode: () => db.transaction((tx) => assertUploadRoom(tx, user, 1)),
  });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const row = await db.transaction(async (tx) => {
    await assertUploadRoom(tx, user, bytes.length);
    const [inserted] = await tx
      .insert(comunicadoAnexos)
      .values({
        nome,
        mimeType,
        tamanho: bytes.length,
        sha256,
        bytes,
        enviadoPor: user.id,
        createdAt: clock.now(),
      })
      .returning({ id: comunicadoAnexos.id });
    return inserted;
  });
  return {
    id: row!.id,
    nome,
    tipo: mimeType,
    tamanho: bytes.length,
    url: `/api/comunicados/anexos/${row!.id}`,
  };
}

/** The file of one attachment row matching `where`, or a 404. */
async function anexoFile(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({
      nome: comunicadoAnexos.nome,
      mimeType: comunicadoAnexos.mimeType,
      bytes: comunicadoAnexos.bytes,
    })
    .from(comunicadoAnexos)
    .where(where);
  if (!row) throw notFound('Anexo não encontrado.');
  return row;
}

/** An attachment for whoever may see its notice (a recipient, its author, an administrator). */
export async function readAnexo(db: Db, user: Author, comunicadoId: string, anexoId: string) {
  await getComunicadoFor(db, user, comunicadoId);
  return anexoFile(
    db,
    and(eq(comunicadoAnexos.id, anexoId), eq(comunicadoAnexos.comunicadoId, comunicadoId)),
  );
}

/** An upload not yet attached to a notice, for the person who sent it (anyone else: 404). */
export function readOwnUpload(db: Db, user: Author, anexoId: string) {
  return anexoFile(
    db,
    and(
      eq(comunicadoAnexos.id, anexoId),
      eq(comunicadoAnexos.enviadoPor, user.id),
      isNull(comunicadoAnexos.comunicadoId),
    ),
  );
}

/** Uploaded but never attached (the form was abandoned): dropped after a day. */
export async function purgeOrphanAnexos(db: Db): Promise<void> {
  const before = clock.ago(DAY_MS);
  await db
    .delete(comunicadoAnexos)
    .where(and(isNull(comunicadoAnexos.comunicadoId), sql`${comunicadoAnexos.createdAt} < ${before}`));
}
