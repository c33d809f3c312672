import type {
  errorResponseBuilderContext,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { freeAtLabel } from '../../lib/write-limits.js';
import { rateLimitHits } from '../../db/schema/rate-limit.js';

/**
 * `@fastify/rate-limit`'s counters in PostgreSQL (ADR 0015): each hit is one atomic upsert, so every
 * instance counts against the same fixed window. Keys are namespaced by route, as the Redis store does.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = clock.now();
      const resetAt = new Date(now.getTime() + timeWindow);
      db.insert(rateLimitHits)
        // A key may carry what a request sent (a route's key generator): PostgreSQL's text holds no NUL.
        .values({ key: `${this.prefix}${key}`.replaceAll('\u0000', '\\0'), count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            count: sql`case when ${rateLimitHits.resetAt} <= ${now} then 1 else ${rateLimitHits.count} + 1 end`,
            resetAt: sql`case when ${rateLimitHits.resetAt} <= ${now} then ${resetAt} else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({ count: rateLimitHits.count, resetAt: rateLimitHits.resetAt })
        .then(
          ([row]) => {
            if (!row) throw new Error('contador de limite não gravado');
            callback(null, { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) });
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    // The plugin passes the route's merged options, with the route under `routeInfo` (its types say less).
    child(routeOptions: object): FastifyRateLimitStore {
      const route =
        'routeInfo' in routeOptions ? (routeOptions.routeInfo as { method?: unknown; url?: unknown }) : {};
      const method = typeof route.method === 'string' ? route.method : '';
      const url = typeof route.url === 'string' ? route.url : '';
      return new DatabaseStore(`${this.prefix}${method}${url}|`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/** Forgets windows that ended (the job queue's housekeeping). */
export async function purgeRateLimitHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, clock.now()));
}

const UNITS: Record<string, [string, string]> = {
  second: ['segundo', 'segundos'],
  minute: ['minuto', 'minutos'],
  hour: ['hora', 'horas'],
};

/** '15 minutes' → '15 minutos' (the windows the routes declare); anything else → null. */
function windowLabel(timeWindow: unknown): string | null {
  const match = typeof timeWindow === 'string' ? /^(\d+)\s*(second|minute|hour)s?$/.exec(timeWindow) : null;
  if (!match) return null;
  const n = Number(match[1]);
  const [one, many] = UNITS[match[2]!]!;
  return `${String(n)} ${n === 1 ? one : many}`;
}

/**
 * The 429 of the per-address limits (ADR 0015): the envelope's message says the limit and when it
 * frees (ADR 0018); the plugin has already set `Retry-After`. `statusCode` is kept for the pages that
 * answer their own errors (/validar).
 */
export function addressLimitError(request: FastifyRequest, context: errorResponseBuilderContext): AppError {
  const config = request.routeOptions.config as { rateLimit?: { timeWindow?: unknown } };
  const window = windowLabel(config.rateLimit?.timeWindow);
  const limit = window ? ` (limite: ${String(context.max)} a cada ${window})` : '';
  const freeAt = clock.ahead(context.ttl);
  const error = new AppError(
    'RATE_LIMITED',
    `Muitas solicitações deste endereço${limit}. Tente de novo a partir de ${freeAtLabel(freeAt)}.`,
  );
  return Object.assign(error, { statusCode: context.statusCode });
}
