import type { SiteContent } from '../../../shared/content.schemas';
import { strongShade } from '../../../shared/contrast';

type Settings = SiteContent['configuracoes'];

const fontSizes: Record<Settings['tamanho_fonte'], string> = { small: '14px', medium: '16px', large: '18px' };

/**
 * The CSS variables the site and the portal read (styles.css), from the school's settings. The strong
 * shades are styles.css's own mix, darker where a light brand colour (a yellow) would leave white text on
 * its buttons, and its text, under 4.5:1.
 */
export function brandingVariables(settings: Settings): Record<string, string> {
  return {
    '--color-primary': settings.cor_primaria,
    '--color-primary-strong': strongShade(settings.cor_primaria),
    '--color-secondary': settings.cor_secundaria,
    '--color-secondary-strong': strongShade(settings.cor_secundaria),
    '--color-accent': settings.cor_accent,
    '--color-brand-text': settings.cor_texto,
    '--color-brand-bg': settings.cor_fundo,
    '--gradient-1': settings.gradiente_cor1,
    '--gradient-2': settings.gradiente_cor2,
    '--gradient-3': settings.gradiente_cor3,
    '--font-brand': `'${settings.fonte_principal}'`,
    '--font-size-base': fontSizes[settings.tamanho_fonte],
  };
}

/** A `:root{…}` rule for the server-rendered page, so the first paint already has the brand. */
export function brandingCss(settings: Settings): string {
  const declarations = Object.entries(brandingVariables(settings))
    .map(([name, value]) => `${name}:${value.replace(/[<>{};]/g, '')}`)
    .join(';');
  return `:root{${declarations}}`;
}

/**
 * Each font's files. The public page paints first with the system font and loads the school's font
 * after that paint: fonts asked for before it would delay it on a slow phone (issue 11, Lighthouse).
 */
const fontLoaders: Record<Settings['fonte_principal'], () => Promise<unknown>> = {
  Inter: () => import('../../fonts.css'),
  Roboto: () =>
    Promise.all([import('@fontsource/roboto/latin-400.css'), import('@fontsource/roboto/latin-700.css')]),
  'Open Sans': () =>
    Promise.all([
      import('@fontsource/open-sans/latin-400.css'),
      import('@fontsource/open-sans/latin-700.css'),
    ]),
  Lato: () =>
    Promise.all([import('@fontsource/lato/latin-400.css'), import('@fontsource/lato/latin-700.css')]),
  Poppins: () =>
    Promise.all([import('@fontsource/poppins/latin-400.css'), import('@fontsource/poppins/latin-700.css')]),
};

/** Runs `task` once the next frame has been painted (a frame, then a task after it). */
function afterFirstPaint(task: () => Promise<unknown>) {
  requestAnimationFrame(() => setTimeout(() => void task(), 0));
}

/** Applies the brand to the open document: colours, font, size, dark mode and favicon. */
export function applyBranding(settings: Settings) {
  const root = document.documentElement;
  // The server-rendered page already carries these colours (`#site-branding`): setting them again
  // would restyle the whole page while it hydrates, for nothing.
  const rendered = document.getElementById('site-branding')?.textContent === brandingCss(settings);
  if (!rendered || root.style.length > 0) {
    for (const [name, value] of Object.entries(brandingVariables(settings)))
      root.style.setProperty(name, value);
  }
  if (root.classList.contains('dark') !== settings.modo_escuro)
    root.classList.toggle('dark', settings.modo_escuro);
  afterFirstPaint(fontLoaders[settings.fonte_principal]);
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) {
    const href = settings.favicon || '/favicon.svg';
    if (icon.getAttribute('href') !== href) {
      icon.href = href;
      icon.type = settings.favicon ? '' : 'image/svg+xml';
    }
  }
  const themeColor = document.querySelector('meta[name="theme-color"]');
  if (themeColor && themeColor.getAttribute('content') !== settings.cor_primaria)
    themeColor.setAttribute('content', settings.cor_primaria);
}
