import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { processImage } from './media.service.js';

/**
 * Photos of a child kept with a record (a parecer's, the agenda's day): never at a public address, read
 * through the record's own route. These are the steps their routes and services share.
 */

/** The photo a staff member sends: one multipart file in the field "arquivo", at most 10 MB. */
export async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie a foto como multipart/form-data.');
  const file = await request.file();
  if (!file || file.fieldname !== 'arquivo')
    throw new AppError('VALIDATION', 'Envie a foto no campo "arquivo".');
  const bytes = await file.toBuffer();
  if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'A foto deve ter no máximo 10 MB.');
  return bytes;
}

/** The photo answered as itself, sandboxed (never run as a page) and never cached by a shared cache. */
export function sendPrivatePhoto(reply: FastifyReply, foto: { mimeType: string; bytes: Buffer }) {
  return reply
    .header('content-type', foto.mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(foto.bytes);
}

/** The photo re-encoded by the media rules, as the columns a photo table keeps. */
export async function storedPhotoOf(bytes: Buffer) {
  const image = await processImage(bytes);
  return {
    mimeType: `image/${image.kind}`,
    largura: image.width,
    altura: image.height,
    tamanho: image.data.length,
    bytes: image.data,
  };
}
