import type { FastifyReply } from 'fastify';

export interface Download {
  contentType: string;
  fileName: string;
  body: Buffer | string;
}

/**
 * Answers a file instead of the JSON envelope. Fastify does not serialize a Buffer, nor a string sent
 * with a non-JSON content type, so a route whose `?format=` picks JSON or a file keeps the JSON response
 * schema; the reply is taken untyped because the file is not that schema's shape.
 */
export function sendFile(
  reply: FastifyReply,
  file: Download,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .send(file.body);
}

/** A piece of a download's file name: 'Educação Física' → 'educacao-fisica' (no accents, spaces or symbols). */
export const fileNameSlug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
