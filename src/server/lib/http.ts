import type { FastifyReply, FastifyRequest } from 'fastify';
import { BACKGROUND_POLL_HEADER, type ApiSuccess } from '../../shared/api.js';
import type { Access, Permission } from '../../shared/permissions.js';
import { MAX_INTEGER } from '../../shared/validators.js';
import type { UserRow } from '../db/schema/users.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (ADR 0003: deny by default; a route without it fails at startup). */
    access?: Access;
    /** Reachable while the user must still change the first password. */
    allowDuringFirstLogin?: boolean;
    /** Accepts multipart/form-data instead of JSON. */
    multipart?: boolean;
    /** Accepts a plain-text file as the body (a bank's CNAB retorno: text/plain or octet-stream). */
    textBody?: boolean;
    /** A public route that never reads the session (answered from memory, e.g. content polling). */
    sessionless?: boolean;
    /**
     * Called by the portal on its own (the bell's count, polled while a page is open), not by the
     * person: it does not count as use, so a tab left open does not keep an idle session alive.
     * `'poll'`: a route a screen both loads (the person opened it: use) and refreshes on a timer; only
     * the refreshes, sent with the `X-Background-Poll: 1` header, are background.
     */
    background?: boolean | 'poll';
  }
  interface FastifyRequest {
    /** `expiresAt`: the session's absolute limit (`/api/auth/me` tells the portal, issue 35). */
    auth: { user: SignedInUser; sessionId: string; token: string; expiresAt: Date } | null;
  }
}

/** The signed-in account with what its profiles allow (the union of their permissions, ADR 0025). */
export type SignedInUser = UserRow & { permissoes: readonly Permission[]; perfis: readonly string[] };

export function ok<T>(data: T, message?: string): ApiSuccess<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}

export function signedInUser(request: FastifyRequest): SignedInUser {
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
export const DEVICE_COOKIE = 'did';
export const SECURE_DEVICE_COOKIE = '__Host-did';
/** A known device stays known this long without signing in (the server forgets it later, see known-devices). */
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 3600;

/**
 * Over HTTPS only the `__Host-` cookie counts: a sibling subdomain can plant a plain `sid` (login CSRF)
 * but not a `__Host-` one, which browsers accept only from this host, Secure, with Path=/.
 */
function readCookie(request: FastifyRequest, plain: string, secure: string): string | undefined {
  if (request.protocol === 'https') return request.cookies[secure];
  return request.cookies[plain];
}

/** Whether the request is the portal's own (a background poll), not the person's: it is not use. */
export function isBackgroundRequest(request: FastifyRequest): boolean {
  const background = request.routeOptions.config.background;
  return background === true || (background === 'poll' && request.headers[BACKGROUND_POLL_HEADER] === '1');
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  return readCookie(request, SESSION_COOKIE, SECURE_SESSION_COOKIE);
}

/** The address and device id a password check is counted against (throttle, ADR 0007). */
export function passwordClientOf(request: FastifyRequest): PasswordClient {
  return { ip: request.ip, deviceToken: readCookie(request, DEVICE_COOKIE, SECURE_DEVICE_COOKIE) ?? null };
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

/** The browser's device id, kept across sign-outs so it stays a known device for its accounts. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https';
  reply.setCookie(secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE,
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

/** Who did something, as the audit trail records it (a person, or the system: every field null). */
export interface Actor {
  id: string | null;
  nome: string | null;
  nivel: 'administrador' | 'professor' | 'responsavel' | 'aluno' | null;
  ip: string | null;
}

/** Where a password attempt came from (the login throttle and the new-device notice). */
export interface PasswordClient {
  ip: string | null;
  deviceToken: string | null;
}
