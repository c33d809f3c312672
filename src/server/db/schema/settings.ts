import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Settings as documents, one row per key: `escola` (the school's identity) and `sistema` (the spec's
 * system settings). A missing row means the defaults. The wipe keeps this table (see backup.service).
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});
export type SettingsRow = typeof settings.$inferSelect;
