import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns.js';

/**
 * Work done after the response (ADR 0007): a request that must not reveal by its timing what it found
 * ('Esqueci minha senha') only queues a job. Workers on every instance claim due jobs with
 * `FOR UPDATE SKIP LOCKED`; a job is deleted once done, so personal data in `payload` does not linger.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuidPrimaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Set while a worker holds the job; a worker that died releases it when this passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [index('jobs_run_after_idx').on(table.runAfter)],
);
export type JobRow = typeof jobs.$inferSelect;

/**
 * One row per scheduled run ever started (`name` + `slot`, e.g. `backup_diario` + `2026-11-24`): the
 * instance whose insert wins queues the job, so a slot runs once however many instances tick (ADR 0015).
 */
export const jobSlots = pgTable(
  'job_slots',
  {
    name: text('name').notNull(),
    slot: text('slot').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.name, table.slot] })],
);
