import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { users } from './users.js';

/** A session id is 256 random bits in the cookie; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidPrimaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/**
 * Password-attempt counters (ADR 0007), one row per key: `pair:<email>|ip:<addr>` or
 * `pair:<email>|device:<hash>` (an account from one client), `ip:<addr>` and `account:<email>`.
 * An attempt is counted *before* its password is checked, so `failures` holds the failures plus the
 * attempts still being checked; a success clears (or, per address, gives back) its count.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Browsers that signed in to an account before: the SHA-256 of the random id in the device cookie.
 * A known device is throttled on its own, so strangers failing on the account cannot lock it out.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    deviceHash: text('device_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceHash, table.userId] }),
    index('known_devices_user_idx').on(table.userId),
  ],
);

/**
 * The last sign-ins of each account as fingerprints (a SHA-256 of the browser's user agent and the
 * network prefix of its address — never the address itself), kept to tell a sign-in from a new device
 * (see security-notices.service.ts). Only the newest few per account are kept.
 */
export const signInFingerprints = pgTable(
  'sign_in_fingerprints',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_fingerprints_user_idx').on(table.userId, table.createdAt)],
);
