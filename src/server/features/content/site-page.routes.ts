import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import type { SiteContent } from '../../../shared/content.schemas.js';
import { projectRoot } from '../../lib/paths.js';
import { pageEncodingFor } from '../../lib/response-replay.js';

export interface RenderedLanding {
  head: string;
  body: string;
  htmlClass: string;
}

export interface SsrModule {
  renderLanding(content: SiteContent, publicUrl: string, etag?: string): RenderedLanding;
}

export interface SitePageOptions {
  /** The page template and renderer (default: the build's dist/client/site.html and dist/ssr). */
  template?: string;
  renderer?: SsrModule;
}

export const siteTemplatePath = path.join(projectRoot, 'dist/client/site.html');
const clientDir = path.join(projectRoot, 'dist/client');
export const siteRendererPath = path.join(projectRoot, 'dist/ssr/site-ssr.js');

/** Whether the build produced the server-rendered public page. */
export function hasSiteRenderer(): boolean {
  return existsSync(siteTemplatePath) && existsSync(siteRendererPath);
}

/**
 * `GET /`: the landing page rendered on the server with the current content (ADR 0006), so it is
 * readable without JavaScript and indexable; the HTML is rendered once per content version.
 */
/**
 * Puts the rendered page into the template. Every replacement inserts content the school wrote, so it
 * goes through a replacer function: a replacement *string* would expand `$&`, `$\``, `$'` and `$$`
 * (a testimonial with "$'" once came out as four copies of the page).
 */
export function composeSitePage(template: string, page: RenderedLanding, favicon: string): string {
  let html = template
    .replace(
      '<html lang="pt-BR">',
      () => `<html lang="pt-BR"${page.htmlClass ? ` class="${page.htmlClass}"` : ''}>`,
    )
    .replace('<!--site-head-->', () => page.head)
    .replace('<!--site-body-->', () => page.body);
  if (favicon) {
    html = html.replace(
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      () => `<link rel="icon" href="${favicon.replace(/[&"<>]/g, '')}" />`,
    );
  }
  return html;
}

/**
 * The page's stylesheet written into the page (once, at start): a phone on a slow network paints after
 * one round trip instead of two — the stylesheet blocked the first paint (issue 11, Lighthouse). The
 * file stays where it was for every other page that links it.
 */
export function inlineStylesheets(template: string, dir = clientDir): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*? href="\/(assets\/[\w.-]+\.css)"[^>]*>/g,
    (link, file: string) => {
      const location = path.join(dir, file);
      if (!existsSync(location)) return link;
      const css = readFileSync(location, 'utf8');
      return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
    },
  );
}

export const sitePageRoutes: FastifyPluginAsync<SitePageOptions> = async (app, options) => {
  const template = inlineStylesheets(options.template ?? (await readFile(siteTemplatePath, 'utf8')));
  const renderer = options.renderer ?? ((await import(pathToFileURL(siteRendererPath).href)) as SsrModule);
  let cached: { etag: string; html: Buffer; br: Buffer; gzip: Buffer } | null = null;

  app.get('/', async (request, reply) => {
    const snapshot = await app.ctx.content.getPublic();
    if (cached?.etag !== snapshot.etag) {
      const page = renderer.renderLanding(snapshot.state.content, app.ctx.config.publicUrl, snapshot.etag);
      const html = composeSitePage(template, page, snapshot.state.content.configuracoes.favicon);
      cached = {
        etag: snapshot.etag,
        html: Buffer.from(html),
        br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(html, { level: 9 }),
      };
    }
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const encoding = pageEncodingFor(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    const body = encoding === 'br' ? cached.br : encoding === 'gzip' ? cached.gzip : cached.html;
    // The same bytes for every visitor of this version: later requests are answered before routing.
    app.replay.rememberPage(encoding, snapshot.etag, reply.getHeaders(), body);
    return reply.send(body);
  });
};
