import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { requestIdOf } from './request-id.js';

/** Headers as Fastify's reply holds them. */
export type ReplyHeaders = Record<string, string | number | string[] | undefined>;

/** The encoding the public page is sent in for an Accept-Encoding header (the route and the replay agree). */
export function pageEncodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/**
 * Whether an If-None-Match header names the tag (or `*`), by the weak comparison If-None-Match uses
 * (RFC 9110 13.1.2): `W/"x"` matches `"x"`.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((item) => {
    const candidate = item.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

interface Remembered {
  /** The content version the response was made from. */
  tag: string;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer | null;
}

/** The headers worth replaying: not the first request's id (each answer gets its own). */
function defined(headers: ReplyHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && name.toLowerCase() !== 'x-request-id') out[name] = value;
  return out;
}

const PAGE = '/';
const CONTENT = '/api/content/public';

/**
 * The two answers that are the same for every visitor and asked for all the time: the public page
 * (`GET /`) and the 304 of the content polling (every open tab, every 5 s). Fastify answers the first
 * request for each content version and remembers the exact response (status, every header, body);
 * later requests for the same version are written straight from memory, before routing, hooks,
 * cookies or logging (ADR 0009). Anything else, or any doubt, goes to Fastify.
 */
export class ResponseReplay {
  private readonly entries = new Map<string, Remembered>();

  /** `currentTag`: the content version now (null while none is loaded: then nothing is replayed). */
  constructor(private readonly currentTag: () => string | null) {}

  /** The page as Fastify sent it for one encoding (call with the headers the reply will carry). */
  rememberPage(encoding: string, tag: string, headers: ReplyHeaders, body: Buffer): void {
    this.entries.set(`${PAGE} ${encoding}`, { tag, status: 200, headers: defined(headers), body });
  }

  /** The 304 of the content polling for a version. */
  rememberNotModified(tag: string, headers: ReplyHeaders): void {
    this.entries.set(CONTENT, { tag, status: 304, headers: defined(headers), body: null });
  }

  /** Writes the remembered response when one fits the request; false means "Fastify, yours". */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url;
    if (url !== PAGE && url !== CONTENT) return false;
    const tag = this.currentTag();
    if (tag === null) return false;
    let entry: Remembered | undefined;
    if (url === PAGE) {
      entry = this.entries.get(`${PAGE} ${pageEncodingFor(request.headers['accept-encoding'])}`);
    } else {
      const ifNoneMatch = request.headers['if-none-match'];
      if (!matchesEtag(ifNoneMatch, tag)) return false;
      entry = this.entries.get(CONTENT);
    }
    if (entry?.tag !== tag) return false;
    const id = { 'x-request-id': requestIdOf(request) };
    const headers = entry.body
      ? { ...entry.headers, ...id, 'content-length': entry.body.length }
      : { ...entry.headers, ...id };
    response.writeHead(entry.status, headers);
    response.end(request.method === 'HEAD' ? undefined : (entry.body ?? undefined));
    return true;
  }
}

/**
 * Fastify's server with the replay in front (Fastify's `serverFactory`): the timeouts Fastify would set
 * on a server of its own are set here the same way.
 */
export function createReplayingServer(
  replay: ResponseReplay,
  handler: http.RequestListener,
  options: { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number },
): http.Server {
  const server = http.createServer((request, response) => {
    if (!replay.answer(request, response)) handler(request, response);
  });
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
  server.setTimeout(options.connectionTimeout ?? 0);
  return server;
}
