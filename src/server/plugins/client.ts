import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '../../shared/api.js';
import { isClientRoute } from '../../shared/routes.js';
import { hasSiteRenderer, sitePageRoutes } from '../features/content/index.js';
import { clientDistFolder } from '../lib/paths.js';
import { failure } from './error-funnel.js';
import { globalPlugin } from './global-plugin.js';

/**
 * The built client: hashed assets from dist/client, the public site rendered on the server (ADR 0006),
 * and index.html for every other client route; everything else (and every unknown /api path) is a 404
 * envelope. Registered last, after the API routes.
 */
export const client = globalPlugin<{ serveClient: boolean }>('client', async (app, options) => {
  const serveClient = options.serveClient && existsSync(path.join(clientDistFolder, 'index.html'));
  const indexHtml = serveClient ? await readFile(path.join(clientDistFolder, 'index.html'), 'utf8') : null;
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: clientDistFolder,
      index: false,
      // The build writes .br/.gz copies of the assets (scripts/build-lib.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (path.basename(filePath) === 'sw.js') {
          // The portal's service worker (ADR 0052): the browser asks again each time, so a new version
          // is found on the next visit; its scope is the whole origin.
          reply.header('cache-control', 'no-cache').header('service-worker-allowed', '/');
        }
      },
    });
  }

  if (serveClient && hasSiteRenderer()) await app.register(sitePageRoutes);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname.startsWith('/api') ||
      indexHtml === null ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send(failure(messages.notFound, 'NOT_FOUND'));
    }
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
});
