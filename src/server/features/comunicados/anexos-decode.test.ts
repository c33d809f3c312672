import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageDecodes } from '../../lib/image-decode.js';
import { UPLOAD_LIMITS } from '../../lib/write-limits.js';
import { multipartFile, pngDeclaring } from '../../test/image-fixtures.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { comunicadoAnexos } from '../../db/schema/comunicados.js';

/**
 * An image attachment is counted against the upload limits, and its declared size against the pixel
 * limit, before it is decoded: an account at its cap, or a small file declaring a huge image, never
 * costs the server a decode.
 */
const t = setupTestApp();

function upload(cookie: string, bytes: Buffer) {
  const body = multipartFile(bytes, 'foto.png', 'image/png');
  return t.app.inject({
    method: 'POST',
    url: '/api/comunicados/anexos',
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A PNG whose header is right and whose pixel data is not: only a decode can tell. */
async function undecodablePng(): Promise<Buffer> {
  const good = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3B82F6' } })
    .png()
    .toBuffer();
  const broken = Buffer.from(good);
  // Past the IHDR chunk (8 + 25 bytes): the IDAT's compressed stream is scrambled.
  broken.fill(0x5a, 41, broken.length - 12);
  return broken;
}

describe('image attachments: the limits before the decode', () => {
  it('an account at its cap is refused (429) without its image being decoded', async () => {
    const teacher = await signedIn(t, 'professor');
    const broken = await undecodablePng();
    // Decoded, this image is refused as not an image (415): the 415 shows the order.
    expect((await upload(teacher.cookie, broken)).statusCode).toBe(415);

    await t.database.db.insert(comunicadoAnexos).values(
      Array.from({ length: UPLOAD_LIMITS.accountFiles }, (_, index) => ({
        nome: `arquivo-${String(index)}.pdf`,
        mimeType: 'application/pdf',
        tamanho: 1000,
        sha256: 'x',
        bytes: Buffer.from('x'),
        enviadoPor: teacher.user.id,
      })),
    );
    const decodedBefore = imageDecodes.started;
    const over = await upload(teacher.cookie, broken);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(imageDecodes.started).toBe(decodedBefore);
  });

  it('a small file declaring more than 40 megapixels is refused (413) from its header alone', async () => {
    const teacher = await signedIn(t, 'professor');
    const decodedBefore = imageDecodes.started;
    const response = await upload(teacher.cookie, pngDeclaring(6400, 6400));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: 'A imagem deve ter no máximo 40 megapixels.' });
    expect(imageDecodes.started).toBe(decodedBefore);
  });
});
