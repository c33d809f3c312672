import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ContentState } from '../../../shared/content.schemas.js';
import { multipartFile } from '../../test/image-fixtures.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { initialsOf, shortNameOf } from '../../../shared/app-identity.js';
import { APP_SPLASHES, type WebAppManifest } from './app-manifest.service.js';

const t = setupTestApp();

async function saveSettings(cookie: string, change: Partial<ContentState['content']['configuracoes']>) {
  const state = (await t.app.inject({ url: '/api/content', headers: { cookie } })).json<{
    data: ContentState;
  }>().data;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/content/configuracoes',
    headers: { cookie, 'if-match': `"${String(state.versions.configuracoes)}"` },
    payload: { ...state.content.configuracoes, ...change },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function manifest() {
  const response = await t.app.inject({ url: '/manifest.webmanifest' });
  expect(response.statusCode).toBe(200);
  return { response, body: response.json<WebAppManifest>() };
}

async function iconOf(src: string) {
  const response = await t.app.inject({ url: src });
  expect(response.statusCode, src).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  return { response, meta: await sharp(response.rawPayload).metadata(), bytes: response.rawPayload };
}

describe('the installable portal: manifest and icons from the settings', () => {
  it('writes the manifest from the school’s identity and follows a change of its name', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    await saveSettings(cookie, {
      nome_escola: 'Colégio Ipê Amarelo',
      cor_primaria: '#0F766E',
      logo_principal: '',
    });
    const { response, body } = await manifest();
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(body).toMatchObject({
      name: 'Colégio Ipê Amarelo',
      short_name: 'Ipê Amarelo',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      lang: 'pt-BR',
      theme_color: '#0F766E',
    });
    expect(body.short_name.length).toBeLessThanOrEqual(12);
    expect(body.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    // A revalidation of the same version is a 304; a new name is a new manifest.
    const etag = response.headers.etag as string;
    const again = await t.app.inject({ url: '/manifest.webmanifest', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await saveSettings(cookie, { nome_escola: 'Escola Nova Esperança' });
    const renamed = await manifest();
    expect(renamed.body.name).toBe('Escola Nova Esperança');
    expect(renamed.body.short_name).toBe('Nova');
    expect(renamed.response.headers.etag).not.toBe(etag);
  });

  it('draws the icons from the uploaded logo, at the sizes the manifest names', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    // A wide red logo: the icon keeps its proportions on the background colour.
    const logo = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#DC2626' } })
      .png()
      .toBuffer();
    const form = multipartFile(logo, 'logo.png', 'image/png');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: form.payload,
      headers: { cookie, 'content-type': form.contentType },
    });
    expect(uploaded.statusCode).toBe(201);
    const url = uploaded.json<{ data: { url: string } }>().data.url;
    await saveSettings(cookie, { nome_escola: 'Escola Logo', logo_principal: url, cor_fundo: '#FFFFFF' });
    const { body } = await manifest();
    for (const icon of body.icons) {
      const { meta } = await iconOf(icon.src);
      expect(`${String(meta.width)}x${String(meta.height)}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
    const apple = await iconOf('/apple-touch-icon.png');
    expect([apple.meta.width, apple.meta.height]).toEqual([180, 180]);
    // Opaque (iOS shows a transparent icon on black); the logo's red in the middle, white at the top.
    const { data, info } = await sharp(apple.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
    expect(pixel(90, 90)).toEqual([220, 38, 38]);
    expect(pixel(90, 5)).toEqual([255, 255, 255]);
    // The icon's address changes with the logo, and a revalidation is a 304.
    const first = await iconOf(body.icons[0]!.src);
    const etag = first.response.headers.etag as string;
    expect(
      (await t.app.inject({ url: body.icons[0]!.src, headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
  });

  it('without a logo, draws the school’s initials on the theme colour', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    await saveSettings(cookie, {
      nome_escola: 'Sistema Escolar',
      logo_principal: '',
      cor_primaria: '#1D4ED8',
    });
    const { body } = await manifest();
    const { meta, bytes } = await iconOf(body.icons[1]!.src);
    expect([meta.width, meta.height, meta.format]).toEqual([512, 512, 'png']);
    // The corner is the theme colour; the initials (white) are somewhere in the middle row.
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(Array.from(data.subarray(0, 3))).toEqual([0x1d, 0x4e, 0xd8]);
    const middle = data.subarray(256 * info.width * 3, 257 * info.width * 3);
    expect(middle.some((value, index) => index % 3 === 0 && value === 255)).toBe(true);
  });

  it('refuses an icon it does not have with 400', async () => {
    expect((await t.app.inject({ url: '/app-icon-64.png' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/app-splash-100x100.png' })).statusCode).toBe(400);
  });

  it('draws an iOS launch screen for every screen index.html links, on the background colour', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    await saveSettings(cookie, { nome_escola: 'Escola Aurora', logo_principal: '', cor_fundo: '#FEF3C7' });
    const html = readFileSync(path.join(process.cwd(), 'index.html'), 'utf8');
    const linked = [...html.matchAll(/rel="apple-touch-startup-image"[^>]*href="\/app-splash-([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(linked.sort()).toEqual(Object.keys(APP_SPLASHES).sort());
    const { meta, bytes } = await iconOf('/app-splash-1170x2532.png');
    expect([meta.width, meta.height, meta.format]).toEqual([1170, 2532, 'png']);
    // The corner is the background colour; the icon (the initials on the theme colour) in the middle.
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(Array.from(data.subarray(0, 3))).toEqual([0xfe, 0xf3, 0xc7]);
    const centre = ((info.height / 2) * info.width + info.width / 2) * 3;
    expect(Array.from(data.subarray(centre, centre + 3))).not.toEqual([0xfe, 0xf3, 0xc7]);
  });
});

describe('the short name and the initials', () => {
  it('fits the school’s name in 12 characters', () => {
    expect(shortNameOf('Sistema Escolar')).toBe('Sistema');
    expect(shortNameOf('Escola Ipê')).toBe('Escola Ipê');
    expect(shortNameOf('Centro Educacional Monteiro Lobato')).toBe('Monteiro');
    expect(shortNameOf('Escola Municipal de Educação Infantil')).toBe('Educação');
    expect(shortNameOf('Colégio Supercalifragilístico')).toBe('CS');
    expect(initialsOf('Escola de Aplicação')).toBe('EA');
    expect(initialsOf('   ')).toBe('E');
  });
});
