import { bigserial, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/** One row per saved section; a section with no row shows its default (version 1). */
export const contentSections = pgTable('content_sections', {
  section: text('section').primaryKey(),
  data: jsonb('data').notNull(),
  version: integer('version').notNull(),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by'),
});

/** Every version a section had before it was replaced, so any of them can be restored. */
export const contentHistory = pgTable(
  'content_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    section: text('section').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    savedBy: text('saved_by'),
  },
  (table) => [uniqueIndex('content_history_section_version_unique').on(table.section, table.version)],
);
