import { renderToString } from 'react-dom/server';
import type { SiteContent } from '../shared/content.schemas';
import { brandingCss } from './features/site/branding';
import { SiteApp } from './features/site/site-app';

/** JSON inside a <script> element: `<` escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface RenderedPage {
  head: string;
  body: string;
  htmlClass: string;
}

/** The landing page as HTML for the server to send (then hydrated by src/client/site-main.tsx). */
export function renderLanding(content: SiteContent, publicUrl: string, etag = ''): RenderedPage {
  const settings = content.configuracoes;
  const title = settings.slogan ? `${settings.nome_escola} - ${settings.slogan}` : settings.nome_escola;
  const description =
    settings.slogan ||
    content.hero.descricao ||
    content.hero.subtitulo ||
    `${settings.nome_escola}: site e portal da escola.`;
  const base = publicUrl.replace(/\/$/, '');
  const image = content.hero.imagem_fundo || settings.logo_principal || content.galeria.fotos[0]?.url || '';
  const absolute = (url: string) => (url.startsWith('/') ? `${base}${url}` : url);
  const school = {
    '@context': 'https://schema.org',
    '@type': 'School',
    name: settings.nome_escola,
    url: `${base}/`,
    ...(description ? { description } : {}),
    ...(content.contato.endereco ? { address: content.contato.endereco } : {}),
    ...(content.contato.telefone ? { telephone: content.contato.telefone } : {}),
    ...(content.contato.email ? { email: content.contato.email } : {}),
    ...(settings.logo_principal ? { logo: absolute(settings.logo_principal) } : {}),
    ...(settings.ano_fundacao ? { foundingDate: settings.ano_fundacao } : {}),
  };
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(`${base}/`)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta property="og:site_name" content="${escapeHtml(settings.nome_escola)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(`${base}/`)}" />`,
    image ? `<meta property="og:image" content="${escapeHtml(absolute(image))}" />` : '',
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<style id="site-branding">${brandingCss(settings)}</style>`,
    `<script type="application/ld+json">${scriptJson(school)}</script>`,
    // The content's tag rides along: the page's first poll is then a 304 (site-content-store).
    `<script type="application/json" id="site-content-data"${etag ? ` data-etag="${escapeHtml(etag)}"` : ''}>${scriptJson(content)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  const body = renderToString(<SiteApp serverContent={content} />);
  return { head, body, htmlClass: settings.modo_escuro ? 'dark' : '' };
}
