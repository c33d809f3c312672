import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiSuccess } from '../../shared/api.js';
import type { Access } from '../../shared/permissions.js';
import { MAX_INTEGER } from '../../shared/validators.js';
import type { UserRow } from '../features/users/users.table.js';
import type { Actor } from '../features/audit/audit.service.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (design §4: deny by default; a route without it fails at startup). */
    access?: Access;
    /** Reachable while the user must still change the first password. */
    allowDuringFirstLogin?: boolean;
    /** Accepts multipart/form-data instead of JSON. */
    multipart?: boolean;
    /** A public route that never reads the session (answered from memory, e.g. content polling). */
    sessionless?: boolean;
  }
  interface FastifyRequest {
    auth: { user: UserRow; sessionId: string; token: string } | null;
  }
}

export function ok<T>(data: T, message?: string): ApiSuccess<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Faça login para continuar.');
  return request.auth.user;
}

export function actorOf(request: FastifyRequest): Actor {
  const user = request.auth?.user;
  return { id: user?.id ?? null, nome: user?.nome ?? null, nivel: user?.nivel ?? null, ip: request.ip };
}

export function sessionContextOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; maxAge: number | undefined },
): void {
  const secure = request.protocol === 'https';
  reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    ...(session.maxAge === undefined ? {} : { maxAge: session.maxAge }),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https';
  reply.clearCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
}

/** Version for optimistic locking: `If-Match: "3"` (or `3`), else the body's `version`. */
export function expectedVersion(request: FastifyRequest, bodyVersion?: number): number | undefined {
  const header = request.headers['if-match'];
  if (typeof header === 'string' && header.trim() !== '') {
    const text = header.trim().replace(/^W\//, '').replace(/"/g, '');
    const parsed = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
    // A version is a PostgreSQL integer: anything else would fail in the database, not here.
    if (!Number.isInteger(parsed) || parsed > MAX_INTEGER) {
      throw new AppError('VALIDATION', 'Cabeçalho If-Match inválido.');
    }
    return parsed;
  }
  return bodyVersion;
}
