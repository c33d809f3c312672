import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a proxy's `X-Request-Id` may look like to be kept (anything else gets a new id). */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * The request's id: the one the reverse proxy sent (so its logs and ours join up), or a new UUID. It
 * is in every log line of the request (`reqId`) and in the `X-Request-Id` response header.
 */
export function requestIdOf(request: IncomingMessage): string {
  const forwarded = request.headers['x-request-id'];
  return typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}
