import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { rateLimitHits } from './rate-limit.table.js';

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
        .values({ key: `${this.prefix}${key}`, count: 1, resetAt })
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
