import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { bytea } from '../columns.js';

/** Uploaded images, already re-encoded; kept in the database so a backup carries them. */
export const media = pgTable('media', {
  id: uuidPrimaryKey(),
  mimeType: text('mime_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
  createdBy: text('created_by'),
});
