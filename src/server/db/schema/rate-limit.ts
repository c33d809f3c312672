import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The request counters of `@fastify/rate-limit` (forgot/reset password, CEP lookup), kept in the
 * database so every instance counts against the same window (ADR 0015).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_reset_at_idx').on(table.resetAt)],
);
