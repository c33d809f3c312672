import { messages } from '../../shared/api.js';
import { AppError } from '../lib/errors.js';
import { globalPlugin } from './global-plugin.js';

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes from another site are refused before anything else (SameSite cookies plus this origin check),
 * and a write's body must be JSON (or multipart where a route allows it).
 */
export const originCheck = globalPlugin('origin-check', async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new AppError('FORBIDDEN', messages.crossSite);
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null') {
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {
        host = null;
      }
      if (host !== request.host) throw new AppError('FORBIDDEN', messages.crossSite);
    } else if (origin === 'null') {
      throw new AppError('FORBIDDEN', messages.crossSite);
    }
  });

  // After the access check (onRequest), so an unauthorised caller gets 401/403 whatever it sends.
  app.addHook('preParsing', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    // A multipart (or text-file) route also takes JSON, so a caller without access gets 401/403 rather
    // than 415; the route itself refuses a JSON body. A text body is a 'simple' request a foreign form
    // could send: the Origin/Sec-Fetch-Site check above and SameSite=Strict cookies still stop it.
    const config = request.routeOptions.config;
    const allowed =
      type === 'application/json' ||
      (config.multipart === true && type === 'multipart/form-data') ||
      (config.textBody === true && (type === 'text/plain' || type === 'application/octet-stream'));
    if (!allowed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType);
  });
});
