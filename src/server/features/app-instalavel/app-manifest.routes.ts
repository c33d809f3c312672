import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { matchesEtag } from '../../lib/response-replay.js';
import {
  APP_ICONS,
  APP_SPLASHES,
  buildManifest,
  iconSourceOf,
  renderIcon,
  renderSplash,
  type AppIconName,
  type AppSplashName,
  type IconSource,
} from './app-manifest.service.js';

/** The images the installable portal draws from the identity: its icons and its iOS launch screens. */
type AppImageName = AppIconName | `splash-${AppSplashName}`;

function renderImage(source: IconSource, name: AppImageName): Promise<Buffer> {
  return name.startsWith('splash-')
    ? renderSplash(source, name.slice('splash-'.length) as AppSplashName)
    : renderIcon(source, name as AppIconName);
}

/**
 * Anyone may keep these (nothing personal) but must ask again before each use, so a new name or logo
 * shows at the next visit; the ETag makes that question a 304 (as the public photos, ADR 0017).
 */
const CACHE = 'public, no-cache';

/**
 * The school's identity as the installable portal shows it, read from the settings' snapshot (the
 * content's ETag is its version): the icons' source and the PNGs drawn from it are kept per version.
 */
class AppIdentity {
  private source: { etag: string; value: Promise<IconSource> } | null = null;
  private icons = new Map<AppImageName, Promise<Buffer>>();

  constructor(private readonly ctx: AppContext) {}

  async current() {
    const snapshot = await this.ctx.content.getPublic();
    if (this.source?.etag !== snapshot.etag) {
      const settings = snapshot.state.content.configuracoes;
      this.source = { etag: snapshot.etag, value: iconSourceOf(this.ctx.db, settings) };
      this.icons = new Map();
      // A failure (the database busy) is not kept: the next request tries again.
      this.source.value.catch(() => (this.source = null));
    }
    return { settings: snapshot.state.content.configuracoes, source: await this.source.value };
  }

  async icon(name: AppImageName): Promise<{ png: Buffer; version: string }> {
    const { source } = await this.current();
    let png = this.icons.get(name);
    if (!png) {
      png = renderImage(source, name);
      this.icons.set(name, png);
      png.catch(() => this.icons.delete(name));
    }
    return { png: await png, version: source.version };
  }
}

const identities = new WeakMap<AppContext, AppIdentity>();
function identityOf(ctx: AppContext): AppIdentity {
  let identity = identities.get(ctx);
  if (!identity) identities.set(ctx, (identity = new AppIdentity(ctx)));
  return identity;
}

function sendCached(request: FastifyRequest, reply: FastifyReply, etag: string, type: string, body: Buffer) {
  reply.header('etag', etag).header('cache-control', CACHE);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type(type).send(body);
}

async function sendIcon(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, name: AppImageName) {
  const { png, version } = await identityOf(ctx).icon(name);
  return sendCached(request, reply, `"${version}-${name}"`, 'image/png', png);
}

/** `GET /manifest.webmanifest`: the web app manifest, written from the school's settings (ADR 0052). */
export const appManifestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { access: 'public', sessionless: true } }, async (request, reply) => {
    const { settings, source } = await identityOf(app.ctx).current();
    const body = Buffer.from(JSON.stringify(buildManifest(settings, source.version)));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return sendCached(request, reply, etag, 'application/manifest+json; charset=utf-8', body);
  });
};

/** `GET /app-icon-<192.png|512.png|maskable-512.png|apple-touch.png>`: the app's icons. */
export const appIconRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        params: z.object({
          arquivo: z.enum(Object.keys(APP_ICONS) as [AppIconName, ...AppIconName[]], {
            error: 'Ícone não encontrado.',
          }),
        }),
      },
      config: { access: 'public', sessionless: true },
    },
    async (request, reply) => sendIcon(app.ctx, request, reply, request.params.arquivo),
  );
};

/** `GET /apple-touch-icon.png`: where iOS looks for the home-screen icon (180 px, opaque). */
export const appleTouchIconRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { access: 'public', sessionless: true } }, async (request, reply) =>
    sendIcon(app.ctx, request, reply, 'apple-touch.png'),
  );
};

/** `GET /app-splash-<largura>x<altura>.png`: the iOS launch screens index.html links per screen size. */
export const appSplashRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        params: z.object({
          arquivo: z.enum(Object.keys(APP_SPLASHES) as [AppSplashName, ...AppSplashName[]], {
            error: 'Imagem não encontrada.',
          }),
        }),
      },
      config: { access: 'public', sessionless: true },
    },
    async (request, reply) => sendIcon(app.ctx, request, reply, `splash-${request.params.arquivo}`),
  );
};
