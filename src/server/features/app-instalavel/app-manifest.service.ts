import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { initialsOf, shortNameOf } from '../../../shared/app-identity.js';
import type { SiteContent } from '../../../shared/content.schemas.js';
import type { Db } from '../../db/client.js';
import { clientDistFolder } from '../../lib/paths.js';
import { decodeImage } from '../../lib/image-decode.js';
import { findMedia } from '../media/index.js';

type Settings = SiteContent['configuracoes'];

/**
 * The installable portal's icons (issue 35 §1, ADR 0052): `any` at 192 and 512, a `maskable` 512 (the
 * logo inside the safe zone, a circle of 80 % of the side) and the 180 px `apple-touch-icon` (iOS wants
 * it opaque).
 */
export const APP_ICONS = {
  '192.png': { size: 192, maskable: false },
  '512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
  'apple-touch.png': { size: 180, maskable: false },
} as const;
export type AppIconName = keyof typeof APP_ICONS;

export const isAppIconName = (name: string): name is AppIconName => Object.hasOwn(APP_ICONS, name);

/**
 * iOS launch screens (`apple-touch-startup-image`, linked from index.html per screen): the logo centred
 * on the background colour, portrait, in the device pixels of each iPhone size in use (iOS shows a plain
 * white screen while the app opens when none matches).
 */
export const APP_SPLASHES = {
  '640x1136.png': { width: 640, height: 1136 },
  '750x1334.png': { width: 750, height: 1334 },
  '828x1792.png': { width: 828, height: 1792 },
  '1125x2436.png': { width: 1125, height: 2436 },
  '1170x2532.png': { width: 1170, height: 2532 },
  '1179x2556.png': { width: 1179, height: 2556 },
  '1242x2688.png': { width: 1242, height: 2688 },
  '1284x2778.png': { width: 1284, height: 2778 },
  '1290x2796.png': { width: 1290, height: 2796 },
} as const;
export type AppSplashName = keyof typeof APP_SPLASHES;

const HEX = /^#[0-9a-fA-F]{6}$/;

const hex = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
}

/** What the icons are drawn from: a change to any of it is a new version of the icons. */
export interface IconSource {
  /** The logo's bytes (an uploaded image or a file shipped with the site), null when there is none. */
  logo: Buffer | null;
  initials: string;
  themeColor: string;
  backgroundColor: string;
  /** A short hash of all of the above: the icons' ETag and the `?v=` of their addresses. */
  version: string;
}

/** The manifest (issue 35 §1): the school's name, its colours and its icons at their current version. */
export function buildManifest(settings: Settings, iconVersion: string): WebAppManifest {
  const name = settings.nome_escola.trim();
  const icon = (file: AppIconName, purpose: 'any' | 'maskable') => ({
    src: `/app-icon-${file}?v=${iconVersion}`,
    sizes: `${String(APP_ICONS[file].size)}x${String(APP_ICONS[file].size)}`,
    type: 'image/png' as const,
    purpose,
  });
  return {
    id: '/dashboard',
    name,
    short_name: shortNameOf(name),
    description: `Portal de ${name}: boletim, frequência, comunicados, mensalidades e o dia a dia da escola.`,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: hex(settings.cor_primaria, '#3B82F6'),
    background_color: hex(settings.cor_fundo, '#FFFFFF'),
    icons: [icon('192.png', 'any'), icon('512.png', 'any'), icon('maskable-512.png', 'maskable')],
  };
}

const MEDIA_LINK = /^\/media\/([0-9a-f-]{36})$/i;
const SITE_LINK = /^\/site\/[A-Za-z0-9._/-]+\.(png|jpe?g|webp|svg)$/;

/** The logo's bytes: an uploaded image (`/media/<id>`) or a file shipped with the site (`/site/…`). */
async function logoBytes(db: Db, link: string): Promise<Buffer | null> {
  const media = MEDIA_LINK.exec(link);
  if (media) return (await findMedia(db, media[1]!))?.bytes ?? null;
  if (!SITE_LINK.test(link) || link.includes('..')) return null;
  return readFile(path.join(clientDistFolder, link)).catch(() => null);
}

export async function iconSourceOf(db: Db, settings: Settings): Promise<IconSource> {
  const logo = settings.logo_principal ? await logoBytes(db, settings.logo_principal) : null;
  const initials = initialsOf(settings.nome_escola);
  const themeColor = hex(settings.cor_primaria, '#3B82F6');
  const backgroundColor = hex(settings.cor_fundo, '#FFFFFF');
  const version = createHash('sha256')
    .update(logo ?? 'sem-logo')
    .update(`\n${initials}\n${themeColor}\n${backgroundColor}`)
    .digest('base64url')
    .slice(0, 16);
  return { logo, initials, themeColor, backgroundColor, version };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${String(char.charCodeAt(0))};`);

/** The icon without a logo: the school's initials, white on the theme colour. */
function initialsSvg(source: IconSource, size: number): Buffer {
  const fontSize = Math.round(size * (source.initials.length > 2 ? 0.28 : 0.38));
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(size)}" height="${String(size)}">` +
      `<rect width="100%" height="100%" fill="${source.themeColor}"/>` +
      `<text x="50%" y="50%" fill="#FFFFFF" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" ` +
      `font-size="${String(fontSize)}" text-anchor="middle" dominant-baseline="central">` +
      `${escapeXml(source.initials)}</text></svg>`,
  );
}

/** Pixels a logo may have (the uploads' own limit is larger; an icon needs far less). */
const LOGO_MAX_PIXELS = 40_000_000;

/** One icon as PNG: the logo centred on the background colour (inside the safe zone when maskable). */
export async function renderIcon(source: IconSource, name: AppIconName): Promise<Buffer> {
  const { size, maskable } = APP_ICONS[name];
  return decodeImage(async (sharp) => {
    if (!source.logo) return sharp(initialsSvg(source, size)).png().toBuffer();
    // The logo takes 80 % of an ordinary icon and 60 % of a maskable one (its safe zone is 80 %).
    const inner = Math.round(size * (maskable ? 0.6 : 0.8));
    try {
      const logo = await sharp(source.logo, { limitInputPixels: LOGO_MAX_PIXELS })
        .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      return await sharp({
        create: { width: size, height: size, channels: 4, background: source.backgroundColor },
      })
        .composite([{ input: logo, gravity: 'centre' }])
        .flatten({ background: source.backgroundColor })
        .png()
        .toBuffer();
    } catch {
      // A logo libvips cannot read: the initials, rather than no icon at all.
      return sharp(initialsSvg(source, size)).png().toBuffer();
    }
  });
}

/** One iOS launch screen as PNG: the app's icon (logo or initials) at a third of the width, centred. */
export async function renderSplash(source: IconSource, name: AppSplashName): Promise<Buffer> {
  const { width, height } = APP_SPLASHES[name];
  const side = Math.round(width / 3);
  const icon = await renderIcon(source, 'maskable-512.png');
  return decodeImage(async (sharp) => {
    const mark = await sharp(icon).resize(side, side).png().toBuffer();
    return sharp({ create: { width, height, channels: 4, background: source.backgroundColor } })
      .composite([{ input: mark, gravity: 'centre' }])
      .flatten({ background: source.backgroundColor })
      .png()
      .toBuffer();
  });
}
