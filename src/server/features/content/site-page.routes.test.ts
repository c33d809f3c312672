import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentState, SiteContent } from '../../../shared/content.schemas.js';
import { projectRoot } from '../../lib/paths.js';
import { createTestApp, signedIn, type TestApp } from '../../test/test-app.js';
import { inlineStylesheets, sitePageRoutes, type SsrModule } from './site-page.routes.js';

/**
 * `GET /` as the server renders it, with the real template (site.html) and the real renderer
 * (src/client/site-ssr.tsx, which the build bundles into dist/ssr), so no build is needed to test it.
 */
let t: TestApp;
beforeAll(async () => {
  const template = await readFile(path.join(projectRoot, 'site.html'), 'utf8');
  // Loaded by path at run time, as the server loads the built bundle: the server does not import client code.
  const renderer = (await import(
    pathToFileURL(path.join(projectRoot, 'src/client/site-ssr.tsx')).href
  )) as SsrModule;
  t = await createTestApp(
    {},
    {
      beforeReady: async (app) => {
        await app.register(sitePageRoutes, { template, renderer });
      },
    },
  );
});
afterAll(() => t.close());

function embeddedContent(html: string): SiteContent {
  const match = /<script type="application\/json" id="site-content-data"[^>]*>([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (!match) throw new Error('página sem o conteúdo embutido');
  return JSON.parse(match[1]!) as SiteContent;
}

describe('GET / (server-rendered public page)', () => {
  // String.replace expands these in a replacement string: $` (before), $' (after), $& (match), $$.
  const patterns = ['$`', "$'", '$&', '$$', '$1', '$<nome>'];

  it.each(patterns)('keeps content with %s as written, one page, once', async (pattern) => {
    const { cookie } = await signedIn(t, 'administrador');
    const state = (await t.app.inject({ method: 'GET', url: '/api/content', headers: { cookie } })).json<{
      data: ContentState;
    }>().data;
    const titulo = `Mensalidade ${pattern} 10 reais`;
    const depoimento = `Pagamos ${pattern}${pattern} e valeu: "${pattern}"`;
    const hero = { ...state.content.hero, titulo };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/content/hero',
      headers: { cookie, 'if-match': `"${state.versions.hero}"` },
      payload: hero,
    });
    expect(saved.statusCode).toBe(200);
    const testimonials = {
      ...state.content.depoimentos,
      depoimentos: [{ nome: `Mãe ${pattern}`, cargo: 'Responsável', depoimento, foto: '' }],
    };
    const savedTestimonials = await t.app.inject({
      method: 'PUT',
      url: '/api/content/depoimentos',
      headers: { cookie, 'if-match': `"${state.versions.depoimentos}"` },
      payload: testimonials,
    });
    expect(savedTestimonials.statusCode).toBe(200);

    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    // One document: a `$\`` or `$'` expanded by replace() copies the template into itself.
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    expect(html.match(/<!--site-(head|body)-->/g)).toBeNull();
    const content = embeddedContent(html);
    expect(content.hero.titulo).toBe(titulo);
    expect(content.depoimentos.depoimentos[0]!.depoimento).toBe(depoimento);
    const escaped = (text: string) =>
      text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/'/g, '&#x27;')
        .replace(/"/g, '&quot;');
    expect(html).toContain(`>${escaped(titulo)}<`);
    expect(html).toContain(escaped(depoimento));
  });

  it("names the content's version, so the page's first poll is a 304 and not the whole content again", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const tag = /id="site-content-data" data-etag="([^"]+)"/.exec(page.body)?.[1]?.replace(/&quot;/g, '"');
    const api = await t.app.inject({ method: 'GET', url: '/api/content/public' });
    expect(tag).toBe(api.headers.etag);
    const poll = await t.app.inject({
      method: 'GET',
      url: '/api/content/public',
      headers: { 'if-none-match': tag! },
    });
    expect(poll.statusCode).toBe(304);
  });
});

describe('inlineStylesheets', () => {
  it('writes the built stylesheet into the page, and leaves a link it cannot read or must not inline', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'escola-css-'));
    try {
      const assets = path.join(dir, 'assets');
      mkdirSync(assets);
      writeFileSync(path.join(assets, 'site-abc.css'), 'body{color:red}');
      writeFileSync(path.join(assets, 'evil-abc.css'), 'a{content:"</style><script>"}');
      const template = [
        '<link rel="stylesheet" crossorigin href="/assets/site-abc.css">',
        '<link rel="stylesheet" crossorigin href="/assets/missing-abc.css">',
        '<link rel="stylesheet" crossorigin href="/assets/evil-abc.css">',
      ].join('\n');
      expect(inlineStylesheets(template, dir).split('\n')).toEqual([
        '<style>body{color:red}</style>',
        '<link rel="stylesheet" crossorigin href="/assets/missing-abc.css">',
        '<link rel="stylesheet" crossorigin href="/assets/evil-abc.css">',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
