import { createHash } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import type { MediaItem, UploadedMedia } from '../../../shared/content.schemas.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { decodeImage } from '../../lib/image-decode.js';
import { readImageSize, sniffImage, type ImageKind } from '../../lib/image-header.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { mediaBlockedSql } from '../privacy/index.js';
import { media } from '../../db/schema/media.js';

export const MEDIA_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxWidth: 1920,
  maxHeight: 1080,
  quality: 80,
} as const;

export { sniffImage };

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie uma imagem JPEG, PNG ou WebP.');

/**
 * Re-encodes an uploaded image: orientation applied, metadata (EXIF, GPS) dropped, fitted within
 * 1920×1080, quality 80. Whatever the upload carried besides pixels does not survive. The size and the
 * dimensions its header declares are checked before a pixel is decoded (a small file can declare a
 * huge image); the decode then waits for the instance's decode place (lib/image-decode.ts), and
 * libvips refuses by itself more pixels than the limit, whatever the header said.
 */
export async function processImage(
  bytes: Buffer,
): Promise<{ data: Buffer; kind: ImageKind; width: number; height: number }> {
  if (bytes.length > MEDIA_LIMITS.maxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', 'A imagem deve ter no máximo 10 MB.');
  const declared = readImageSize(bytes);
  if (!declared) throw unsupported();
  if (declared.width * declared.height > MEDIA_LIMITS.maxPixels)
    throw new AppError('PAYLOAD_TOO_LARGE', 'A imagem deve ter no máximo 40 megapixels.');
  const { kind } = declared;
  return decodeImage(async (sharp) => {
    try {
      const pipeline = sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxPixels }).rotate().resize({
        width: MEDIA_LIMITS.maxWidth,
        height: MEDIA_LIMITS.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      });
      const encoded =
        kind === 'jpeg'
          ? pipeline.jpeg({ quality: MEDIA_LIMITS.quality, mozjpeg: true })
          : kind === 'png'
            ? pipeline.png({ compressionLevel: 9, palette: false })
            : pipeline.webp({ quality: MEDIA_LIMITS.quality });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      return { data, kind, width: info.width, height: info.height };
    } catch {
      throw unsupported();
    }
  });
}

export async function saveMedia(db: Db, bytes: Buffer, actor: Actor): Promise<UploadedMedia> {
  const image = await processImage(bytes);
  const sha256 = createHash('sha256').update(image.data).digest('hex');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({
        mimeType: `image/${image.kind}`,
        width: image.width,
        height: image.height,
        size: image.data.length,
        sha256,
        bytes: image.data,
        createdBy: actor.nome,
      })
      .returning({ id: media.id });
    await recordAudit(tx, actor, {
      action: 'enviar',
      entity: 'midia',
      entityId: row!.id,
      details: { tipo: image.kind, largura: image.width, altura: image.height, bytes: image.data.length },
    });
    return { id: row!.id, url: `/media/${row!.id}`, width: image.width, height: image.height };
  });
}

/** The media library: every uploaded image, newest first, without its bytes. */
export async function listMedia(db: Db, query: { page: number; pageSize: number }): Promise<Page<MediaItem>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: media.id,
        width: media.width,
        height: media.height,
        createdAt: media.createdAt,
        createdBy: media.createdBy,
        blocked: mediaBlockedSql(),
      })
      .from(media)
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(media),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      url: `/media/${row.id}`,
      width: row.width,
      height: row.height,
      enviada_em: row.createdAt.toISOString(),
      enviada_por: row.createdBy,
      bloqueada: row.blocked,
    })),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function findMedia(db: Db, id: string) {
  const [row] = await db
    .select({ mimeType: media.mimeType, bytes: media.bytes, sha256: media.sha256 })
    .from(media)
    .where(eq(media.id, id));
  return row ?? null;
}

/**
 * What `GET /media/:id` decides with, without the bytes (a revalidation answered 304 never reads them):
 * the type, the content hash and whether the image shows a child without image consent.
 */
export async function findMediaHead(db: Db, id: string) {
  const [row] = await db
    .select({ mimeType: media.mimeType, sha256: media.sha256, blocked: mediaBlockedSql() })
    .from(media)
    .where(eq(media.id, id));
  return row ?? null;
}

export async function readMediaBytes(db: Db, id: string): Promise<Buffer | null> {
  const [row] = await db.select({ bytes: media.bytes }).from(media).where(eq(media.id, id));
  return row?.bytes ?? null;
}
