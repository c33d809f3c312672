import { AppError } from '../../lib/errors.js';
import { sniffImage } from '../../lib/image-header.js';
import { processImage } from './media.service.js';

/** A paper a person sends (an attachment, an atestado, a comprovante): a PDF or a photo of it. */
export interface DocumentUpload {
  nome: string;
  bytes: Buffer;
  mimeType: string;
}

interface DocumentRules {
  maxBytes: number;
  /** 413's message, e.g. 'O atestado deve ter no máximo 10 MB.' */
  tooLarge: string;
  /** 415's message, naming what to send. */
  unsupported: string;
  /** The file's name when the one sent has nothing usable left ('anexo', 'atestado'…). */
  fallbackName: string;
  /** Runs before an image is decoded (decoding costs), e.g. a quota check. */
  beforeDecode?: () => Promise<void>;
}

/**
 * A PDF by its header, or an image re-encoded like the site's media (metadata, GPS included, dropped);
 * anything else is refused whatever its name or declared type says. The name keeps letters, digits,
 * spaces, dots, dashes and underscores, and takes the extension of what the bytes really are.
 */
export async function readDocumentUpload(
  file: { nome: string; bytes: Buffer },
  rules: DocumentRules,
): Promise<DocumentUpload> {
  if (file.bytes.length > rules.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', rules.tooLarge);
  let bytes: Buffer;
  let mimeType: string;
  let extension: string;
  if (file.bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    bytes = file.bytes;
    mimeType = 'application/pdf';
    extension = 'pdf';
  } else if (sniffImage(file.bytes)) {
    await rules.beforeDecode?.();
    const image = await processImage(file.bytes);
    bytes = image.data;
    mimeType = `image/${image.kind}`;
    extension = image.kind === 'jpeg' ? 'jpg' : image.kind;
  } else {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.unsupported);
  }
  const base = file.nome
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 80);
  return { nome: `${base || rules.fallbackName}.${extension}`, bytes, mimeType };
}
