import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { imageDecodes } from '../../lib/image-decode.js';
import { multipartFile, pngDeclaring } from '../../test/image-fixtures.js';
import { signedIn, setupTestApp } from '../../test/test-app.js';
import { contentAnswer } from '../../test/content-fixtures.js';

const t = setupTestApp();

async function upload(cookie: string, bytes: Buffer, filename = 'foto.jpg', type = 'image/jpeg') {
  const form = multipartFile(bytes, filename, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/media',
    payload: form.payload,
    headers: { cookie, 'content-type': form.contentType },
  });
}

const photoWithExif = () =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3B82F6' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'segredo', Artist: 'Fulano' } })
    .toBuffer();

describe('POST /api/media', () => {
  it('re-encodes a JPEG within 1920×1080 without EXIF and serves it with ETag revalidation', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const original = await photoWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(cookie, original);
    expect(response.statusCode).toBe(201);
    const data = contentAnswer(response).data as { id: string; url: string; width: number; height: number };
    expect(data).toMatchObject({ url: `/media/${data.id}`, width: 1620, height: 1080 });

    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Revalidated on each use (ADR 0017): a photo may be blocked later, when a family withdraws consent.
    expect(served.headers['cache-control']).toBe('public, no-cache');
    expect(served.headers['cache-control']).not.toContain('immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('segredo'))).toBe(false);

    const revalidated = await t.app.inject({
      method: 'GET',
      url: data.url,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('accepts PNG and WebP by their bytes', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload(cookie, png, 'a.png', 'image/png')).statusCode).toBe(201);
    expect((await upload(cookie, webp, 'a.webp', 'image/webp')).statusCode).toBe(201);
  });

  it('refuses SVG, HTML and renamed files with 415', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    for (const [bytes, name] of [
      [svg, 'logo.svg'],
      [svg, 'logo.jpg'],
      [html, 'foto.png'],
    ] as const) {
      const response = await upload(cookie, bytes, name, 'image/jpeg');
      expect(response.statusCode, name).toBe(415);
    }
    // JPEG magic bytes followed by garbage are not an image either.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
    expect((await upload(cookie, fake)).statusCode).toBe(415);
  });

  it('refuses files over 10 MB with 413', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    expect((await upload(cookie, big)).statusCode).toBe(413);
  });

  it('refuses images over 40 megapixels with 413', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const huge = await sharp({ create: { width: 8000, height: 5100, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await upload(cookie, huge, 'a.png', 'image/png')).statusCode).toBe(413);
  });

  it('refuses a tiny file declaring more than 40 megapixels from its header, decoding nothing', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const decodedBefore = imageDecodes.started;
    const response = await upload(cookie, pngDeclaring(6400, 6400), 'a.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(contentAnswer(response).message).toBe('A imagem deve ter no máximo 40 megapixels.');
    expect(imageDecodes.started).toBe(decodedBefore);
  });

  it('decodes one image at a time: uploads sent together wait their turn and all arrive', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#10B981' } })
      .png()
      .toBuffer();
    const before = imageDecodes.started;
    const responses = await Promise.all([0, 1, 2, 3].map(() => upload(cookie, png, 'a.png', 'image/png')));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    expect(imageDecodes.started).toBe(before + 4);
    expect(imageDecodes.peak).toBe(1);
  });

  it('is admin-only', async () => {
    const { cookie } = await signedIn(t, 'professor');
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(cookie, png, 'a.png', 'image/png')).statusCode).toBe(403);
  });
});

describe('GET /api/media', () => {
  it('lists the uploaded images, newest first and paged, for the logo and the content editor', async () => {
    const admin = await signedIn(t, 'administrador');
    const square = (background: string) =>
      sharp({ create: { width: 40, height: 20, channels: 3, background } })
        .png()
        .toBuffer();
    const first = contentAnswer(await upload(admin.cookie, await square('#fff'), 'a.png', 'image/png')).data;
    const second = contentAnswer(await upload(admin.cookie, await square('#000'), 'b.png', 'image/png')).data;

    const list = await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    const page = list.json<{
      data: { items: Record<string, unknown>[]; total: number; page: number; pageSize: number };
    }>().data;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 24 });
    expect(page.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(page.items[0]).toEqual({
      id: second.id,
      url: `/media/${second.id}`,
      width: 40,
      height: 20,
      enviada_em: expect.any(String),
      enviada_por: admin.user.nome,
      bloqueada: false,
    });
    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/media?page=2&pageSize=1',
      headers: { cookie: admin.cookie },
    });
    expect(paged.json().data).toMatchObject({ total: 2, items: [{ id: first.id }] });

    const teacher = await signedIn(t, 'professor');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: teacher.cookie } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/media' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/media?pageSize=500',
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(400);
  });
});
