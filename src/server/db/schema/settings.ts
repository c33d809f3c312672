import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt, version } from './columns.js';

/**
 * Settings as documents, one row per key: `escola` (the school's identity) and `sistema` (the spec's
 * system settings). A missing row means the defaults. The wipe keeps this table (see backup.service).
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  version: version(),
  updatedAt: updatedAt(),
  updatedBy: uuid('updated_by'),
});
export type SettingsRow = typeof settings.$inferSelect;
