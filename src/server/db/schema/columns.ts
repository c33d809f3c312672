/**
 * The columns most tables share, built once here: each call makes a new column for the table that
 * uses it (a Drizzle column belongs to one table). The generated SQL is the same as writing them out.
 */
import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from '../columns.js';

/** The row's own id: a random UUID. */
export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (the services set it on every update). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The optimistic-lock version a client sends back with an edit (`expectedVersion`). */
export const version = () => integer('version').notNull().default(1);

/**
 * A photo of a child kept with a record (a parecer's, the agenda's day): the image re-encoded by the
 * media rules (features/media `storedPhotoOf`), its type and size, in the database so a backup has it.
 */
export const storedPhotoColumns = () => ({
  mimeType: text('mime_type').notNull(),
  largura: integer('largura').notNull(),
  altura: integer('altura').notNull(),
  tamanho: integer('tamanho').notNull(),
  bytes: bytea('bytes').notNull(),
});
