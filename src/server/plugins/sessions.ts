import fastifyCookie from '@fastify/cookie';
import { messages } from '../../shared/api.js';
import { can } from '../../shared/permissions.js';
import { AppError } from '../lib/errors.js';
import { isBackgroundRequest, readSessionToken } from '../lib/http.js';
import { resolveSession } from '../features/auth/index.js';
import { isMaintenanceOn } from '../features/settings/index.js';
import { globalPlugin } from './global-plugin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The `record_versions` row (ADR 0009) the route checks its cached pages against: on PostgreSQL it is
     * read in the same statement that confirms a cached session (ADR 0060), so a page served from the
     * cache costs one round-trip (issue 38). The handler finds it in `request.recordVersion`.
     */
    recordVersion?: string;
  }
  interface FastifyRequest {
    /** The route's `recordVersion` as read with the session; undefined when not read (then read it). */
    recordVersion: number | null | undefined;
  }
}

/**
 * Who is asking and may they: the session cookie resolves to a user (from memory, ADR 0009), then the
 * route's declared access (`config.access`, ADR 0003) is checked against the user's permissions: the
 * union of their profiles' (ADR 0025), resolved and cached with the session.
 */
export const sessions = globalPlugin('sessions', async (app) => {
  await app.register(fastifyCookie);
  app.decorateRequest('auth', null);
  app.decorateRequest('recordVersion', undefined);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    if (access === 'public' && request.routeOptions.config.sessionless === true) return;
    const token = readSessionToken(request);
    if (token) {
      const resolved = await resolveSession(app.ctx.db, token, {
        touch: !isBackgroundRequest(request),
        recordVersion: request.routeOptions.config.recordVersion ?? null,
      });
      if (resolved) {
        request.recordVersion = resolved.recordVersion;
        request.auth = {
          sessionId: resolved.sessionId,
          user: { ...resolved.user, permissoes: resolved.permissoes, perfis: resolved.perfis },
          token,
          expiresAt: resolved.absoluteExpiresAt,
        };
      }
    }
    if (access === 'public') return;
    const user = request.auth?.user;
    if (!user) throw new AppError('UNAUTHENTICATED', 'Faça login para continuar.');
    if (user.primeiroLogin && request.routeOptions.config.allowDuringFirstLogin !== true) {
      throw new AppError('FORBIDDEN', 'Troque a sua senha antes de continuar.');
    }
    // Maintenance mode: signed-in non-administrators get 503 on every API call but the public ones and
    // /api/auth (sign in, sign out, who am I). The flag is cached in memory (settings.service).
    if (
      user.nivel !== 'administrador' &&
      !request.url.startsWith('/api/auth/') &&
      (await isMaintenanceOn(app.ctx.db))
    ) {
      throw new AppError('MAINTENANCE', messages.maintenance, undefined, { 'retry-after': '300' });
    }
    if (!can(user.permissoes, access)) throw new AppError('FORBIDDEN', messages.forbidden);
  });
});
